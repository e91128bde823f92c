import { Button, Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api, unwrap } from '../../api/client';
import type { paths } from '../../api/schema';
import { useSession } from '../../session';
import { ErrorNotice } from '../../ui/feedback';
import { SATELLITE_NAME } from './command';

export type CreatedToken = Awaited<ReturnType<typeof createToken>>;

type Body =
  paths['/api/satellites/registration-tokens']['post']['requestBody']['content']['application/json'];

const createToken = (body: Body) =>
  unwrap(api.POST('/api/satellites/registration-tokens', { body }));

const EXPIRY = [
  { value: 'default', label: 'Default (1 hour for global, 24 hours for team)' },
  { value: '3600', label: '1 hour' },
  { value: '86400', label: '24 hours' },
  { value: '604800', label: '7 days' },
  { value: '2592000', label: '30 days' },
];

/** Who the satellite works for, its name and how long the token lasts. */
export function PairForm({
  onCreated,
  onCancel,
}: {
  onCreated: (token: CreatedToken, name: string) => void;
  onCancel: () => void;
}) {
  const { me, team, isAdmin } = useSession();
  const teams = me.teams.filter((t) => isAdmin || t.role === 'team_admin');
  const [scope, setScope] = useState<'global' | 'team'>(isAdmin ? 'global' : 'team');
  const [teamId, setTeamId] = useState<string | null>(
    teams.find((t) => t.id === team?.id)?.id ?? teams[0]?.id ?? null,
  );
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState<string | null>('default');
  const queries = useQueryClient();
  const create = useMutation({
    mutationFn: () =>
      createToken({
        scope,
        ...(scope === 'team' ? { team_id: teamId } : {}),
        ...(name.trim() ? { name: name.trim() } : {}),
        ...(expiry && expiry !== 'default' ? { expires_in_seconds: Number(expiry) } : {}),
      }),
    onSuccess: (token) => {
      void queries.invalidateQueries({ queryKey: ['registration-tokens'] });
      onCreated(token, name.trim());
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  const nameError =
    name.trim() && !SATELLITE_NAME.test(name.trim())
      ? 'The satellite takes 10 to 32 of a-z, 0-9, - and _ as its name; it names itself otherwise'
      : undefined;
  return (
    <form onSubmit={submit} aria-label="Pair a satellite">
      <Stack>
        {isAdmin ? (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="pair-scope">
              Works for
            </Text>
            <SegmentedControl
              aria-labelledby="pair-scope"
              value={scope}
              onChange={(v) => setScope(v === 'team' ? 'team' : 'global')}
              data={[
                { value: 'global', label: 'All teams (global)' },
                { value: 'team', label: 'One team' },
              ]}
            />
          </Stack>
        ) : null}
        {scope === 'team' ? (
          <Select
            label="Team"
            required
            allowDeselect={false}
            data={teams.map((t) => ({ value: t.id, label: t.name }))}
            value={teamId}
            onChange={setTeamId}
          />
        ) : null}
        <TextInput
          label="Satellite name"
          description="Optional: also names the token in the list below"
          value={name}
          error={nameError}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <Select
          label="Token expires after"
          allowDeselect={false}
          data={EXPIRY}
          value={expiry}
          onChange={setExpiry}
        />
        <ErrorNotice error={create.error} title="Could not create the token" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create token
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
