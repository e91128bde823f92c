import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../db/client.js';
import type { SatelliteActor } from '../http/auth/types.js';
import { EventError } from './errors.js';

export interface InstallationScope {
  id: string;
  teamId: string;
  name: string;
  satelliteId: string | null;
  settings: { request_logging_enabled: boolean };
}

/** Installations looked up for one batch; a null entry means "does not exist". */
export type InstallationCache = Map<string, InstallationScope | null>;

/** Instance ids keyed by `instanceKey(installation, user)`, of users who are team members. */
export type InstanceCache = Map<string, string>;

/** `memberKey(team, user)` of each (team, user) pair asked for where the user is a member. */
export type MemberCache = Set<string>;

export const instanceKey = (installationId: string, userId: string) =>
  `${installationId}\u0000${userId}`;
export const memberKey = (teamId: string, userId: string) => `${teamId}\u0000${userId}`;

const pairList = (pairs: Array<[string, string]>) =>
  pairs.length
    ? sql.join(
        pairs.map(([a, b]) => sql`(${a}, ${b})`),
        sql`, `,
      )
    : sql`(NULL, NULL)`;

/**
 * Reads every installation a batch names, the instances of the (installation, user) pairs it
 * names, and which of the (team, user) pairs it names are memberships, in one round trip before
 * any event is planned. Only instances whose user is a member of the installation's team are
 * read: an event naming anyone else fails (members.ts).
 */
export async function readScope(
  tx: Executor,
  installationIds: string[],
  pairs: Array<{ installationId: string; userId: string }>,
  members: Array<{ teamId: string; userId: string }> = [],
): Promise<{ installations: InstallationCache; instances: InstanceCache; members: MemberCache }> {
  const installations: InstallationCache = new Map(installationIds.map((id) => [id, null]));
  const instances: InstanceCache = new Map();
  const memberships: MemberCache = new Set();
  if (installationIds.length === 0 && members.length === 0)
    return { installations, instances, members: memberships };
  const ids = installationIds.length
    ? sql.join(
        installationIds.map((id) => sql`${id}`),
        sql`, `,
      )
    : sql`NULL`;
  const wanted = pairList(pairs.map((p) => [p.installationId, p.userId]));
  // Only batches with events about no installation (client activity) ask for memberships.
  const teamMembers = members.length
    ? sql`(SELECT json_agg(json_build_object('teamId', team_id, 'userId', user_id))
          FROM team_members WHERE (team_id, user_id) IN (${pairList(members.map((m) => [m.teamId, m.userId]))}))`
    : sql`NULL::json`;
  const [row] = rowsOf<{
    installations: ScopeRow[] | null;
    instances: InstanceRow[] | null;
    members: Array<{ teamId: string; userId: string }> | null;
  }>(
    await tx.execute(sql`
      SELECT
        (SELECT json_agg(json_build_object('id', id, 'teamId', team_id, 'name', name,
            'satelliteId', satellite_id, 'settings', settings))
          FROM mcp_server_installations WHERE id IN (${ids})) AS installations,
        (SELECT json_agg(json_build_object('id', i.id, 'installationId', i.installation_id,
            'userId', i.user_id))
          FROM mcp_server_instances i
          JOIN mcp_server_installations n ON n.id = i.installation_id
          JOIN team_members m ON m.team_id = n.team_id AND m.user_id = i.user_id
          WHERE (i.installation_id, i.user_id) IN (${wanted})) AS instances,
        ${teamMembers} AS members`),
  );
  for (const installation of row?.installations ?? [])
    installations.set(installation.id, installation);
  for (const instance of row?.instances ?? [])
    instances.set(instanceKey(instance.installationId, instance.userId), instance.id);
  for (const member of row?.members ?? []) memberships.add(memberKey(member.teamId, member.userId));
  return { installations, instances, members: memberships };
}

type ScopeRow = InstallationScope;
interface InstanceRow {
  id: string;
  installationId: string;
  userId: string;
}

/**
 * The installation an event names, if this satellite may write to it: it must belong to the
 * event's team, a team satellite serves only its own team, and an installation assigned to a
 * satellite is served by that one only.
 */
export function checkServed(
  row: InstallationScope | null | undefined,
  satellite: SatelliteActor,
  installationId: string,
  /** The team the event claims; absent where an event carries none. */
  teamId: string | undefined,
): InstallationScope {
  if (!row || (teamId !== undefined && row.teamId !== teamId)) {
    throw new EventError(
      teamId === undefined
        ? `installation ${installationId} does not exist`
        : `installation ${installationId} does not exist in team ${teamId}`,
    );
  }
  if (satellite.satelliteType === 'team' && satellite.teamId !== row.teamId) {
    throw new EventError(
      `installation ${installationId} belongs to a team this satellite does not serve`,
    );
  }
  if (row.satelliteId && row.satelliteId !== satellite.satelliteId) {
    throw new EventError(`installation ${installationId} is assigned to another satellite`);
  }
  return row;
}
