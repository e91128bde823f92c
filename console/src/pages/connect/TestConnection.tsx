import { Alert, Anchor, Button, Code, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Pager } from '../../ui/Pager';
import { ErrorNotice } from '../../ui/feedback';
import {
  checkEndpoint,
  fetchAllInstallations,
  toolsSeen,
  type EndpointCheck,
  type SeenTool,
  type ToolsSeen,
} from './data';
import { ScrollTable } from '../../ui/ScrollTable';

const ROWS = 25;

function EndpointResult({ check }: { check: EndpointCheck }) {
  if (!check.up)
    return (
      <Alert color="red" variant="light" title="The MCP endpoint is not ready" role="alert">
        {check.url}: {check.reason}
      </Alert>
    );
  return (
    <Alert color="cyan" variant="light" title="The MCP endpoint is up" role="status">
      {check.url} answers and asks clients to sign in
      {check.authorizationServers.length > 0
        ? ` at ${check.authorizationServers.join(', ')}`
        : ''}{' '}
      (OAuth), as it should.
    </Alert>
  );
}

function ToolsTable({ tools }: { tools: SeenTool[] }) {
  const [page, setPage] = useState(1);
  const shown = tools.slice((page - 1) * ROWS, page * ROWS);
  return (
    <>
      <ScrollTable label="Tools your client sees" minWidth={560}>
        <Table aria-label="Tools your client sees" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Tool</Table.Th>
              <Table.Th>Installation</Table.Th>
              <Table.Th>Description</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((t) => (
              <Table.Tr key={t.name}>
                <Table.Td>
                  <Code>{t.name}</Code>
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/installations/${t.installation.id}`}>
                    {t.installation.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={2}>
                    {t.description ?? '—'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      <Pager
        total={tools.length}
        pageSize={ROWS}
        page={page}
        onChange={setPage}
        noun={['tool', 'tools']}
        label="Pages of tools"
      />
    </>
  );
}

function ToolsResult({ seen }: { seen: ToolsSeen }) {
  const servers = new Set(seen.tools.map((t) => t.installation.id)).size;
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        Tools your client sees at /mcp
      </Title>
      <Text>
        {seen.tools.length} tool{seen.tools.length === 1 ? '' : 's'} from {servers} server
        {servers === 1 ? '' : 's'}.
      </Text>
      {seen.tools.length > 0 ? <ToolsTable tools={seen.tools} /> : null}
      {seen.undiscovered.length > 0 ? (
        <Text size="sm" c="dimmed" component="div">
          Tools not known yet (each starts the first time your client uses it):{' '}
          {seen.undiscovered.map((i, index) => (
            <span key={i.id}>
              {index > 0 ? ', ' : ''}
              <Anchor underline="always" component={Link} to={`/installations/${i.id}`}>
                {i.name}
              </Anchor>
            </span>
          ))}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * Checks what a new MCP client would meet: the endpoint answering with its sign-in challenge,
 * and the tools it would list once signed in, named as the hub names them.
 */
export function TestConnection(props: {
  teamId: string;
  teamSlug: string;
  userId: string;
  url: string;
}) {
  const test = useMutation({
    mutationFn: async () => {
      // The installations as they are now: statuses change while the page is open.
      const [endpoint, seen] = await Promise.all([
        checkEndpoint(props.url),
        fetchAllInstallations(props.teamId).then((installations) =>
          toolsSeen(props.teamId, props.teamSlug, props.userId, installations),
        ),
      ]);
      return { endpoint, seen };
    },
  });
  return (
    <Stack gap="md" aria-live="polite">
      <div>
        <Button onClick={() => test.mutate()} loading={test.isPending}>
          Test connection
        </Button>
      </div>
      <ErrorNotice error={test.error} title="The test did not finish" />
      {test.data ? (
        <>
          <EndpointResult check={test.data.endpoint} />
          <ToolsResult seen={test.data.seen} />
        </>
      ) : null}
    </Stack>
  );
}
