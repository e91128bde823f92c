import { ScrollTable } from '../../ui/ScrollTable';
import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import type { ImportResult, SyncRun } from './api';

const STATUS: Record<SyncRun['status'], { label: string; color: string }> = {
  running: { label: 'Running', color: 'blue' },
  succeeded: { label: 'Succeeded', color: 'green' },
  completed_with_failures: { label: 'Completed with failures', color: 'orange' },
  failed: { label: 'Failed', color: 'red' },
};

export function RunStatus({ status }: { status: SyncRun['status'] }) {
  return (
    <Badge variant="dot" color={STATUS[status].color}>
      {STATUS[status].label}
    </Badge>
  );
}

/** Versions created, updated, unchanged and failed, as one line a person reads at a glance. */
export function Counts({
  result,
}: {
  result: Pick<ImportResult, 'created' | 'updated' | 'unchanged' | 'failed'>;
}) {
  return (
    <Group gap="md" wrap="wrap">
      <Text size="sm">
        <strong>{result.created}</strong> created
      </Text>
      <Text size="sm">
        <strong>{result.updated}</strong> updated
      </Text>
      <Text size="sm">
        <strong>{result.unchanged}</strong> unchanged
      </Text>
      <Text size="sm">
        <strong>{result.failed}</strong> failed
      </Text>
    </Group>
  );
}

/** Entries that were not applied, and why (the API's reasons). */
export function Failures({
  failures,
  label,
}: {
  failures: ImportResult['failures'];
  label: string;
}) {
  if (failures.length === 0) return null;
  return (
    <ScrollTable minWidth={480} label={label}>
      <Table aria-label={label} verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Server</Table.Th>
            <Table.Th>Version</Table.Th>
            <Table.Th>Reason</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {failures.map((f, i) => (
            <Table.Tr key={`${f.name}:${f.version}:${i}`}>
              <Table.Td>{f.name ?? '—'}</Table.Td>
              <Table.Td>{f.version ?? '—'}</Table.Td>
              <Table.Td>{f.reason}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** What an import (or the starter catalogue) did. */
export function ImportSummary({ result, label }: { result: ImportResult; label: string }) {
  return (
    <Stack gap="xs" role="status">
      <Counts result={result} />
      {result.local_edits_kept.length > 0 ? (
        <Text size="sm">
          Kept the local edits of {result.local_edits_kept.join(', ')} (upstream changes not
          applied).
        </Text>
      ) : null}
      <Failures failures={result.failures} label={label} />
    </Stack>
  );
}
