import { Button, Code, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { EmptyState } from '../../ui/feedback';
import { when } from '../../ui/format';
import { useStream } from '../../ui/stream';
import { useInstallationName } from '../activity/data';
import { EVENT_TYPES, summarise } from './events';
import { StreamBadge } from './parts';
import type { HistoryEvent } from './types';

/** The events the satellite delivers, live, with a filter by type and pause/resume. */
export function EventHistory({ satelliteId }: { satelliteId: string }) {
  const [type, setType] = useState<string | null>(null);
  const [paused, setPaused] = useState(false);
  const query = type ? `?type=${encodeURIComponent(type)}` : '';
  const stream = useStream<HistoryEvent>(
    `/api/satellites/${satelliteId}/event-history/stream${query}`,
    { event: 'event', itemsKey: 'events', keep: 200, paused },
  );
  return (
    <Stack>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2} size="h3">
          Event history
        </Title>
        <Group align="flex-end" wrap="wrap">
          <Select
            label="Event type"
            placeholder="All types"
            clearable
            searchable
            data={EVENT_TYPES}
            value={type}
            onChange={setType}
            w={280}
          />
          <Button
            variant={paused ? 'filled' : 'default'}
            aria-pressed={paused}
            onClick={() => setPaused((p) => !p)}
          >
            {paused ? 'Resume' : 'Pause'}
          </Button>
          <StreamBadge status={stream.status} paused={paused} />
        </Group>
      </Group>
      {paused ? (
        <Text size="sm" c="dimmed">
          Paused: new events are held and appear when you resume.
        </Text>
      ) : null}
      <EventTable events={stream.items} filtered={type !== null} />
    </Stack>
  );
}

function EventTable({ events, filtered }: { events: HistoryEvent[]; filtered: boolean }) {
  const installationName = useInstallationName();
  if (events.length === 0)
    return (
      <EmptyState title={filtered ? 'No events of this type' : 'No events yet'}>
        Events appear here as the satellite delivers them: servers starting, tool calls, logs.
      </EmptyState>
    );
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped aria-label="Satellite events">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Received</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Installation</Table.Th>
            <Table.Th>Summary</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(e.received_at)}</Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {e.type}
                </Text>
              </Table.Td>
              <Table.Td>{installationName(e.installation_id)}</Table.Td>
              <Table.Td>
                <details>
                  <summary>{summarise(e) || 'Details'}</summary>
                  <Code block mt="xs" tabIndex={0}>
                    {JSON.stringify(e.data, null, 2)}
                  </Code>
                </details>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
