import { Button, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, expectOk } from '../../api/client';
import { EmptyState } from '../../ui/feedback';
import { ListTable, Listed } from '../../ui/ListTable';
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
  return (
    <Section
      title="Approvals"
      description="Every sign-in you approved for an app, with its team and server. End one to stop just that sign-in."
    >
      <Listed
        query={grants}
        what="approvals"
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState title="No approvals">
            Each time you approve an app, for a team and a server, the approval shows here.
          </EmptyState>
        }
      >
        {(list) => (
          <ListTable
            label="Approvals"
            minWidth={820}
            columns={['App', 'Team', 'Server', 'Access', 'Approved', 'Last used', '']}
          >
            {list.map((g) => (
              <GrantRow key={g.id} grant={g} onRevoke={() => setRevoking(g)} />
            ))}
          </ListTable>
        )}
      </Listed>
      <RevokeGrant grant={revoking} onClose={() => setRevoking(null)} />
    </Section>
  );
}
