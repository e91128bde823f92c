import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../api/client';
import { ErrorNotice } from '../../ui/feedback';
import { NewPasswordFields, useNewPassword } from './NewPassword';
import { AuthFrame } from './AuthFrame';
import { answerMessage } from './message';

const reset = (body: { token: string; new_password: string }) =>
  answerMessage(api.POST('/api/auth/password/reset', { body }), 'Password changed');

function Done({ message }: { message: string }) {
  return (
    <Stack>
      <Alert role="status" variant="light" title="Your password is changed">
        <Text size="sm">{message}.</Text>
      </Alert>
      <Button component={Link} to="/sign-in">
        Sign in
      </Button>
    </Stack>
  );
}

/** A new password with the token from the reset email (from the link, or pasted). */
export default function ResetPassword() {
  const [params] = useSearchParams();
  const queries = useQueryClient();
  const [token, setToken] = useState(params.get('token') ?? '');
  const newPassword = useNewPassword();
  const change = useMutation({
    mutationFn: reset,
    // Every session of the account ended, this browser's among them.
    onSuccess: () => queries.invalidateQueries({ queryKey: ['me'] }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (newPassword.confirmed())
      change.mutate({ token: token.trim(), new_password: newPassword.password });
  };
  if (change.data) {
    return (
      <AuthFrame title="Choose a new password">
        <Done message={change.data} />
      </AuthFrame>
    );
  }
  return (
    <AuthFrame title="Choose a new password">
      <form onSubmit={submit} aria-label="Choose a new password">
        <Stack>
          <ErrorNotice error={change.error} title="The password was not changed" />
          <TextInput
            label="Reset token"
            description="From the reset email; it works once, for an hour."
            autoComplete="off"
            spellCheck={false}
            required
            value={token}
            onChange={(e) => setToken(e.currentTarget.value)}
          />
          <NewPasswordFields
            state={newPassword}
            label="New password"
            repeatLabel="Repeat the new password"
          />
          <Text size="sm" c="dimmed">
            Every session of the account ends, and apps you connected must be approved again.
          </Text>
          <Button type="submit" loading={change.isPending}>
            Change the password
          </Button>
        </Stack>
      </form>
      <Text size="sm" mt="md">
        No token?{' '}
        <Anchor component={Link} to="/forgot-password">
          Ask for a reset email
        </Anchor>
      </Text>
    </AuthFrame>
  );
}
