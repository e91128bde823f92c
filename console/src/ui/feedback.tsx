import { Alert, Center, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { messageOf } from '../api/client';

/** An API error in the API's own words; nothing when there is no error. */
export function ErrorNotice({
  error,
  title = 'That did not work',
}: {
  error: unknown;
  title?: string;
}) {
  if (!error) return null;
  return (
    <Alert color="red" title={title} role="alert" variant="light">
      {messageOf(error)}
    </Alert>
  );
}

/** Shown while a page's data loads; screen readers hear what is loading. */
export function Loading({ what }: { what: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Loader size="sm" aria-hidden="true" />
      <Text ml="sm" c="dimmed">
        Loading {what}…
      </Text>
    </Center>
  );
}

/** An empty list says why it is empty and what to do next. */
export function EmptyState({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Stack align="center" gap="xs" py="xl" ta="center">
      <Text fw={600}>{title}</Text>
      <Text c="dimmed" maw={520}>
        {children}
      </Text>
      {action}
    </Stack>
  );
}

/** The page's heading (the one h1), its purpose in a line, and its main actions. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Stack gap={4} mb="lg">
      <div
        style={{
          display: 'flex',
          gap: 12,
          alignItems: 'center',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
        }}
      >
        <Title order={1} size="h2">
          {title}
        </Title>
        {actions}
      </div>
      {description ? <Text c="dimmed">{description}</Text> : null}
    </Stack>
  );
}
