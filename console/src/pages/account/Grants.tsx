import { Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, expectOk } from '../../api/client';
import { EmptyState, ErrorNotice, Loading } from '../../ui/feedback';
import { ago, when } from '../../ui/format';
import { ConfirmModal } from './ConfirmModal';
import { fetchGrants, OAUTH_KEY, type Grant } from './oauth';
import { ScopeList } from './ScopeList';
import { Section } from './Section';

function RevokeGrant({ grant, onClose }: { grant: Grant | null; onClose: () => void }) {
  const queries = useQueryClient();
  const revoke = useMutation({
    mutationFn: (grantId: string) =>
      expectOk(api.DELETE('/api/oauth2/grants/{grantId}', { params: { path: { grantId } } })),
    onSuccess: async () => {
      await queries.invalidateQueries({ queryKey: OAUTH_KEY });
      onClose();
    },
  });
  return (
    <ConfirmModal
      opened={grant !== null}
      title="End this approval?"
      confirmLabel="End approval"
      action={revoke}
      onConfirm={() => grant && revoke.mutate(grant.id)}
      onClose={onClose}
    >
      {grant?.client_name ?? 'The app'} loses the access you approved on {when(grant?.created_at)},
      with all its tokens. Other approvals of the same app stay.
    </ConfirmModal>
  );
}

function GrantRow({ grant, onRevoke }: { grant: Grant; onRevoke: () => void }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={500}>{grant.client_name}</Text>
      </Table.Td>
      <Table.Td>{grant.team_name ?? grant.team_id ?? '—'}</Table.Td>
      <Table.Td>
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {grant.resource ?? 'Any'}
        </Text>
      </Table.Td>
      <Table.Td>
        <ScopeList scopes={grant.scopes} />
      </Table.Td>
      <Table.Td>{when(grant.created_at)}</Table.Td>
      <Table.Td>{ago(grant.last_used_at)}</Table.Td>
      <Table.Td>
        <Button size="xs" variant="outline" color="red" onClick={onRevoke}>
          End approval
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

/** Each approval on its own (one per sign-in from an app), to end one without the others. */
export function Grants() {
  const grants = useQuery({ queryKey: [...OAUTH_KEY, 'grants'], queryFn: fetchGrants });
  const [revoking, setRevoking] = useState<Grant | null>(null);
  let body;
  if (grants.isPending) body = <Loading what="approvals" />;
  else if (grants.error) body = <ErrorNotice error={grants.error} />;
  else if (grants.data.length === 0)
    body = (
      <EmptyState title="No approvals">
        Each time you approve an app, for a team and a server, the approval shows here.
      </EmptyState>
    );
  else
    body = (
      <Table.ScrollContainer minWidth={820}>
        <Table aria-label="Approvals" verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>App</Table.Th>
              <Table.Th>Team</Table.Th>
              <Table.Th>Server</Table.Th>
              <Table.Th>Access</Table.Th>
              <Table.Th>Approved</Table.Th>
              <Table.Th>Last used</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {grants.data.map((g) => (
              <GrantRow key={g.id} grant={g} onRevoke={() => setRevoking(g)} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  return (
    <Section
      title="Approvals"
      description="Every sign-in you approved for an app, with its team and server. End one to stop just that sign-in."
    >
      {body}
      <RevokeGrant grant={revoking} onClose={() => setRevoking(null)} />
    </Section>
  );
}
