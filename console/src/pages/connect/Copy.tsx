import { Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A copy button that says what it copies (several sit on one page). */
export function Copy({ value, what }: { value: string; what: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button
          size="xs"
          variant="light"
          onClick={copy}
          aria-label={`${copied ? 'Copied' : 'Copy'} ${what}`}
        >
          {copied ? 'Copied' : 'Copy'}
        </Button>
      )}
    </CopyButton>
  );
}

/** Text to paste somewhere, shown as code with its copy button. */
export function Snippet({
  value,
  what,
  where,
}: {
  value: string;
  what: string;
  where?: ReactNode;
}) {
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap" align="flex-end">
        {where ? <Text size="sm">{where}</Text> : <span />}
        <Copy value={value} what={what} />
      </Group>
      <Code block>{value}</Code>
    </Stack>
  );
}
