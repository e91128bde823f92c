import { Badge, Button, Code, Group, Stack, Table, Text } from '@mantine/core';
import { Fragment, useState } from 'react';
import type { operations } from '../../api/schema';
import { useSession } from '../../session';
import { when } from '../../ui/format';
import type { AuditFilters } from './filters';

type Page = operations['listAuditEntries']['responses'][200]['content']['application/json'];
export type Entry = Page['data']['entries'][number];

const COLUMNS = 6;

function Actor({ entry }: { entry: Entry }) {
  const { me } = useSession();
  if (entry.actor_type === 'system') return <Text size="sm">The service</Text>;
  const you = entry.actor_type === 'user' && entry.actor_id === me.id;
  return (
    <Text size="sm">
      {entry.actor_type} {you ? <strong>(you)</strong> : <Code>{entry.actor_id ?? 'unknown'}</Code>}
    </Text>
  );
}

function Target({ entry }: { entry: Entry }) {
  if (!entry.target_type) return <Text size="sm">—</Text>;
  return (
    <Text size="sm">
      {entry.target_type} {entry.target_id ? <Code>{entry.target_id}</Code> : null}
    </Text>
  );
}

/** An entry's whole record, and shortcuts to filter the log by its actor or target. */
function EntryDetails({
  entry,
  onFilter,
}: {
  entry: Entry;
  onFilter(filters: AuditFilters): void;
}) {
  return (
    <Stack gap="xs" py="xs">
      <Group gap="xs">
        {entry.actor_id ? (
          <Button
            size="xs"
            variant="default"
            onClick={() =>
              onFilter({ actor_type: entry.actor_type, actor_id: entry.actor_id ?? '' })
            }
          >
            Only this actor
          </Button>
        ) : null}
        {entry.target_type ? (
          <Button
            size="xs"
            variant="default"
            onClick={() =>
              onFilter({
                target_type: entry.target_type ?? undefined,
                target_id: entry.target_id ?? undefined,
              })
            }
          >
            Only this target
          </Button>
        ) : null}
      </Group>
      <Code block aria-label={`Entry ${entry.seq} in full`}>
        {JSON.stringify(entry, null, 2)}
      </Code>
    </Stack>
  );
}

function EntryRow({ entry, onFilter }: { entry: Entry; onFilter(filters: AuditFilters): void }) {
  const [open, setOpen] = useState(false);
  const detailsId = `audit-entry-${entry.id}`;
  return (
    <Fragment>
      <Table.Tr>
        <Table.Td>
          <Button
            size="compact-xs"
            variant="subtle"
            aria-expanded={open}
            aria-controls={open ? detailsId : undefined}
            aria-label={`${open ? 'Hide' : 'Show'} details of entry ${entry.seq}`}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? 'Hide' : 'Details'}
          </Button>
        </Table.Td>
        <Table.Td>
          <Text size="sm">{when(entry.created_at)}</Text>
        </Table.Td>
        <Table.Td>
          <Code>{entry.action}</Code>
        </Table.Td>
        <Table.Td>
          <Badge variant="dot" color={entry.outcome === 'success' ? 'green' : 'red'}>
            {entry.outcome}
          </Badge>
        </Table.Td>
        <Table.Td>
          <Actor entry={entry} />
        </Table.Td>
        <Table.Td>
          <Target entry={entry} />
        </Table.Td>
      </Table.Tr>
      {open ? (
        <Table.Tr id={detailsId}>
          <Table.Td colSpan={COLUMNS}>
            <EntryDetails entry={entry} onFilter={onFilter} />
          </Table.Td>
        </Table.Tr>
      ) : null}
    </Fragment>
  );
}

/** Audit entries, newest first; each row opens to show the entry's details. */
export function EntryTable({
  entries,
  label,
  onFilter,
}: {
  entries: Entry[];
  label: string;
  onFilter(filters: AuditFilters): void;
}) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table aria-label={label} verticalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Details</Table.Th>
            <Table.Th>Time</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>Outcome</Table.Th>
            <Table.Th>Actor</Table.Th>
            <Table.Th>Target</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <EntryRow key={entry.id} entry={entry} onFilter={onFilter} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
