import { Badge, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSession } from '../../session';
import { ErrorNotice } from '../../ui/feedback';
import { ResendVerification } from '../auth/ResendVerification';
import { updateProfile } from './profile';
import { Section } from './Section';

function CurrentEmail() {
  const { me } = useSession();
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Text fw={500}>{me.email}</Text>
        <Badge variant="light" color={me.email_verified ? 'blue' : 'gray'}>
          {me.email_verified ? 'Confirmed' : 'Not confirmed'}
        </Badge>
      </Group>
      {me.email_verified ? null : <ResendVerification email={me.email} />}
    </Stack>
  );
}

/** The address password resets go to: changing it needs the current password, then confirming. */
export function EmailSection() {
  const { refresh } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const save = useMutation({
    mutationFn: updateProfile,
    onSuccess: async () => {
      setEmail('');
      setPassword('');
      await refresh();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ email: email.trim(), current_password: password });
  };
  return (
    <Section
      title="Email address"
      description="Password reset emails go to this address. A new address needs confirming again."
    >
      <CurrentEmail />
      <form onSubmit={submit} aria-label="Change email address">
        <Stack>
          <ErrorNotice error={save.error} title="The email address was not changed" />
          {save.isSuccess ? (
            <Text size="sm" role="status">
              Email address changed to {save.data.user.email}.
            </Text>
          ) : null}
          <TextInput
            label="New email address"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <PasswordInput
            label="Current password"
            description="Needed to move your account to another address."
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Group>
            <Button type="submit" loading={save.isPending}>
              Change email address
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}
