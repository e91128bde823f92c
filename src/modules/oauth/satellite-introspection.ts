import { and, asc, desc, eq, exists, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { mcpServerInstallations, teamMembers, teams } from '../../db/schema/index.js';
import type { SatelliteActor } from '../../http/auth/types.js';
import type { Clock } from '../../lib/clock.js';
import { parseIssuedToken, secretMatches } from '../../lib/crypto.js';
import { TEAM_ROLE_PERMISSIONS, type TeamRole } from '../roles/permissions.js';
import type { UserRepository } from '../users/repository.js';
import type { OAuthRepository } from './repository.js';

/**
 * The installations a satellite runs, as its configuration decides: those assigned to it or to
 * no satellite (and, for a team satellite, only its team's: see `servedTeam`).
 */
const runs = (satellite: SatelliteActor) =>
  or(
    isNull(mcpServerInstallations.satelliteId),
    eq(mcpServerInstallations.satelliteId, satellite.satelliteId),
  );

/**
 * The team to report for a user's token to this satellite, or null when the satellite serves no
 * team of the user's. A team satellite serves its own team; a global satellite every team that
 * has an installation it may run (every member has an instance of each). OAuth tokens carry no
 * team yet, so the user's default team is preferred; when the satellite does not serve it, the
 * served team the user joined first.
 */
async function servedTeam(db: Executor, userId: string, satellite: SatelliteActor) {
  const served: SQL | undefined =
    satellite.satelliteType === 'team'
      ? eq(teams.id, satellite.teamId ?? '')
      : exists(
          db
            .select({ one: sql`1` })
            .from(mcpServerInstallations)
            .where(and(eq(mcpServerInstallations.teamId, teams.id), runs(satellite))),
        );
  const [row] = await db
    .select({ id: teams.id, name: teams.name, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.userId, userId), served))
    .orderBy(
      desc(sql`coalesce(${teams.isDefault} AND ${teams.ownerUserId} = ${userId}, false)`),
      asc(teamMembers.createdAt),
      asc(teams.id),
    )
    .limit(1);
  return row ?? null;
}

export interface SatelliteIntrospectionDeps {
  db: Executor;
  repository: OAuthRepository;
  users: UserRepository;
  clock: Clock;
  issuer: string;
}

/**
 * RFC 7662 for satellites: a satellite asks about the bearer token an MCP client presented to it.
 * Any user's access token can be reported, but only to a satellite that serves one of that
 * user's teams; everything else (unknown, revoked or expired tokens, refresh tokens, disabled
 * accounts, users of teams the satellite does not serve) is `{active: false}` and says nothing
 * about the token's owner.
 */
export function createSatelliteIntrospection(deps: SatelliteIntrospectionDeps) {
  const inactive = { active: false as const };
  return async function introspect(token: string, satellite: SatelliteActor) {
    // Only access tokens: a refresh token is not a credential an MCP client may present.
    const parsed = parseIssuedToken(token);
    if (!parsed || !parsed.id.startsWith('oat_')) return inactive;
    const row = await deps.repository.findAccessToken(parsed.id);
    if (!row || row.revokedAt || row.expiresAt <= deps.clock()) return inactive;
    if (!secretMatches(parsed.secret, row.secretHash)) return inactive;
    const user = await deps.users.findById(row.userId);
    if (!user || user.disabledAt) return inactive;
    const team = await servedTeam(deps.db, user.id, satellite);
    if (!team) return inactive;
    const role = team.role as TeamRole;
    return {
      active: true as const,
      sub: user.id,
      username: user.username,
      scope: row.scopes.join(' '),
      client_id: row.clientId,
      token_type: 'Bearer',
      exp: Math.floor(row.expiresAt.getTime() / 1000),
      iat: Math.floor(row.createdAt.getTime() / 1000),
      iss: deps.issuer,
      team_id: team.id,
      team_name: team.name,
      team_role: role,
      team_permissions: [...(TEAM_ROLE_PERMISSIONS[role] ?? [])],
    };
  };
}
