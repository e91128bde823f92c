import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from 'react-router';
import { useMe } from '../../session';
import { AccountForm, registerAccount, type RegisteredUser } from './AccountForm';
import { AuthFrame } from './AuthFrame';

/** What a new member reads once the account exists: signed in, and whether to confirm the email. */
function Created({ user }: { user: RegisteredUser }) {
  const navigate = useNavigate();
  return (
    <Stack>
      <Alert role="status" variant="light" title="Your account is ready">
        <Text size="sm">You are signed in as {user.username}.</Text>
      </Alert>
      {user.email_verified ? null : (
        <Text size="sm">
          Your email address still needs confirming. If this service sends email, a confirmation
          link is on its way to <strong>{user.email}</strong>: open it to verify the address. You
          can send a new one from your account page.
        </Text>
      )}
      <Button onClick={() => void navigate('/', { replace: true })}>Open the console</Button>
    </Stack>
  );
}

export default function SignUp() {
  const me = useMe();
  const queries = useQueryClient();
  const register = useMutation({
    mutationFn: registerAccount,
    onSuccess: () => queries.invalidateQueries({ queryKey: ['me'] }),
  });
  if (register.data) {
    return (
      <AuthFrame title="Welcome to Groundstation">
        <Created user={register.data.user} />
      </AuthFrame>
    );
  }
  if (me.data) return <Navigate to="/" replace />;
  return (
    <AuthFrame title="Create your Groundstation account">
      <AccountForm
        label="Sign up"
        submitLabel="Create account"
        pending={register.isPending}
        error={register.error}
        onSubmit={(account) => register.mutate(account)}
      />
      <Text size="sm" mt="md">
        Already have an account?{' '}
        <Anchor component={Link} to="/sign-in">
          Sign in
        </Anchor>
      </Text>
    </AuthFrame>
  );
}
