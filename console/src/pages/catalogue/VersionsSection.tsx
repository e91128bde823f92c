import { ScrollTable } from '../../ui/ScrollTable';
import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../session';
import { EmptyState, ErrorNotice, Loading } from '../../ui/feedback';
import { fetchVersions, keys, type Server, type Version } from './api';
import { AddVersionModal } from './AddVersionModal';

function VersionsTable({ versions }: { versions: Version[] }) {
  return (
    <ScrollTable minWidth={560} label="Versions">
      <Table aria-label="Versions" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Version</Table.Th>
            <Table.Th>Released</Table.Th>
            <Table.Th>Changes</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {versions.map((v) => (
            <Table.Tr key={v.id}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Text fw={500}>{v.version}</Text>
                  {v.is_latest ? (
                    <Badge variant="dot" color="green">
                      Latest
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td>{v.release_date ?? '—'}</Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} lineClamp={4}>
                  {v.changelog ?? '—'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** The server's versions, newest first; administrators add one. */
export function VersionsSection({ server }: { server: Server }) {
  const { can } = useSession();
  const [adding, modal] = useDisclosure();
  const versions = useQuery({
    queryKey: keys.versions(server.id),
    queryFn: () => fetchVersions(server.id),
  });
  const canAdd = can('mcp.servers.global.edit');
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Versions
          </Title>
          {canAdd ? (
            <Button size="xs" variant="default" onClick={modal.open}>
              Add a version
            </Button>
          ) : null}
        </Group>
        <ErrorNotice error={versions.error} title="Could not load the versions" />
        {versions.isPending ? <Loading what="versions" /> : null}
        {versions.data?.length === 0 ? (
          <EmptyState title="No versions recorded">
            {canAdd
              ? 'Add one to tell teams which release they install.'
              : 'Teams install the server as it is described above.'}
          </EmptyState>
        ) : null}
        {versions.data?.length ? <VersionsTable versions={versions.data} /> : null}
      </Stack>
      {canAdd ? <AddVersionModal server={server} opened={adding} onClose={modal.close} /> : null}
    </Paper>
  );
}
