import { api, expectOk, unwrap } from '../../api/client';
import type { operations } from '../../api/schema';

export const PAGE_SIZE = 20;

type Body<O extends keyof operations> = NonNullable<
  operations[O]['requestBody']
>['content']['application/json'];

export type TeamChange = Body<'updateTeam'>;
export type NewTeam = Body<'createTeam'>;
export type TeamRole = Body<'changeTeamMemberRole'>['role'];

const page = (n: number) => ({
  limit: String(PAGE_SIZE),
  offset: String((n - 1) * PAGE_SIZE),
});

export const fetchMyTeams = (n: number) =>
  unwrap(api.GET('/api/users/me/teams', { params: { query: page(n) } }));
export const fetchAllTeams = (n: number) =>
  unwrap(api.GET('/api/admin/teams', { params: { query: page(n) } }));
export const fetchTeam = (teamId: string) =>
  unwrap(api.GET('/api/teams/{teamId}', { params: { path: { teamId } } })).then((d) => d.team);
export const fetchMembers = (teamId: string, n: number) =>
  unwrap(api.GET('/api/teams/{teamId}/members', { params: { path: { teamId }, query: page(n) } }));

export type Team = Awaited<ReturnType<typeof fetchTeam>>;
export type Member = Awaited<ReturnType<typeof fetchMembers>>['members'][number];

export const createTeam = (body: NewTeam) =>
  unwrap(api.POST('/api/teams', { body })).then((d) => d.team);
export const updateTeam = (teamId: string, body: TeamChange) =>
  unwrap(api.PATCH('/api/teams/{teamId}', { params: { path: { teamId } }, body }));
export const deleteTeam = (teamId: string) =>
  expectOk(api.DELETE('/api/teams/{teamId}', { params: { path: { teamId } } }));
export const addMember = (teamId: string, login: string, role: TeamRole) =>
  unwrap(
    api.POST('/api/teams/{teamId}/members', {
      params: { path: { teamId } },
      body: { login, role },
    }),
  );
export const changeRole = (teamId: string, userId: string, role: TeamRole) =>
  unwrap(
    api.PATCH('/api/teams/{teamId}/members/{userId}', {
      params: { path: { teamId, userId } },
      body: { role },
    }),
  );
export const removeMember = (teamId: string, userId: string) =>
  expectOk(
    api.DELETE('/api/teams/{teamId}/members/{userId}', { params: { path: { teamId, userId } } }),
  );

export const ROLE_LABEL: Record<TeamRole, string> = {
  team_admin: 'Team admin',
  team_user: 'Member',
};

export const ROLE_OPTIONS = [
  { value: 'team_user', label: ROLE_LABEL.team_user },
  { value: 'team_admin', label: ROLE_LABEL.team_admin },
];

export const asRole = (value: string): TeamRole =>
  value === 'team_admin' ? 'team_admin' : 'team_user';
