import { Badge, Group, Text } from '@mantine/core';

/** The access an app was given, one badge per scope. */
export function ScopeList({ scopes }: { scopes: string[] }) {
  if (scopes.length === 0) return <Text size="sm">—</Text>;
  return (
    <Group gap={4}>
      {scopes.map((s) => (
        <Badge key={s} variant="light" color="gray" tt="none">
          {s}
        </Badge>
      ))}
    </Group>
  );
}
