import { Alert, Button, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../api/client';
import { useMe } from '../../session';
import { ErrorNotice, Loading } from '../../ui/feedback';
import { AuthFrame } from './AuthFrame';
import { answerMessage } from './message';
import { ResendVerification } from './ResendVerification';

/** Confirms the address once: the token works a single time, so the answer is kept, never asked again. */
function useVerification(token: string | null) {
  const queries = useQueryClient();
  return useQuery({
    queryKey: ['verify-email', token],
    enabled: token !== null,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    queryFn: async () => {
      const message = await answerMessage(
        api.GET('/api/auth/email/verify', { params: { query: { token: token ?? '' } } }),
        'Email address verified',
      );
      await queries.invalidateQueries({ queryKey: ['me'] });
      return message;
    },
  });
}

export default function VerifyEmail() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const me = useMe();
  const verify = useVerification(token);
  const next = me.data ? (
    <Button component={Link} to="/">
      Open the console
    </Button>
  ) : (
    <Button component={Link} to="/sign-in">
      Sign in
    </Button>
  );
  const resend = me.data && !me.data.email_verified && !verify.isSuccess && (
    <ResendVerification email={me.data.email} />
  );
  return (
    <AuthFrame title="Confirm your email address">
      <Stack>
        {token === null ? (
          <Text size="sm">
            Open the link from the confirmation email: it carries the token this page needs.
          </Text>
        ) : verify.isPending ? (
          <Loading what="the confirmation" />
        ) : verify.error ? (
          <ErrorNotice error={verify.error} title="The address was not confirmed" />
        ) : (
          <Alert role="status" variant="light" title="Thank you">
            <Text size="sm">{verify.data}.</Text>
          </Alert>
        )}
        {resend}
        {next}
      </Stack>
    </AuthFrame>
  );
}
