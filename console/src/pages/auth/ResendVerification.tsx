import { Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../api/client';
import { ErrorNotice } from '../../ui/feedback';
import { answerMessage } from './message';

const resend = () =>
  answerMessage(api.POST('/api/auth/email/verify/resend'), 'Verification email sent');

/** Sends the signed-in member a fresh confirmation link (the older one stops working). */
export function ResendVerification({ email }: { email: string }) {
  const send = useMutation({ mutationFn: resend });
  return (
    <Stack gap="xs" align="flex-start">
      <ErrorNotice error={send.error} title="No email was sent" />
      {send.data ? (
        <Text size="sm" role="status">
          {send.data} to {email}.
        </Text>
      ) : null}
      <Button variant="default" loading={send.isPending} onClick={() => send.mutate()}>
        Send a new confirmation email
      </Button>
    </Stack>
  );
}
