import { Button, Group, Paper, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api, unwrap } from '../../api/client';
import { ErrorNotice, Loading } from '../../ui/feedback';
import { when } from '../../ui/format';
import { fetchSource, keys, type Source } from './api';

type Mode = Source['version_mode'];

function SourceForm({ source }: { source: Source | null }) {
  const queries = useQueryClient();
  const [baseUrl, setBaseUrl] = useState(source?.base_url ?? '');
  const [mode, setMode] = useState<Mode>(source?.version_mode ?? 'latest');
  const [enabled, setEnabled] = useState(source?.enabled ?? true);
  const save = useMutation({
    mutationFn: async () =>
      (
        await unwrap(
          api.PUT('/api/registry/source', {
            body: { base_url: baseUrl.trim(), version_mode: mode, enabled },
          }),
        )
      ).source,
    onSuccess: (saved) => queries.setQueryData(keys.source, saved),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={submit} aria-label="Registry source">
      <Stack gap="sm">
        <TextInput
          label="Registry URL"
          description="e.g. https://registry.modelcontextprotocol.io — a different URL starts over"
          required
          type="url"
          value={baseUrl}
          onChange={(e) => setBaseUrl(e.currentTarget.value)}
        />
        <Select
          label="Versions to bring"
          allowDeselect={false}
          data={[
            { value: 'latest', label: 'The latest version of each server' },
            { value: 'all', label: 'Every version' },
          ]}
          value={mode}
          onChange={(v) => setMode(v === 'all' ? 'all' : 'latest')}
        />
        <Switch
          label="Sync on schedule"
          checked={enabled}
          onChange={(e) => setEnabled(e.currentTarget.checked)}
        />
        <ErrorNotice error={save.error} title="Could not save the registry source" />
        {save.isSuccess ? (
          <Text size="sm" role="status">
            Saved.
          </Text>
        ) : null}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save source
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The one registry the catalogue follows, and where the last sync left off. */
export function SourceSection() {
  const source = useQuery({ queryKey: keys.source, queryFn: fetchSource });
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Registry source
        </Title>
        <ErrorNotice error={source.error} title="Could not load the registry source" />
        {source.isPending ? <Loading what="the registry source" /> : null}
        {source.data === null ? (
          <Text size="sm">
            No registry is set yet. Set one to keep the catalogue in step with it.
          </Text>
        ) : null}
        {source.data ? (
          <Text size="sm" c="dimmed">
            {source.data.high_water_mark
              ? `Synced up to changes of ${when(source.data.high_water_mark)}`
              : 'Not synced yet'}
            {source.data.resume_cursor_pending
              ? ' · an interrupted sync will continue where it stopped'
              : ''}
          </Text>
        ) : null}
        {source.isSuccess ? <SourceForm source={source.data} /> : null}
      </Stack>
    </Paper>
  );
}
