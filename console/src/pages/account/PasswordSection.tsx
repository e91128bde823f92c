import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api } from '../../api/client';
import { ErrorNotice } from '../../ui/feedback';
import { NewPasswordFields, useNewPassword } from '../auth/NewPassword';
import { answerMessage } from '../auth/message';
import { Section } from './Section';

const changePassword = (body: { current_password: string; new_password: string }) =>
  answerMessage(api.POST('/api/users/me/password', { body }), 'Password changed');

/** A new password; every other session and every app's access ends with the old one. */
export function PasswordSection() {
  const queries = useQueryClient();
  const [current, setCurrent] = useState('');
  const newPassword = useNewPassword();
  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: async () => {
      setCurrent('');
      newPassword.clear();
      await queries.invalidateQueries({ queryKey: ['oauth'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (newPassword.confirmed())
      change.mutate({ current_password: current, new_password: newPassword.password });
  };
  return (
    <Section
      title="Password"
      description="Changing it signs out your other sessions and ends the access of every connected app."
    >
      <form onSubmit={submit} aria-label="Change password">
        <Stack>
          <ErrorNotice error={change.error} title="The password was not changed" />
          {change.data ? (
            <Text size="sm" role="status">
              {change.data}.
            </Text>
          ) : null}
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            value={current}
            onChange={(e) => setCurrent(e.currentTarget.value)}
          />
          <NewPasswordFields
            state={newPassword}
            label="New password"
            repeatLabel="Repeat the new password"
          />
          <Group>
            <Button type="submit" loading={change.isPending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}
