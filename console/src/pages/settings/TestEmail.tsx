import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api, expectOk } from '../../api/client';
import { ErrorNotice } from '../../ui/feedback';
import { readableTitle } from '../../ui/readable';

/** The API's own answer: its message on success, its error (in its words) otherwise. */
async function sendTest(to: string): Promise<string> {
  const answer = await api.POST('/api/admin/email/test', { body: { to } });
  await expectOk(Promise.resolve(answer));
  return answer.data?.message ?? `Test email sent to ${to}`;
}

/** Sends a test email with the saved SMTP settings and shows what the API answered. */
export function TestEmail({ defaultTo }: { defaultTo: string }) {
  const [to, setTo] = useState(defaultTo);
  const send = useMutation({ mutationFn: sendTest });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate(to);
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="settings-test-email">
      <Title order={2} size="h4" mb="xs" id="settings-test-email">
        Send a test email
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Uses the saved SMTP settings: save changes above first.
      </Text>
      <form onSubmit={submit} aria-label="Send a test email">
        <Stack gap="sm">
          <Group align="flex-end" gap="sm">
            <TextInput
              label="Recipient"
              type="email"
              required
              value={to}
              onChange={(e) => setTo(e.currentTarget.value)}
              style={{ flex: '1 1 240px' }}
            />
            <Button type="submit" loading={send.isPending}>
              Send a test email
            </Button>
          </Group>
          <ErrorNotice error={send.error} title="The test email was not sent" />
          {send.data ? (
            <Alert color="green" variant="light" title="Sent" role="status" styles={readableTitle}>
              {send.data}
            </Alert>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}
