import { BarChart } from '@mantine/charts';
import { Table, Text } from '@mantine/core';

export interface CountRow {
  label: string;
  calls: number;
  failed?: number;
}

/**
 * Counts as a bar chart and, for screen readers and exact figures, the same counts as a table.
 */
export function CountChart({
  rows,
  name,
  column,
}: {
  rows: CountRow[];
  name: string;
  column: string;
}) {
  if (rows.length === 0) return <Text c="dimmed">No calls yet.</Text>;
  const withFailures = rows.some((r) => r.failed !== undefined);
  const summary = rows.map((r) => `${r.label}: ${r.calls}`).join(', ');
  return (
    <>
      <div role="img" aria-label={`${name}. ${summary}`}>
        <BarChart
          h={Math.max(120, rows.length * 36 + 40)}
          data={rows}
          dataKey="label"
          orientation="vertical"
          yAxisProps={{ width: 140 }}
          series={[{ name: 'calls', label: 'Calls', color: 'blue.7' }]}
          withTooltip={false}
          maxBarWidth={28}
        />
      </div>
      <Table.ScrollContainer minWidth={320}>
        <Table striped aria-label={name}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{column}</Table.Th>
              <Table.Th>Calls</Table.Th>
              {withFailures ? <Table.Th>Failed</Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.label}>
                <Table.Td>{r.label}</Table.Td>
                <Table.Td>{r.calls}</Table.Td>
                {withFailures ? <Table.Td>{r.failed ?? 0}</Table.Td> : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
