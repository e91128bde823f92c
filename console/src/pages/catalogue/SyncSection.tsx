import { Alert, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { ErrorNotice } from '../../ui/feedback';
import { ago } from '../../ui/format';
import type { SyncRun } from './api';
import { Counts, Failures, RunStatus } from './RunSummary';
import { SyncHistory } from './SyncHistory';
import { useSync } from './useSync';

function Underway({ run }: { run: SyncRun }) {
  return (
    <Stack gap={6} role="status" aria-live="polite">
      <Group gap="xs">
        <RunStatus status="running" />
        <Text size="sm">
          Sync under way since {ago(run.started_at)}: {run.pages} page(s) read
        </Text>
      </Group>
      <Progress value={100} striped animated aria-label="Sync in progress" />
      <Counts result={run} />
    </Stack>
  );
}

function Finished({ run }: { run: SyncRun }) {
  return (
    <Alert
      variant="light"
      color={run.status === 'failed' ? 'red' : 'blue'}
      title="Sync finished"
      role="status"
    >
      <Stack gap={6}>
        <Group gap="xs">
          <RunStatus status={run.status} />
          <Text size="sm">{run.pages} page(s) read</Text>
        </Group>
        <Counts result={run} />
        {run.error ? <Text size="sm">{run.error}</Text> : null}
        <Failures failures={run.failures} label="Entries the sync did not apply" />
      </Stack>
    </Alert>
  );
}

/** Sync now, the run under way with its progress, and the history of runs. */
export function SyncSection() {
  const { sync, running } = useSync();
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Sync
          </Title>
          <Button
            onClick={() => sync.mutate()}
            loading={sync.isPending}
            disabled={running !== null}
          >
            Sync now
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          Brings servers new or changed in the registry since the last sync. The schedule runs it
          too.
        </Text>
        {running ? <Underway run={running} /> : null}
        <ErrorNotice error={sync.error} title="Could not sync" />
        {sync.data && !running ? <Finished run={sync.data} /> : null}
        <SyncHistory />
      </Stack>
    </Paper>
  );
}
