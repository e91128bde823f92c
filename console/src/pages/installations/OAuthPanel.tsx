import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { api, unwrap } from '../../api/client';
import { ErrorNotice, Loading } from '../../ui/feedback';
import { when } from '../../ui/format';
import { keys } from './data';
import type { PanelsProps } from './data';

/** What the server's error codes mean to a member (RFC 6749 §4.1.2.1; the rest are shown as sent). */
const REASONS: Record<string, string> = {
  access_denied: 'the sign-in was declined',
  token_request_failed: 'the server did not issue tokens for the sign-in',
  no_code: 'the server sent no authorization code back',
};

/**
 * Back from the server's sign-in: the callback adds `?upstream_oauth=connected`, or `refused`
 * with `upstream_error` when the server did not sign me in.
 */
function Returned({ serverName }: { serverName: string }) {
  const [params, setParams] = useSearchParams();
  const outcome = params.get('upstream_oauth');
  if (outcome !== 'connected' && outcome !== 'refused') return null;
  const dismiss = () =>
    setParams((prev) => {
      for (const name of ['upstream_oauth', 'installation_id', 'upstream_error']) prev.delete(name);
      return prev;
    });
  const reason = params.get('upstream_error') ?? 'no_code';
  const refused = outcome === 'refused';
  return (
    <Alert
      variant="light"
      color={refused ? 'red' : 'cyan'}
      role={refused ? 'alert' : 'status'}
      title={refused ? 'Not signed in' : 'Signed in'}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={dismiss}
    >
      {refused
        ? `${serverName} did not sign you in: ${REASONS[reason] ?? reason}. Connect to try again.`
        : `You are signed in to ${serverName}. Your instance starts with your account.`}
    </Alert>
  );
}

interface State {
  connected: boolean;
  expires_at: string | null;
  scope: string | null;
  can_refresh: boolean;
}

/** Whether I am signed in, until when, for what; never a token. */
function SignInState({ state: s }: { state: State }) {
  return (
    <Group gap="sm" aria-live="polite">
      <Badge variant="light" color={s.connected ? 'cyan' : 'gray'}>
        {s.connected ? 'Connected' : 'Not connected'}
      </Badge>
      {s.connected && s.expires_at ? (
        <Text size="sm">
          Access until {when(s.expires_at)}
          {s.can_refresh ? ', then refreshed' : ''}
        </Text>
      ) : null}
      {s.connected && s.scope ? <Text size="sm">Scope: {s.scope}</Text> : null}
    </Group>
  );
}

/**
 * For servers where every member signs in with their own account (OAuth): whether I am signed
 * in, Connect (the API gives the authorization server's address, the browser goes there and comes
 * back to this page) and Disconnect.
 */
export function OAuthPanel({ teamId, installation, server }: PanelsProps) {
  const installationId = installation.id;
  const key = [...keys.installation(teamId, installationId), 'oauth'];
  const queries = useQueryClient();
  const path = { teamId, installationId };
  const state = useQuery({
    queryKey: key,
    queryFn: () =>
      unwrap(
        api.GET('/api/teams/{teamId}/mcp/installations/{installationId}/oauth', {
          params: { path },
        }),
      ),
  });
  const connect = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/api/teams/{teamId}/mcp/installations/{installationId}/oauth/connect', {
          params: { path },
          body: { return_to: `/installations/${installationId}` },
        }),
      ),
    onSuccess: (data) => window.location.assign(data.authorization_url),
  });
  const disconnect = useMutation({
    mutationFn: () =>
      unwrap(
        api.DELETE('/api/teams/{teamId}/mcp/installations/{installationId}/oauth', {
          params: { path },
        }),
      ),
    onSuccess: () =>
      queries.invalidateQueries({ queryKey: keys.installation(teamId, installationId) }),
  });
  const s = state.data;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="oauth-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="oauth-heading">
          Sign-in to {server.name}
        </Title>
        <Returned serverName={server.name} />
        <Text c="dimmed">
          {server.name} asks every member to sign in with their own account. Groundstation keeps
          your tokens encrypted and refreshes them; they are never shown.
        </Text>
        {state.isPending ? <Loading what="your sign-in" /> : null}
        <ErrorNotice error={state.error} title="Could not read your sign-in" />
        {s ? <SignInState state={s} /> : null}
        {disconnect.data ? (
          <Text size="sm" role="status">
            Disconnected{disconnect.data.revoked ? '; the server revoked the tokens' : ''}.
          </Text>
        ) : null}
        <ErrorNotice error={connect.error} title="Could not start the sign-in" />
        <ErrorNotice error={disconnect.error} title="Could not disconnect" />
        <Group>
          <Button onClick={() => connect.mutate()} loading={connect.isPending || connect.isSuccess}>
            {s?.connected ? 'Sign in again' : 'Connect'}
          </Button>
          {s?.connected ? (
            <Button
              variant="default"
              onClick={() => disconnect.mutate()}
              loading={disconnect.isPending}
            >
              Disconnect
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
