import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { useSession } from '../../session';
import type { Team } from './api';

/**
 * What the member may do in one team, which need not be the console's current team: their
 * role there (global administrators act as administrators of every team).
 */
export function useTeamCan(team: Team | undefined) {
  const { isAdmin } = useSession();
  // The same query (and cache) as the session's own.
  const roles = useQuery({
    queryKey: ['roles'],
    queryFn: () => unwrap(api.GET('/api/roles')),
    staleTime: Infinity,
  });
  const granted = new Set(
    roles.data?.team_roles.find((r) => r.role === team?.role)?.permissions ?? [],
  );
  return (permission: string) => isAdmin || granted.has(permission);
}
