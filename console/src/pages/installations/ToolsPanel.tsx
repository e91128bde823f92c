import { Anchor, Badge, Code, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { api, unwrap } from '../../api/client';
import { useSession } from '../../session';
import { EmptyState, ErrorNotice, Loading } from '../../ui/feedback';
import { fetchTools, keys, PAGE_SIZE, type Tool } from './data';
import type { PanelsProps } from './data';
import { Pager } from '../../ui/Pager';
import { ScrollTable } from '../../ui/ScrollTable';

const EMPTY_POLL_MS = 3000;

/** An administrator's switch: off leaves the tool out of every member's MCP clients. */
function ToolSwitch({ teamId, installationId, tool }: ToolProps) {
  const queries = useQueryClient();
  const toggle = useMutation({
    mutationFn: (disabled: boolean) =>
      unwrap(
        api.PATCH('/api/teams/{teamId}/mcp/installations/{installationId}/tools/{toolName}', {
          params: { path: { teamId, installationId, toolName: tool.name } },
          body: { is_disabled: disabled },
        }),
      ),
    onSettled: () =>
      queries.invalidateQueries({ queryKey: keys.installation(teamId, installationId) }),
  });
  const enabled = toggle.isPending ? !toggle.variables : !tool.is_disabled;
  return (
    <Stack gap={4}>
      <Switch
        aria-label={`${tool.name} enabled`}
        checked={enabled}
        disabled={toggle.isPending}
        onChange={(e) => toggle.mutate(!e.currentTarget.checked)}
      />
      <ErrorNotice error={toggle.error} title={`Could not switch ${tool.name}`} />
    </Stack>
  );
}

interface ToolProps {
  teamId: string;
  installationId: string;
  tool: Tool;
}

function ToolRow({ tool, admin, ...ids }: ToolProps & { admin: boolean }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Code>{tool.name}</Code>
      </Table.Td>
      <Table.Td>
        <Text size="sm" lineClamp={3}>
          {tool.description ?? '—'}
        </Text>
      </Table.Td>
      <Table.Td>{tool.token_count}</Table.Td>
      <Table.Td>
        {admin ? (
          <ToolSwitch {...ids} tool={tool} />
        ) : (
          <Badge variant="light" color={tool.is_disabled ? 'gray' : 'cyan'}>
            {tool.is_disabled ? 'Off' : 'On'}
          </Badge>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** The tools the satellite discovered; administrators switch each on or off for the team. */
export function ToolsPanel({ teamId, installation }: PanelsProps) {
  const { can } = useSession();
  const admin = can('mcp.installations.edit');
  const [page, setPage] = useState(1);
  const tools = useQuery({
    queryKey: [...keys.installation(teamId, installation.id), 'tools', page],
    queryFn: () => fetchTools(teamId, installation.id, (page - 1) * PAGE_SIZE, PAGE_SIZE),
    placeholderData: keepPreviousData,
    // None yet: the satellite reports them once the server has started; look again now and then.
    refetchInterval: (q) => (q.state.data?.pagination.total === 0 ? EMPTY_POLL_MS : false),
  });
  if (tools.isPending) return <Loading what="tools" />;
  if (tools.error) return <ErrorNotice error={tools.error} title="Could not list the tools" />;
  const { pagination } = tools.data;
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        Tools
      </Title>
      {pagination.total === 0 ? (
        <EmptyState title="No tools discovered yet.">
          The satellite lists the server’s tools the first time it starts it, which is when an MCP
          client first uses it.{' '}
          <Anchor underline="always" component={Link} to="/connect">
            Connect a client
          </Anchor>
          .
        </EmptyState>
      ) : (
        <>
          {admin ? (
            <Text c="dimmed">
              A tool switched off is left out of every member’s MCP clients and refused if called.
            </Text>
          ) : null}
          <ScrollTable label="Tools" minWidth={560}>
            <Table aria-label="Tools" verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Description</Table.Th>
                  <Table.Th>Tokens</Table.Th>
                  <Table.Th>Enabled</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {tools.data.tools.map((tool) => (
                  <ToolRow
                    key={tool.name}
                    tool={tool}
                    admin={admin}
                    teamId={teamId}
                    installationId={installation.id}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          <Pager
            total={pagination.total}
            pageSize={pagination.limit}
            page={page}
            onChange={setPage}
            label="Pages of tools"
            noun={['tool', 'tools']}
          />
        </>
      )}
    </Stack>
  );
}
