import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { api, unwrap } from '../../api/client';
import { ErrorNotice } from '../../ui/feedback';

export interface NewAccount {
  username: string;
  email: string;
  password: string;
}

/** Creates an account (and its session, whose cookie the API sets): sign-up and first run. */
export const registerAccount = (body: NewAccount) =>
  unwrap(api.POST('/api/auth/email/register', { body }));

export type RegisteredUser = Awaited<ReturnType<typeof registerAccount>>['user'];

export const PASSWORD_RULE =
  'At least 10 characters, and not the same as your username or email address.';

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
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password !== again) return setMismatch(true);
    setMismatch(false);
    onSubmit({ username: username.trim(), email: email.trim(), password });
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
        <PasswordInput
          label="Password"
          description={PASSWORD_RULE}
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <PasswordInput
          label="Repeat the password"
          autoComplete="new-password"
          required
          value={again}
          error={mismatch ? 'The two passwords differ' : undefined}
          onChange={(e) => setAgain(e.currentTarget.value)}
        />
        {children}
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
