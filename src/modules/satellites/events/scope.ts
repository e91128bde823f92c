import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../../db/client.js';
import { executePrepared, type StatementNames } from '../../../db/prepared.js';
import type { InstallationScope, ScopeCache } from './scope-cache.js';
import type { SatelliteActor } from '../../../http/auth/types.js';
import { EventError } from './errors.js';

/** Installations looked up for one batch; a null entry means "does not exist". */
export type InstallationCache = Map<string, InstallationScope | null>;

/** Instance ids keyed by `instanceKey(installation, user)`, of users who are team members. */
export type InstanceCache = Map<string, string>;

/** `memberKey(team, user)` of each (team, user) pair asked for where the user is a member. */
export type MemberCache = Set<string>;

export const instanceKey = (installationId: string, userId: string) =>
  `${installationId}\u0000${userId}`;
export const memberKey = (teamId: string, userId: string) => `${teamId}\u0000${userId}`;

/** A text[] parameter: the same statement text whatever the number of values. */
const textArray = (values: string[]) => sql`${`{${values.map(arrayItem).join(',')}}`}::text[]`;
const arrayItem = (value: string) => `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`;

/** What a batch's events name, to be looked up before any is planned. */
export interface ScopeWanted {
  installationIds: string[];
  pairs: Array<{ installationId: string; userId: string }>;
  members: Array<{ teamId: string; userId: string }>;
}

/**
 * Reads every installation a batch names, the instances of the (installation, user) pairs it
 * names, and which of the (team, user) pairs it names are memberships, in one round trip before
 * any event is planned, or none when `cache` remembers them all (scope-cache.ts). Only instances
 * whose user is a member of the installation's team are read: an event naming anyone else fails
 * (members.ts).
 */
export async function readScope(
  tx: Executor,
  names: StatementNames,
  wanted: ScopeWanted,
  cache?: ScopeCache,
): Promise<{ installations: InstallationCache; instances: InstanceCache; members: MemberCache }> {
  const installations: InstallationCache = new Map();
  const instances: InstanceCache = new Map();
  const memberships: MemberCache = new Set();
  const missing: ScopeWanted = { installationIds: [], pairs: [], members: [] };
  for (const id of wanted.installationIds) {
    const known = cache?.installation(id);
    installations.set(id, known ?? null);
    if (!known) missing.installationIds.push(id);
  }
  for (const pair of wanted.pairs) {
    const key = instanceKey(pair.installationId, pair.userId);
    const known = cache?.instance(key);
    if (known) instances.set(key, known);
    else missing.pairs.push(pair);
  }
  for (const member of wanted.members) {
    const key = memberKey(member.teamId, member.userId);
    if (cache?.member(key)) memberships.add(key);
    else missing.members.push(member);
  }
  if (
    missing.installationIds.length === 0 &&
    missing.pairs.length === 0 &&
    missing.members.length === 0
  )
    return { installations, instances, members: memberships };
  const epoch = cache?.epoch() ?? 0;
  const read = await queryScope(tx, names, missing);
  for (const installation of read.installations) installations.set(installation.id, installation);
  for (const [key, id] of read.instances) instances.set(key, id);
  for (const key of read.members) memberships.add(key);
  cache?.remember(epoch, read);
  return { installations, instances, members: memberships };
}

/**
 * The lookup itself. The lists travel as arrays, so the statement's text is one of two and
 * runs prepared (db/prepared.ts).
 */
async function queryScope(tx: Executor, names: StatementNames, wanted: ScopeWanted) {
  // Only batches with events about no installation (client activity) ask for memberships.
  const teamMembers = wanted.members.length
    ? sql`(SELECT json_agg(json_build_object('teamId', m.team_id, 'userId', m.user_id))
          FROM unnest(${textArray(wanted.members.map((m) => m.teamId))},
            ${textArray(wanted.members.map((m) => m.userId))}) AS w(team_id, user_id)
          JOIN team_members m ON m.team_id = w.team_id AND m.user_id = w.user_id)`
    : sql`NULL::json`;
  const [row] = rowsOf<{
    installations: ScopeRow[] | null;
    instances: InstanceRow[] | null;
    members: Array<{ teamId: string; userId: string }> | null;
  }>(
    await executePrepared(
      tx,
      sql`
      SELECT
        (SELECT json_agg(json_build_object('id', id, 'teamId', team_id, 'name', name,
            'satelliteId', satellite_id, 'settings', settings))
          FROM mcp_server_installations
          WHERE id = ANY(${textArray(wanted.installationIds)})) AS installations,
        (SELECT json_agg(json_build_object('id', i.id, 'installationId', i.installation_id,
            'userId', i.user_id))
          FROM unnest(${textArray(wanted.pairs.map((p) => p.installationId))},
            ${textArray(wanted.pairs.map((p) => p.userId))}) AS w(installation_id, user_id)
          JOIN mcp_server_instances i
            ON i.installation_id = w.installation_id AND i.user_id = w.user_id
          JOIN mcp_server_installations n ON n.id = i.installation_id
          JOIN team_members m ON m.team_id = n.team_id AND m.user_id = i.user_id) AS instances,
        ${teamMembers} AS members`,
      names,
    ),
  );
  return {
    installations: row?.installations ?? [],
    instances: (row?.instances ?? []).map(
      (i) => [instanceKey(i.installationId, i.userId), i.id] as [string, string],
    ),
    members: (row?.members ?? []).map((m) => memberKey(m.teamId, m.userId)),
  };
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
