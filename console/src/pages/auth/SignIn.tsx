import { Anchor, Button, Paper, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { api, unwrap } from '../../api/client';
import { useMe } from '../../session';
import { ErrorNotice } from '../../ui/feedback';
import { AuthFrame } from './AuthFrame';

/** Where to go after signing in: only a path on this origin, never another site. */
export function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

export default function SignIn() {
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const me = useMe();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const status = useQuery({
    queryKey: ['db-status'],
    queryFn: () => unwrap(api.GET('/api/db/status')),
  });
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useMutation({
    mutationFn: () => unwrap(api.POST('/api/auth/email/login', { body: { login, password } })),
    onSuccess: async () => {
      await queries.invalidateQueries({ queryKey: ['me'] });
      void navigate(next, { replace: true });
    },
  });
  if (me.data) return <Navigate to={next} replace />;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate();
  };
  return (
    <AuthFrame title="Sign in to Groundstation">
      {status.data && !status.data.configured ? (
        <Paper withBorder p="sm" mb="md">
          <Text size="sm">
            A new service?{' '}
            <Anchor component={Link} to="/setup">
              Set it up
            </Anchor>{' '}
            and create the first administrator.
          </Text>
        </Paper>
      ) : null}
      <form onSubmit={submit} aria-label="Sign in">
        <Stack>
          <ErrorNotice error={signIn.error} title="Could not sign in" />
          <TextInput
            label="Username or email"
            autoComplete="username"
            required
            value={login}
            onChange={(e) => setLogin(e.currentTarget.value)}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Button type="submit" loading={signIn.isPending}>
            Sign in
          </Button>
          <Text size="sm">
            <Anchor component={Link} to="/forgot-password">
              Forgot your password?
            </Anchor>{' '}
            · No account yet?{' '}
            <Anchor component={Link} to="/sign-up">
              Sign up
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthFrame>
  );
}
