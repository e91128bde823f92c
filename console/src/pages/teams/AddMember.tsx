import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ErrorNotice } from '../../ui/feedback';
import { addMember, asRole, ROLE_OPTIONS, type TeamRole } from './api';

/** Adds an account that already exists on the service; there are no invitations. */
export function AddMember({ teamId }: { teamId: string }) {
  const queries = useQueryClient();
  const [login, setLogin] = useState('');
  const [role, setRole] = useState<TeamRole>('team_user');
  const add = useMutation({
    mutationFn: () => addMember(teamId, login.trim(), role),
    onSuccess: async () => {
      setLogin('');
      await queries.invalidateQueries({ queryKey: ['team', teamId] });
      await queries.invalidateQueries({ queryKey: ['teams'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
  return (
    <form onSubmit={submit} aria-label="Add a member">
      <ErrorNotice error={add.error} title="The member was not added" />
      <Group align="flex-end" gap="sm" mt={add.error ? 'sm' : 0}>
        <TextInput
          label="Username or email"
          description="Of an account on this service"
          required
          value={login}
          onChange={(e) => setLogin(e.currentTarget.value)}
          style={{ flex: '1 1 240px' }}
        />
        <NativeSelect
          label="Role"
          data={ROLE_OPTIONS}
          value={role}
          onChange={(e) => setRole(asRole(e.currentTarget.value))}
        />
        <Button type="submit" loading={add.isPending}>
          Add member
        </Button>
      </Group>
    </form>
  );
}
