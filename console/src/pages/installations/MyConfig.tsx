import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api, unwrap } from '../../api/client';
import { EmptyState, ErrorNotice, Loading } from '../../ui/feedback';
import { when } from '../../ui/format';
import { hasFields, initialDraft, toInput, type Draft } from './config';
import { ConfigFields } from './ConfigFields';
import { keys, type ConfigSection } from './data';
import type { PanelsProps } from './data';
import { StatusBadge } from './status';

function fetchUserConfig(teamId: string, installationId: string) {
  return unwrap(
    api.GET('/api/teams/{teamId}/mcp/installations/{installationId}/user-config', {
      params: { path: { teamId, installationId } },
    }),
  );
}
type UserConfig = Awaited<ReturnType<typeof fetchUserConfig>>['user_config'];

function MyConfigForm({
  teamId,
  section,
  config,
}: {
  teamId: string;
  section: ConfigSection;
  config: UserConfig;
}) {
  const installationId = config.installation_id;
  const [draft, setDraft] = useState<Draft>(() => initialDraft(section, config.values));
  const queries = useQueryClient();
  const save = useMutation({
    mutationFn: () =>
      unwrap(
        api.PUT('/api/teams/{teamId}/mcp/installations/{installationId}/user-config', {
          params: { path: { teamId, installationId } },
          body: { values: toInput(section, draft, config.values) },
        }),
      ),
    onSuccess: async (data) => {
      // Secrets leave the form once saved: the API keeps them, the page only says "set".
      setDraft(initialDraft(section, data.user_config.values));
      await queries.invalidateQueries({ queryKey: keys.installation(teamId, installationId) });
      await queries.invalidateQueries({ queryKey: keys.installations(teamId) });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={submit} aria-label="My configuration">
      <Stack gap="md">
        <ConfigFields section={section} draft={draft} setDraft={setDraft} stored={config.values} />
        <ErrorNotice error={save.error} title="Could not save" />
        {save.isSuccess ? (
          <Text role="status">Saved. Secrets are kept encrypted and not shown again.</Text>
        ) : null}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save my configuration
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** My own values for this installation: what only I fill in (tokens, paths, accounts). */
export function MyConfig({ teamId, installation, server }: PanelsProps) {
  const section = server.config_schema.user;
  const config = useQuery({
    queryKey: [...keys.installation(teamId, installation.id), 'user-config'],
    queryFn: () => fetchUserConfig(teamId, installation.id),
  });
  if (config.isPending) return <Loading what="your configuration" />;
  if (config.error)
    return <ErrorNotice error={config.error} title="Could not read your configuration" />;
  const c = config.data.user_config;
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        My configuration
      </Title>
      <Group gap="sm">
        <Text>Your instance:</Text>
        <StatusBadge status={c.status} />
        <Text size="sm" c="dimmed">
          {c.updated_at ? `saved ${when(c.updated_at)}` : 'nothing saved yet'}
        </Text>
      </Group>
      {c.missing_required.length > 0 ? (
        <Alert variant="light" color="violet" title="Still needed before it can start" role="note">
          {c.missing_required.join(', ')}
        </Alert>
      ) : null}
      {hasFields(section) ? (
        <MyConfigForm teamId={teamId} section={section} config={c} />
      ) : (
        <EmptyState title="Nothing to fill in.">
          {server.name} has no personal settings
          {server.requires_oauth ? '; sign in to it on the Overview tab.' : '.'}
        </EmptyState>
      )}
    </Stack>
  );
}
