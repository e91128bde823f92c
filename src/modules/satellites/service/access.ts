import type { UserActor } from '../../../http/auth/types.js';
import { ForbiddenError, NotFoundError } from '../../../http/errors.js';
import { globalRoleHas } from '../../roles/permissions.js';
import type { SatelliteRow, TokenRow } from '../repository.js';
import type { SatelliteServiceDeps } from './deps.js';

type AccessDeps = Pick<SatelliteServiceDeps, 'repository' | 'teams'>;

/** Who may see and manage which satellites and registration tokens. */
export interface SatelliteAccess {
  /** Who may manage what: global satellites need the global permission, team ones a team admin. */
  canManage(actor: UserActor, scope: 'global' | 'team', teamId: string | null): Promise<boolean>;
  /** The teams the caller administers; null when they see every team's satellites. */
  adminTeamIds(actor: UserActor): Promise<string[] | null>;
  /** Whether the caller belongs to the team (or sees every team's satellites anyway). */
  insider(actor: UserActor, teamId: string | null): Promise<boolean>;
  /** The satellite the caller manages; 404 or 403 otherwise (also before validation). */
  mustManage(actor: UserActor, satelliteId: string): Promise<SatelliteRow>;
  /** Tokens the caller does not manage are answered as if they did not exist. */
  mustManageToken(actor: UserActor, tokenId: string): Promise<TokenRow>;
}

async function canManage(
  deps: AccessDeps,
  actor: UserActor,
  scope: 'global' | 'team',
  teamId: string | null,
) {
  if (globalRoleHas(actor.globalRole, 'satellites.manage')) return true;
  if (scope === 'global' || !teamId) return false;
  return (await deps.teams.membership(teamId, actor.userId))?.role === 'team_admin';
}

async function adminTeamIds(deps: AccessDeps, actor: UserActor): Promise<string[] | null> {
  if (globalRoleHas(actor.globalRole, 'satellites.view')) return null;
  const { items } = await deps.teams.listForUser(actor.userId, null);
  return items.filter((r) => r.role === 'team_admin').map((r) => r.team.id);
}

async function insider(deps: AccessDeps, actor: UserActor, teamId: string | null) {
  if (globalRoleHas(actor.globalRole, 'satellites.view')) return true;
  return teamId !== null && Boolean((await deps.teams.membership(teamId, actor.userId))?.role);
}

async function mustManage(deps: AccessDeps, actor: UserActor, satelliteId: string) {
  // Also called on the raw path parameter, before validation (config.access).
  const satellite = satelliteId.length <= 200 ? await deps.repository.find(satelliteId) : null;
  if (!satellite) throw new NotFoundError('Satellite not found');
  if (!(await canManage(deps, actor, satellite.type as 'global' | 'team', satellite.teamId))) {
    // Team satellites of other teams are not even acknowledged.
    if (satellite.type === 'team' && !globalRoleHas(actor.globalRole, 'satellites.view'))
      throw new NotFoundError('Satellite not found');
    throw new ForbiddenError('This requires the permission satellites.manage');
  }
  return satellite;
}

async function mustManageToken(deps: AccessDeps, actor: UserActor, tokenId: string) {
  const token = tokenId.length <= 200 ? await deps.repository.findToken(tokenId) : null;
  if (!token || !(await canManage(deps, actor, token.scope as 'global' | 'team', token.teamId)))
    throw new NotFoundError('Registration token not found');
  return token;
}

export function satelliteAccess(deps: AccessDeps): SatelliteAccess {
  return {
    canManage: (actor, scope, teamId) => canManage(deps, actor, scope, teamId),
    adminTeamIds: (actor) => adminTeamIds(deps, actor),
    insider: (actor, teamId) => insider(deps, actor, teamId),
    mustManage: (actor, satelliteId) => mustManage(deps, actor, satelliteId),
    mustManageToken: (actor, tokenId) => mustManageToken(deps, actor, tokenId),
  };
}
