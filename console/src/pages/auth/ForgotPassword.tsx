import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { ErrorNotice } from '../../ui/feedback';
import { AuthFrame } from './AuthFrame';
import { answerMessage } from './message';

/** Asks for a reset token by email; the answer is the same whether or not the address has an account. */
const requestReset = (email: string) =>
  answerMessage(
    api.POST('/api/auth/password/forgot', { body: { email } }),
    'A reset email is on its way',
  );

export default function ForgotPassword() {
  const [email, setEmail] = useState('');
  const request = useMutation({ mutationFn: requestReset });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate(email.trim());
  };
  return (
    <AuthFrame title="Reset your password">
      {request.data ? (
        <Stack>
          <Alert role="status" variant="light" title="Check your inbox">
            <Text size="sm">{request.data}.</Text>
            <Text size="sm" mt="xs">
              The email holds a reset token that works once, for an hour.
            </Text>
          </Alert>
          <Button component={Link} to="/reset-password">
            I have the token: choose a new password
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} aria-label="Ask for a reset token">
          <Stack>
            <ErrorNotice error={request.error} title="No reset email was sent" />
            <Text size="sm">
              Give the email address of your account and we send you a token to choose a new
              password.
            </Text>
            <TextInput
              label="Email address"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <Button type="submit" loading={request.isPending}>
              Send the reset email
            </Button>
          </Stack>
        </form>
      )}
      <Text size="sm" mt="md">
        <Anchor component={Link} to="/sign-in">
          Back to sign-in
        </Anchor>
      </Text>
    </AuthFrame>
  );
}
