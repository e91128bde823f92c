import { Badge, Table, Text } from '@mantine/core';
import { useSession } from '../../session';
import { EmptyState } from '../../ui/feedback';
import { when } from '../../ui/format';
import type { Activity } from '../satellites/types';
import type { Installation } from './data';

const KIND_WORDS: Record<Activity['kind'], string> = {
  tool_execution: 'Tool call',
  request: 'Request',
  client: 'Client',
};

function Result({ item }: { item: Activity }) {
  if (item.success === null) return <>—</>;
  return (
    <>
      <Badge variant="dot" color={item.success ? 'green' : 'red'}>
        {item.success ? 'Succeeded' : 'Failed'}
      </Badge>
      {item.error_message ? <Text size="xs">{item.error_message}</Text> : null}
    </>
  );
}

function What({ item }: { item: Activity }) {
  if (item.client)
    return (
      <Text size="sm">
        {item.client.client_name}: {item.client.request_count} requests,{' '}
        {item.client.tool_call_count} tool calls
      </Text>
    );
  return (
    <Text size="sm" ff="monospace">
      {item.tool_name ?? '—'}
    </Text>
  );
}

/** The member's activity, newest first. */
export function ActivityTable({
  items,
  installations,
}: {
  items: Activity[];
  installations: Installation[];
}) {
  const { me } = useSession();
  const teamName = (id: string) => me.teams.find((t) => t.id === id)?.name ?? id;
  const installationName = (id: string | null) =>
    id ? (installations.find((i) => i.id === id)?.name ?? id) : '—';
  if (items.length === 0)
    return (
      <EmptyState title="No activity yet">
        Connect an MCP client (see Connect) and call a tool: each call shows here as it happens.
      </EmptyState>
    );
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped aria-label="Client activity">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th>What</Table.Th>
            <Table.Th>Team</Table.Th>
            <Table.Th>Installation</Table.Th>
            <Table.Th>Duration</Table.Th>
            <Table.Th>Result</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((a) => (
            <Table.Tr key={a.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(a.occurred_at)}</Table.Td>
              <Table.Td>{KIND_WORDS[a.kind]}</Table.Td>
              <Table.Td>
                <What item={a} />
              </Table.Td>
              <Table.Td>{teamName(a.team_id)}</Table.Td>
              <Table.Td>{installationName(a.installation_id)}</Table.Td>
              <Table.Td>
                {a.duration_ms === null ? '—' : `${Math.round(a.duration_ms)} ms`}
              </Table.Td>
              <Table.Td>
                <Result item={a} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
