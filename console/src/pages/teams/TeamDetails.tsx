import { Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ErrorNotice } from '../../ui/feedback';
import { when } from '../../ui/format';
import { Section } from '../account/Section';
import { updateTeam, type Team, type TeamChange } from './api';
import { DeleteTeam } from './DeleteTeam';

function EditTeam({ team }: { team: Team }) {
  const queries = useQueryClient();
  const [name, setName] = useState(team.name);
  const [description, setDescription] = useState(team.description ?? '');
  const change: TeamChange = {};
  if (name.trim() !== team.name) change.name = name.trim();
  if (description.trim() !== (team.description ?? ''))
    change.description = description.trim() === '' ? null : description.trim();
  const save = useMutation({
    mutationFn: () => updateTeam(team.id, change),
    onSuccess: async () => {
      await queries.invalidateQueries({ queryKey: ['team', team.id] });
      await queries.invalidateQueries({ queryKey: ['teams'] });
      await queries.invalidateQueries({ queryKey: ['me'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={submit} aria-label="Team details">
      <Stack>
        <ErrorNotice error={save.error} title="The team was not saved" />
        <TextInput
          label="Name"
          required
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxLength={1000}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!Object.keys(change).length}>
            Save team
          </Button>
          {save.isSuccess && !Object.keys(change).length ? (
            <Text size="sm" role="status">
              Team saved.
            </Text>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}

/** Name and description (editable with team.edit), and deleting a team that is not a default one. */
export function TeamDetails({ team, canEdit }: { team: Team; canEdit: boolean }) {
  return (
    <Section title="Details">
      <Text size="sm">
        Slug <strong>{team.slug}</strong> · created {when(team.created_at)}
        {team.is_default ? ' · the default team of its owner, which cannot be deleted' : ''}
      </Text>
      {canEdit ? <EditTeam team={team} /> : null}
      {canEdit && !team.is_default ? <DeleteTeam team={team} /> : null}
    </Section>
  );
}
