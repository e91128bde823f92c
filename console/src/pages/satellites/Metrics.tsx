import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Group, Paper, SimpleGrid, Stack, Table, Title } from '@mantine/core';
import { EmptyState } from '../../ui/feedback';
import { ago, when } from '../../ui/format';
import { useStream } from '../../ui/stream';
import { Field, HealthBadge, StreamBadge } from './parts';
import { duration, type Metric } from './types';

const percent = (n: number | null | undefined) =>
  n === null || n === undefined ? '—' : `${n.toFixed(1)} %`;

/** The satellite's heartbeats as they arrive: the latest in figures, CPU over time, a table. */
export function Metrics({ satelliteId }: { satelliteId: string }) {
  const stream = useStream<Metric>(`/api/satellites/${satelliteId}/metrics/stream`, {
    event: 'metrics',
    itemsKey: 'metrics',
    keep: 60,
  });
  const latest = stream.items[0];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} size="h3">
          Heartbeats
        </Title>
        <StreamBadge status={stream.status} />
      </Group>
      {latest ? (
        <>
          <Latest metric={latest} />
          <CpuChart metrics={stream.items} />
          <RecentTable metrics={stream.items.slice(0, 10)} />
        </>
      ) : (
        <EmptyState title="No heartbeats yet">
          A satellite reports every 30 seconds; its figures appear here as they arrive.
        </EmptyState>
      )}
    </Stack>
  );
}

function Latest({ metric }: { metric: Metric }) {
  const { running = 0, stopped = 0, failed = 0 } = metric.processes;
  const memory =
    metric.memory_percent !== null
      ? percent(metric.memory_percent)
      : metric.system.memory_used_mb !== undefined
        ? `${metric.system.memory_used_mb} MB`
        : '—';
  return (
    <Paper withBorder p="md">
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }}>
        <Field label="Health">
          <HealthBadge status={metric.status} />
        </Field>
        <Field label="CPU">{percent(metric.cpu_percent)}</Field>
        <Field label="Memory">{memory}</Field>
        <Field label="Processes">{`${running} running, ${stopped} stopped, ${failed} failed`}</Field>
        <Field label="Uptime">{duration(metric.uptime_seconds)}</Field>
        <Field label="Reported">
          <span title={when(metric.created_at)}>{ago(metric.created_at)}</span>
        </Field>
      </SimpleGrid>
    </Paper>
  );
}

function CpuChart({ metrics }: { metrics: Metric[] }) {
  const data = [...metrics].reverse().map((m) => ({
    time: new Date(m.created_at).toLocaleTimeString(),
    cpu: m.cpu_percent ?? 0,
    processes: m.process_count ?? 0,
  }));
  return (
    <div
      role="img"
      aria-label={`CPU use over the last ${metrics.length} heartbeats; the table below lists them`}
    >
      <LineChart
        h={220}
        data={data}
        dataKey="time"
        series={[
          { name: 'cpu', label: 'CPU %', color: 'blue.7' },
          { name: 'processes', label: 'Processes', color: 'teal.7' },
        ]}
        withLegend
        curveType="linear"
      />
    </div>
  );
}

function RecentTable({ metrics }: { metrics: Metric[] }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped aria-label="Recent heartbeats">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Received</Table.Th>
            <Table.Th>Health</Table.Th>
            <Table.Th>CPU</Table.Th>
            <Table.Th>Memory</Table.Th>
            <Table.Th>Processes</Table.Th>
            <Table.Th>Uptime</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {metrics.map((m) => (
            <Table.Tr key={m.id}>
              <Table.Td>{when(m.created_at)}</Table.Td>
              <Table.Td>
                <HealthBadge status={m.status} />
              </Table.Td>
              <Table.Td>{percent(m.cpu_percent)}</Table.Td>
              <Table.Td>
                {m.memory_percent !== null
                  ? percent(m.memory_percent)
                  : `${m.system.memory_used_mb ?? '—'} MB`}
              </Table.Td>
              <Table.Td>{m.process_count ?? '—'}</Table.Td>
              <Table.Td>{duration(m.uptime_seconds)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
