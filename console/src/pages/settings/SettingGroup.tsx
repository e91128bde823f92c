import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client';
import { ErrorNotice } from '../../ui/feedback';
import { SettingField } from './SettingField';
import { groupTitle, type Drafts, type Setting, type SettingsGroup } from './types';

/** One setting with its reset (DELETE: back to the default), shown when a value is stored. */
function SettingRow({
  setting,
  drafts,
  editable,
  onDraft,
}: {
  setting: Setting;
  drafts: Drafts;
  editable: boolean;
  onDraft(key: string, value: Setting['value'] | undefined): void;
}) {
  const queries = useQueryClient();
  const reset = useMutation({
    mutationFn: () =>
      unwrap(api.DELETE('/api/settings/{key}', { params: { path: { key: setting.key } } })),
    onSuccess: async () => {
      onDraft(setting.key, undefined);
      await queries.invalidateQueries({ queryKey: ['settings'] });
    },
  });
  const value = setting.key in drafts ? (drafts[setting.key] ?? null) : setting.value;
  return (
    <Stack gap={4}>
      <SettingField
        setting={setting}
        value={value}
        disabled={!editable}
        onChange={(next) => onDraft(setting.key, next)}
      />
      {editable && setting.is_set ? (
        <Group gap="xs">
          <Button
            size="compact-xs"
            variant="subtle"
            loading={reset.isPending}
            aria-label={`Reset to default: ${setting.key}`}
            onClick={() => reset.mutate()}
          >
            Reset to default
          </Button>
        </Group>
      ) : null}
      <ErrorNotice error={reset.error} title={`Could not reset ${setting.key}`} />
    </Stack>
  );
}

/** A group of settings as the API groups them, saved together (all or none). */
export function SettingGroup({ group, editable }: { group: SettingsGroup; editable: boolean }) {
  const queries = useQueryClient();
  const [drafts, setDrafts] = useState<Drafts>({});
  const title = groupTitle(group.group);
  const save = useMutation({
    mutationFn: () => unwrap(api.PATCH('/api/settings', { body: { values: drafts } })),
    onSuccess: async () => {
      setDrafts({});
      await queries.invalidateQueries({ queryKey: ['settings'] });
    },
  });
  const onDraft = (key: string, value: Setting['value'] | undefined) => {
    save.reset();
    setDrafts((d) => {
      const { [key]: _dropped, ...rest } = d;
      return value === undefined ? rest : { ...rest, [key]: value };
    });
  };
  const changed = Object.keys(drafts).length;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`settings-${group.group}`}>
      <Title order={2} size="h4" mb="sm" id={`settings-${group.group}`}>
        {title}
      </Title>
      <Stack gap="md">
        {group.settings.map((setting) => (
          <SettingRow
            key={setting.key}
            setting={setting}
            drafts={drafts}
            editable={editable}
            onDraft={onDraft}
          />
        ))}
        <ErrorNotice error={save.error} title={`Could not save ${title}`} />
        {editable ? (
          <Group gap="sm">
            <Button onClick={() => save.mutate()} loading={save.isPending} disabled={changed === 0}>
              Save {title}
            </Button>
            {changed > 0 ? (
              <Button variant="default" onClick={() => setDrafts({})}>
                Discard changes
              </Button>
            ) : null}
            <Text size="sm" c="dimmed" role="status">
              {changed > 0
                ? `${changed} unsaved change${changed === 1 ? '' : 's'}`
                : save.isSuccess
                  ? 'Saved'
                  : ''}
            </Text>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
