import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useStream, type StreamStatus } from '../../ui/stream';
import { EmptyState } from '../../ui/feedback';
import { EntryTable, type Entry } from './EntryTable';
import type { AuditFilters } from './filters';

const STATUS: Record<StreamStatus, { label: string; color: string }> = {
  connecting: { label: 'Connecting…', color: 'gray' },
  live: { label: 'Live', color: 'green' },
  reconnecting: { label: 'Reconnecting…', color: 'yellow' },
  ended: { label: 'Ended: reload the page to follow the log again', color: 'red' },
};

/** New entries as they are written; paused, they wait and appear on resume. */
export function LiveTail({ url, onFilter }: { url: string; onFilter(f: AuditFilters): void }) {
  const [paused, setPaused] = useState(false);
  const { items, status } = useStream<Entry>(url, {
    event: 'audit_entry',
    itemsKey: 'entries',
    keep: 200,
    paused,
  });
  const state = STATUS[status];
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <Badge variant="dot" color={paused ? 'yellow' : state.color} role="status">
          {paused ? 'Paused' : state.label}
        </Badge>
        <Button
          size="xs"
          variant="default"
          aria-pressed={paused}
          onClick={() => setPaused((p) => !p)}
        >
          {paused ? 'Resume' : 'Pause'}
        </Button>
        <Text size="sm" c="dimmed">
          {paused
            ? 'New entries are held back and appear when you resume.'
            : 'The 200 newest matching entries; new ones appear at the top.'}
        </Text>
      </Group>
      {items.length === 0 ? (
        <EmptyState title="Waiting for entries">
          Nothing matching these filters has been recorded yet; new entries appear here as they are
          written.
        </EmptyState>
      ) : (
        <EntryTable entries={items} label="Live audit entries" onFilter={onFilter} />
      )}
    </Stack>
  );
}
