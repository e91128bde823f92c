import { Badge, Group, Stack, Switch, Table, Title } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, expectOk, unwrap } from '../../api/client';
import { useSession } from '../../session';
import { EmptyState, ErrorNotice, Loading } from '../../ui/feedback';
import { ago, when } from '../../ui/format';
import { ConfirmButton } from './parts';
import { Pager } from '../../ui/Pager';

const PAGE = 20;
const STATE_COLOR: Record<string, string> = {
  active: 'green',
  used: 'gray',
  expired: 'yellow',
  revoked: 'red',
};

function useTokens(page: number, activeOnly: boolean) {
  return useQuery({
    queryKey: ['registration-tokens', activeOnly, page],
    queryFn: () =>
      unwrap(
        api.GET('/api/satellites/registration-tokens', {
          params: {
            query: {
              limit: String(PAGE),
              offset: String((page - 1) * PAGE),
              ...(activeOnly ? { state: 'active' } : {}),
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** Registration tokens not yet used (or all of them), and revoking one. */
export function RegistrationTokens() {
  const [activeOnly, setActiveOnly] = useState(true);
  const [page, setPage] = useState(1);
  const tokens = useTokens(page, activeOnly);
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3">
          Registration tokens
        </Title>
        <Switch
          label="Only tokens that can still pair"
          checked={activeOnly}
          onChange={(e) => {
            setActiveOnly(e.currentTarget.checked);
            setPage(1);
          }}
        />
      </Group>
      {tokens.isPending ? <Loading what="registration tokens" /> : null}
      <ErrorNotice error={tokens.error} />
      {tokens.data ? <TokenTable tokens={tokens.data.tokens} /> : null}
      {tokens.data ? (
        <Pager
          total={tokens.data.pagination.total}
          page={page}
          pageSize={PAGE}
          noun={['registration token', 'registration tokens']}
          onChange={setPage}
          label="Pages of registration tokens"
        />
      ) : null}
    </Stack>
  );
}

type Token = NonNullable<ReturnType<typeof useTokens>['data']>['tokens'][number];

function TokenTable({ tokens }: { tokens: Token[] }) {
  const { me } = useSession();
  const queries = useQueryClient();
  if (tokens.length === 0)
    return (
      <EmptyState title="No pending tokens">
        Tokens you create with “Pair a satellite” wait here until a satellite uses them.
      </EmptyState>
    );
  const scope = (t: Token) =>
    t.scope === 'global'
      ? 'Global'
      : `Team ${me.teams.find((team) => team.id === t.team_id)?.name ?? t.team_id ?? ''}`;
  return (
    <Table.ScrollContainer minWidth={680}>
      <Table striped aria-label="Registration tokens">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Scope</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Expires</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tokens.map((t) => (
            <Table.Tr key={t.id}>
              <Table.Td>{t.name ?? t.id}</Table.Td>
              <Table.Td>{scope(t)}</Table.Td>
              <Table.Td>
                <Badge color={STATE_COLOR[t.state] ?? 'gray'} variant="dot">
                  {t.state}
                </Badge>
              </Table.Td>
              <Table.Td title={when(t.created_at)}>{ago(t.created_at)}</Table.Td>
              <Table.Td>{when(t.expires_at)}</Table.Td>
              <Table.Td>
                {t.state === 'active' ? (
                  <ConfirmButton
                    label="Revoke"
                    buttonProps={{ 'aria-label': `Revoke token ${t.name ?? t.id}` }}
                    title="Revoke this registration token?"
                    confirmLabel="Revoke token"
                    onConfirm={() =>
                      expectOk(
                        api.DELETE('/api/satellites/registration-tokens/{tokenId}', {
                          params: { path: { tokenId: t.id } },
                        }),
                      )
                    }
                    onDone={() =>
                      void queries.invalidateQueries({ queryKey: ['registration-tokens'] })
                    }
                  >
                    No satellite can pair with “{t.name ?? t.id}” afterwards. Satellites already
                    paired are not affected.
                  </ConfirmButton>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
