import { Anchor, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ago } from '../../ui/format';
import type { Installation } from './data';
import { StatusBadge } from './status';
import { ScrollTable } from '../../ui/ScrollTable';

function Row({ installation: i }: { installation: Installation }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={`/installations/${i.id}`} fw={600}>
          {i.name}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Anchor component={Link} to={`/catalogue/${i.server.id}`}>
          {i.server.name}
        </Anchor>
        <Text size="xs" c="dimmed">
          {i.server.transport}
        </Text>
      </Table.Td>
      <Table.Td>{i.tool_count}</Table.Td>
      <Table.Td>
        <Stack gap={2} align="flex-start">
          <StatusBadge status={i.my_instance?.status} />
          {i.my_instance?.status_message ? (
            <Text size="xs" c="dimmed">
              {i.my_instance.status_message}
            </Text>
          ) : null}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Text size="sm" title={i.created_at}>
          {ago(i.created_at)}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/** The team's installations with the member's own instance status. */
export function InstallationsTable({ installations }: { installations: Installation[] }) {
  return (
    <ScrollTable label="Installations" minWidth={640}>
      <Table aria-label="Installations" verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Server</Table.Th>
            <Table.Th>Tools</Table.Th>
            <Table.Th>My instance</Table.Th>
            <Table.Th>Installed</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {installations.map((i) => (
            <Row key={i.id} installation={i} />
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
