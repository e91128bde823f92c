import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, unwrap } from './api/client';
import type { components } from './api/schema';

type Me = NonNullable<Awaited<ReturnType<typeof fetchMe>>>;

async function fetchMe() {
  try {
    return await unwrap(api.GET('/api/users/me'));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

const fetchRoles = () => unwrap(api.GET('/api/roles'));

export type Team = Me['teams'][number];

export interface Session {
  me: Me;
  /** The team the console is working in (chosen by the member, else their default team). */
  team: Team | null;
  selectTeam(id: string): void;
  isAdmin: boolean;
  /** Whether the member holds a permission, globally or through their role in the current team. */
  can(permission: string): boolean;
  refresh(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);
const TEAM_KEY = 'groundstation.team';

/** Who is signed in: null while signed out. Shared by the session provider and the sign-in pages. */
export function useMe() {
  return useQuery({ queryKey: ['me'], queryFn: fetchMe, staleTime: 30_000 });
}

export function SessionProvider({ me, children }: { me: Me; children: ReactNode }) {
  const client = useQueryClient();
  const roles = useQuery({ queryKey: ['roles'], queryFn: fetchRoles, staleTime: Infinity });
  const [teamId, setTeamId] = useState(() => localStorage.getItem(TEAM_KEY));
  const session = useMemo<Session>(() => {
    const team =
      me.teams.find((t) => t.id === teamId) ??
      me.teams.find((t) => t.is_default) ??
      me.teams[0] ??
      null;
    const granted = new Set<string>();
    for (const r of roles.data?.global_roles ?? []) {
      if (r.role === me.global_role) r.permissions.forEach((p) => granted.add(p));
    }
    for (const r of roles.data?.team_roles ?? []) {
      if (r.role === team?.role) r.permissions.forEach((p) => granted.add(p));
    }
    return {
      me,
      team,
      isAdmin: me.global_role === 'global_admin',
      can: (permission) => granted.has(permission),
      selectTeam(id) {
        localStorage.setItem(TEAM_KEY, id);
        setTeamId(id);
        void client.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'team' });
      },
      refresh: () => client.invalidateQueries({ queryKey: ['me'] }),
    };
  }, [me, teamId, roles.data, client]);
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** The signed-in member's session; only inside the signed-in part of the console. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside the signed-in console');
  return session;
}

/** The current team's id, for team-scoped API paths; pages that need one are shown only with one. */
export function useTeamId(): string {
  const { team } = useSession();
  if (!team) throw new Error('no team');
  return team.id;
}

export type Schemas = components['schemas'];
