import { Button, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api, unwrap } from '../../api/client';
import { useSession } from '../../session';
import { ErrorNotice } from '../../ui/feedback';
import { hasFields, initialDraft, toInput, type Draft } from './config';
import { ConfigFields, ConfigTable } from './ConfigFields';
import { keys } from './data';
import type { PanelsProps } from './data';

/** An administrator changes the name, the team's values and the settings (PATCH). */
function TeamConfigForm({ teamId, installation, server }: PanelsProps) {
  const section = server.config_schema.team;
  const [name, setName] = useState(installation.name);
  const [draft, setDraft] = useState<Draft>(() => initialDraft(section, installation.team_config));
  const [logging, setLogging] = useState(installation.settings.request_logging_enabled);
  const queries = useQueryClient();
  const save = useMutation({
    mutationFn: () =>
      unwrap(
        api.PATCH('/api/teams/{teamId}/mcp/installations/{installationId}', {
          params: { path: { teamId, installationId: installation.id } },
          body: {
            ...(name.trim() && name.trim() !== installation.name ? { name: name.trim() } : {}),
            team_config: toInput(section, draft, installation.team_config),
            settings: { request_logging_enabled: logging },
          },
        }),
      ),
    onSuccess: async (data) => {
      setDraft(initialDraft(section, data.installation.team_config));
      queries.setQueryData(keys.installation(teamId, installation.id), data.installation);
      await queries.invalidateQueries({ queryKey: keys.installations(teamId) });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={submit} aria-label="Team configuration">
      <Stack gap="md">
        <TextInput
          label="Installation name"
          withAsterisk
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        {hasFields(section) ? (
          <ConfigFields
            section={section}
            draft={draft}
            setDraft={setDraft}
            stored={installation.team_config}
          />
        ) : (
          <Text c="dimmed">{server.name} has no team-level values.</Text>
        )}
        <Switch
          label="Log requests and results"
          checked={logging}
          onChange={(e) => setLogging(e.currentTarget.checked)}
        />
        <ErrorNotice error={save.error} title="Could not save" />
        {save.isSuccess ? <Text role="status">Saved. Members’ instances pick it up.</Text> : null}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save team configuration
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The values the team shares for this installation: editable by its administrators. */
export function TeamConfig(props: PanelsProps) {
  const { can } = useSession();
  const section = props.server.config_schema.team;
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        Team configuration
      </Title>
      {can('mcp.installations.edit') ? (
        <TeamConfigForm {...props} />
      ) : hasFields(section) ? (
        <ConfigTable
          section={section}
          stored={props.installation.team_config}
          label="Team values"
        />
      ) : (
        <Text c="dimmed">{props.server.name} has no team-level values.</Text>
      )}
    </Stack>
  );
}
