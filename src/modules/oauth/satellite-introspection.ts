import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { satellites, teamMembers, teams } from '../../db/schema/index.js';
import type { SatelliteActor } from '../../http/auth/types.js';
import type { Clock } from '../../lib/clock.js';
import { parseIssuedToken, secretMatches } from '../../lib/crypto.js';
import { TEAM_ROLE_PERMISSIONS, type Permission, type TeamRole } from '../roles/permissions.js';
import type { UserRepository } from '../users/repository.js';
import type { OAuthRepository } from './repository.js';
import { audienceMatches } from './resource.js';

/**
 * The team to report for a user's token to this satellite, or null when the satellite serves no
 * team of the user's. A team satellite serves its own team only. A global satellite serves every
 * team, including teams that have installed nothing yet or whose installations are assigned to
 * other satellites: its MCP clients must be able to sign in before their team installs anything
 * (they then see an empty tool list), or they would retry authentication for ever. Which servers
 * a client sees is the configuration's business, not introspection's. A token bound to a team
 * (chosen on the consent page) is reported with that team only, and only while the user is still
 * a member and the satellite serves it. A token without a team (issued before teams were chosen)
 * gets the user's default team when the satellite serves it, else the served team joined first.
 */
async function servedTeam(
  db: Executor,
  userId: string,
  satellite: SatelliteActor,
  boundTeam: string | null,
) {
  const served: SQL | undefined =
    satellite.satelliteType === 'team' ? eq(teams.id, satellite.teamId ?? '') : undefined;
  const [row] = await db
    .select({ id: teams.id, name: teams.name, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(
      and(
        eq(teamMembers.userId, userId),
        served,
        boundTeam === null ? undefined : eq(teams.id, boundTeam),
      ),
    )
    .orderBy(
      desc(sql`coalesce(${teams.isDefault} AND ${teams.ownerUserId} = ${userId}, false)`),
      asc(teamMembers.createdAt),
      asc(teams.id),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Whether a token was granted for MCP use at all: at least one `mcp:` scope. A token granted only
 * for Groundstation's own API or the registry (`teams:read`, `registry:read`, …) is no credential
 * for an MCP server, so a satellite must not accept it.
 */
const grantsMcp = (scopes: readonly string[]) => scopes.some((s) => s.startsWith('mcp:'));

/** What RFC 7662 introspection answers for a token it does not report. */
export interface InactiveToken {
  active: false;
}

/** What a satellite learns of an active token: who, for what, and the team it serves them in. */
export interface SatelliteTokenIntrospection {
  active: true;
  sub: string;
  username: string;
  scope: string;
  client_id: string;
  token_type: string;
  exp: number;
  iat: number;
  iss: string;
  aud?: string;
  team_id: string;
  team_name: string;
  team_role: TeamRole;
  team_permissions: Permission[];
}

export interface SatelliteIntrospectionDeps {
  db: Executor;
  repository: OAuthRepository;
  users: UserRepository;
  clock: Clock;
  issuer: string;
}

/**
 * The satellite's URL, the audience its MCP clients' tokens must name: given at pairing, set by
 * an administrator, or by the first heartbeat of a satellite paired without one. A heartbeat
 * never moves it (satellites/service.ts), so a satellite cannot claim another's audience.
 */
async function satelliteUrlOf(db: Executor, satelliteId: string) {
  const [row] = await db
    .select({ url: satellites.satelliteUrl })
    .from(satellites)
    .where(eq(satellites.id, satelliteId));
  return row?.url ?? null;
}

/**
 * RFC 7662 for satellites: a satellite asks about the bearer token an MCP client presented to it.
 * Any user's access token with an `mcp:` scope can be reported, but only to a satellite that
 * serves one of that user's teams (a global satellite serves every team); everything else
 * (unknown, revoked or expired tokens, refresh tokens, tokens without an `mcp:` scope, disabled
 * accounts, users of teams the satellite does not serve, tokens bound to another team, tokens
 * whose audience is another satellite's URL) is `{active: false}` and says nothing about the
 * token's owner.
 */
export function createSatelliteIntrospection(deps: SatelliteIntrospectionDeps) {
  const inactive = { active: false as const };
  return async function introspect(
    token: string,
    satellite: SatelliteActor,
  ): Promise<SatelliteTokenIntrospection | InactiveToken> {
    // Only access tokens: a refresh token is not a credential an MCP client may present.
    const parsed = parseIssuedToken(token);
    if (!parsed || !parsed.id.startsWith('oat_')) return inactive;
    const row = await deps.repository.findAccessToken(parsed.id);
    if (!row || row.revokedAt || row.expiresAt <= deps.clock()) return inactive;
    if (!secretMatches(parsed.secret, row.secretHash)) return inactive;
    if (!grantsMcp(row.scopes)) return inactive;
    const user = await deps.users.findById(row.userId);
    if (!user || user.disabledAt) return inactive;
    // RFC 8707: a token meant for one satellite is no credential at another. A satellite that
    // has not told its URL cannot be the audience of any bound token.
    if (row.resource) {
      const url = await satelliteUrlOf(deps.db, satellite.satelliteId);
      if (!url || !audienceMatches(row.resource, url)) return inactive;
    }
    const team = await servedTeam(deps.db, user.id, satellite, row.teamId);
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
      ...(row.resource ? { aud: row.resource } : {}),
      team_id: team.id,
      team_name: team.name,
      team_role: role,
      team_permissions: [...(TEAM_ROLE_PERMISSIONS[role] ?? [])],
    };
  };
}
