import { Badge, Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, expectOk } from '../../api/client';
import { EmptyState, ErrorNotice, Loading } from '../../ui/feedback';
import { ago } from '../../ui/format';
import { ConfirmModal } from './ConfirmModal';
import { fetchAuthorizedClients, KIND_LABEL, OAUTH_KEY, type AuthorizedClient } from './oauth';
import { ScopeList } from './ScopeList';
import { Section } from './Section';

function RevokeApp({ app, onClose }: { app: AuthorizedClient | null; onClose: () => void }) {
  const queries = useQueryClient();
  const revoke = useMutation({
    mutationFn: (clientId: string) =>
      expectOk(
        api.DELETE('/api/oauth2/authorized-clients/{clientId}', {
          params: { path: { clientId } },
        }),
      ),
    onSuccess: async () => {
      await queries.invalidateQueries({ queryKey: OAUTH_KEY });
      onClose();
    },
  });
  return (
    <ConfirmModal
      opened={app !== null}
      title={`Revoke access of ${app?.client_name ?? 'this app'}?`}
      confirmLabel="Revoke access"
      action={revoke}
      onConfirm={() => app && revoke.mutate(app.client_id)}
      onClose={onClose}
    >
      Every approval you gave it ends with its tokens, and it forgets that you approved it: to use
      it again you sign in from the app and approve it anew.
    </ConfirmModal>
  );
}

function AppRow({ app, onRevoke }: { app: AuthorizedClient; onRevoke: () => void }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={500}>{app.client_name}</Text>
        <Badge variant="light" size="sm" tt="none">
          {KIND_LABEL[app.client_kind]}
        </Badge>
      </Table.Td>
      <Table.Td>
        <ScopeList scopes={app.scopes} />
      </Table.Td>
      <Table.Td>{app.teams.map((t) => t.name ?? t.id).join(', ') || '—'}</Table.Td>
      <Table.Td>{app.grants}</Table.Td>
      <Table.Td>{ago(app.last_used_at)}</Table.Td>
      <Table.Td>
        <Button size="xs" variant="outline" color="red" onClick={onRevoke}>
          Revoke {app.client_name}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

/** The apps the member approved (MCP clients, the command-line client), each revocable at once. */
export function ConnectedApps() {
  const apps = useQuery({ queryKey: [...OAUTH_KEY, 'clients'], queryFn: fetchAuthorizedClients });
  const [revoking, setRevoking] = useState<AuthorizedClient | null>(null);
  let body;
  if (apps.isPending) body = <Loading what="connected apps" />;
  else if (apps.error) body = <ErrorNotice error={apps.error} />;
  else if (apps.data.length === 0)
    body = (
      <EmptyState title="No connected apps">
        When an MCP client or the command-line client asks to act for you and you approve it, it
        shows here, and you can revoke it.
      </EmptyState>
    );
  else
    body = (
      <Table.ScrollContainer minWidth={720}>
        <Table aria-label="Connected apps" verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>App</Table.Th>
              <Table.Th>Access</Table.Th>
              <Table.Th>Teams</Table.Th>
              <Table.Th>Approvals</Table.Th>
              <Table.Th>Last used</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {apps.data.map((app) => (
              <AppRow key={app.client_id} app={app} onRevoke={() => setRevoking(app)} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  return (
    <Section
      title="Connected apps"
      description="Apps that act for you with the access you approved."
    >
      {body}
      <RevokeApp app={revoking} onClose={() => setRevoking(null)} />
    </Section>
  );
}
