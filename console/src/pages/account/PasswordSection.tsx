import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api } from '../../api/client';
import { ErrorNotice } from '../../ui/feedback';
import { PASSWORD_RULE } from '../auth/AccountForm';
import { answerMessage } from '../auth/message';
import { Section } from './Section';

const changePassword = (body: { current_password: string; new_password: string }) =>
  answerMessage(api.POST('/api/users/me/password', { body }), 'Password changed');

/** A new password; every other session and every app's access ends with the old one. */
export function PasswordSection() {
  const queries = useQueryClient();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: async () => {
      setCurrent('');
      setPassword('');
      setAgain('');
      await queries.invalidateQueries({ queryKey: ['oauth'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password !== again) return setMismatch(true);
    setMismatch(false);
    change.mutate({ current_password: current, new_password: password });
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
          <PasswordInput
            label="New password"
            description={PASSWORD_RULE}
            autoComplete="new-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <PasswordInput
            label="Repeat the new password"
            autoComplete="new-password"
            required
            value={again}
            error={mismatch ? 'The two passwords differ' : undefined}
            onChange={(e) => setAgain(e.currentTarget.value)}
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
