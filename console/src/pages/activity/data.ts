import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { useSession } from '../../session';

/** The team's installations (the first hundred: a team has far fewer). */
export function useInstallations(teamId: string | null) {
  return useQuery({
    queryKey: ['team', teamId, 'installations', 'picker'],
    enabled: teamId !== null,
    queryFn: () =>
      unwrap(
        api.GET('/api/teams/{teamId}/mcp/installations', {
          params: { path: { teamId: teamId ?? '' }, query: { limit: '100' } },
        }),
      ),
  });
}

export type Installation = NonNullable<
  ReturnType<typeof useInstallations>['data']
>['installations'][number];

/** Member names by account id, to show who made a call; ids alone when the list is not ours. */
export function useMemberNames(teamId: string) {
  const members = useQuery({
    queryKey: ['team', teamId, 'members', 'names'],
    queryFn: () =>
      unwrap(
        api.GET('/api/teams/{teamId}/members', {
          params: { path: { teamId }, query: { limit: '100' } },
        }),
      ),
    staleTime: 60_000,
  });
  const names = new Map(
    (members.data?.members ?? []).map((m) => [m.user_id, m.display_name ?? m.username]),
  );
  return (id: string | null) => (id ? (names.get(id) ?? id) : '—');
}

/** Page size of the log lists: big enough to read, small enough to stay quick. */
export const LOG_PAGE = 50;

export const pageQuery = (page: number, size = LOG_PAGE) => ({
  limit: String(size),
  offset: String((page - 1) * size),
});

/** An installation's name when it is one of the current team's, else its id. */
export function useInstallationName() {
  const { team } = useSession();
  const list = useInstallations(team?.id ?? null);
  const names = new Map((list.data?.installations ?? []).map((i) => [i.id, i.name]));
  return (id: string | null) => (id ? (names.get(id) ?? id) : '—');
}
