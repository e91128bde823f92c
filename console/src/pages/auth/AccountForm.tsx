import { Button, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { api, unwrap } from '../../api/client';
import { ErrorNotice } from '../../ui/feedback';
import { NewPasswordFields, useNewPassword } from './NewPassword';

export interface NewAccount {
  username: string;
  email: string;
  password: string;
}

/** Creates an account (and its session, whose cookie the API sets): sign-up and first run. */
export const registerAccount = (body: NewAccount) =>
  unwrap(api.POST('/api/auth/email/register', { body }));

export type RegisteredUser = Awaited<ReturnType<typeof registerAccount>>['user'];

/** Username, email and a password typed twice: the fields of a new account. */
export function AccountForm({
  label,
  submitLabel,
  pending,
  error,
  onSubmit,
  children,
}: {
  label: string;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (account: NewAccount) => void;
  children?: ReactNode;
}) {
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const newPassword = useNewPassword();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (newPassword.confirmed())
      onSubmit({ username: username.trim(), email: email.trim(), password: newPassword.password });
  };
  return (
    <form onSubmit={submit} aria-label={label}>
      <Stack>
        <ErrorNotice error={error} title="The account was not created" />
        <TextInput
          label="Username"
          description="3 to 32 letters, digits, dots, dashes or underscores"
          autoComplete="username"
          required
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
        />
        <TextInput
          label="Email address"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <NewPasswordFields state={newPassword} label="Password" repeatLabel="Repeat the password" />
        {children}
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
