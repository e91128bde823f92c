import { Alert, Button, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api, unwrap } from '../../api/client';
import { ErrorNotice } from '../../ui/feedback';
import { fieldsOf, hasFields, initialDraft, toInput, type Draft } from './config';
import { ConfigFields } from './ConfigFields';
import { keys, type CatalogueServer, type Installation } from './data';

function WhatFollows({ server }: { server: CatalogueServer }) {
  const personal = fieldsOf(server.config_schema.user).map((f) => f.field.name);
  if (!server.requires_oauth && personal.length === 0) return null;
  return (
    <Alert variant="light" color="blue" title="Each member’s part" role="note">
      {server.requires_oauth
        ? `Every member signs in to ${server.name} with their own account after it is installed. `
        : null}
      {personal.length > 0
        ? `Every member fills in their own ${personal.join(', ')} on the installation’s page.`
        : null}
    </Alert>
  );
}

/** The installation's name, the server's team-level fields and settings; POST on submit. */
export function InstallForm({
  teamId,
  server,
  onInstalled,
  onCancel,
}: {
  teamId: string;
  server: CatalogueServer;
  onInstalled(installation: Installation): void;
  onCancel(): void;
}) {
  const team = server.config_schema.team;
  const [name, setName] = useState('');
  const [draft, setDraft] = useState<Draft>(() => initialDraft(team));
  const [logging, setLogging] = useState(false);
  const queries = useQueryClient();
  const install = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/api/teams/{teamId}/mcp/installations', {
          params: { path: { teamId } },
          body: {
            server_id: server.id,
            ...(name.trim() ? { name: name.trim() } : {}),
            team_config: toInput(team, draft),
            settings: { request_logging_enabled: logging },
          },
        }),
      ),
    onSuccess: async (data) => {
      setDraft(initialDraft(team));
      await queries.invalidateQueries({ queryKey: keys.installations(teamId) });
      onInstalled(data.installation);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    install.mutate();
  };
  return (
    <form onSubmit={submit} aria-label={`Install ${server.name}`}>
      <Stack gap="md">
        {server.description ? <Text>{server.description}</Text> : null}
        <TextInput
          label="Installation name"
          description={`Unique in the team; leave empty for “${server.name}”`}
          placeholder={server.name}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <Title order={3}>Team configuration</Title>
        {hasFields(team) ? (
          <ConfigFields section={team} draft={draft} setDraft={setDraft} />
        ) : (
          <Text c="dimmed">This server needs no team-level values.</Text>
        )}
        <Switch
          label="Log requests and results"
          description="Keep each tool call’s arguments and result for the team’s administrators"
          checked={logging}
          onChange={(e) => setLogging(e.currentTarget.checked)}
        />
        <WhatFollows server={server} />
        <ErrorNotice error={install.error} title="Could not install" />
        <Group>
          <Button type="submit" loading={install.isPending}>
            Install
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
