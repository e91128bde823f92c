import { Badge, Button, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, expectOk } from '../../api/client';
import { EmptyState } from '../../ui/feedback';
import { ListTable, Listed } from '../../ui/ListTable';
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
  return (
    <Section
      title="Connected apps"
      description="Apps that act for you with the access you approved."
    >
      <Listed
        query={apps}
        what="connected apps"
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState title="No connected apps">
            When an MCP client or the command-line client asks to act for you and you approve it, it
            shows here, and you can revoke it.
          </EmptyState>
        }
      >
        {(list) => (
          <ListTable
            label="Connected apps"
            minWidth={720}
            columns={['App', 'Access', 'Teams', 'Approvals', 'Last used', '']}
          >
            {list.map((app) => (
              <AppRow key={app.client_id} app={app} onRevoke={() => setRevoking(app)} />
            ))}
          </ListTable>
        )}
      </Listed>
      <RevokeApp app={revoking} onClose={() => setRevoking(null)} />
    </Section>
  );
}
