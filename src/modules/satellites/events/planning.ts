import type { Database, Executor } from '../../../db/client.js';
import type { SatelliteActor } from '../../../http/auth/types.js';
import type { Clock } from '../../../lib/clock.js';
import type { BatchAnswering, Outcome } from './answering.js';
import { compactData } from './history.js';
import { checkMember, instanceOfMember, servedTeam } from './members.js';
import {
  checkServed,
  instanceKey,
  memberKey,
  readScope,
  type InstallationCache,
  type InstanceCache,
} from './scope.js';
import type { ScopeCache } from './scope-cache.js';
import {
  isInstallationEvent,
  usersNamed,
  type InstallationClaim,
  type InstallationEventHandler,
} from './types.js';
import type { Prepared } from './validate.js';
import { BatchWrites } from './writes.js';

/** What an event names, read from its data before anything is looked up. */
interface Subject {
  /** The installation, for installation events. */
  claim?: InstallationClaim;
  /** For events about no installation that name users: the team they must be members of. */
  teamId?: string;
  users: string[];
}

/** A valid event with its planned writes (its history entry among them). */
export interface Planned {
  event: Prepared;
  writes: BatchWrites;
  /** The id answered: the record the event produces or changes, or its history entry. */
  id: string;
}

/** The batch's events with what each names, and the records they name. */
export interface LookedUp {
  named: Array<{ event: Prepared; subject: Subject }>;
  scope: Awaited<ReturnType<typeof readScope>>;
}

export interface PlanningDeps {
  db: Database;
  clock: Clock;
  /** What batches looked up, remembered while this replica hears changes (scope-cache.ts). */
  scopeCache?: ScopeCache;
  answering: BatchAnswering;
}

/** Reading what a batch names and planning its writes in memory. */
export interface BatchPlanning {
  /**
   * What the batch's events name, and those records read in one query, or remembered. After a
   * failure the batch is looked up again inside its transaction (`remembered` false).
   */
  lookUp(
    db: Executor,
    satellite: SatelliteActor,
    events: Prepared[],
    out: Outcome,
    remembered?: boolean,
  ): Promise<LookedUp>;
  /** Plans each event in memory from what was read. */
  plan(satellite: SatelliteActor, lookedUp: LookedUp, out: Outcome): Planned[];
}

function subjectOf(satellite: SatelliteActor, event: Prepared): Subject {
  const handler = event.handler!;
  const data = event.data as never;
  const users = usersNamed(handler.userOf?.(data));
  if (isInstallationEvent(handler)) return { claim: handler.installationOf(data), users };
  // A team matters only for checking the users such an event names.
  const teamId = users.length ? servedTeam(satellite, handler.teamOf?.(data)) : undefined;
  return { teamId, users };
}

async function lookUp(
  deps: PlanningDeps,
  db: Executor,
  satellite: SatelliteActor,
  events: Prepared[],
  out: Outcome,
  remembered = false,
): Promise<LookedUp> {
  const named: Array<{ event: Prepared; subject: Subject }> = [];
  for (const event of events) {
    try {
      named.push({ event, subject: subjectOf(satellite, event) });
    } catch (error) {
      deps.answering.fail(out, satellite, event, error);
    }
  }
  // A batch names the same few installations and users again and again: each is asked once.
  const installationIds = new Set<string>();
  const pairs = new Map<string, { installationId: string; userId: string }>();
  const members = new Map<string, { teamId: string; userId: string }>();
  for (const { subject } of named) {
    const { claim, teamId, users } = subject;
    if (claim) installationIds.add(claim.installationId);
    for (const userId of users)
      if (claim)
        pairs.set(instanceKey(claim.installationId, userId), {
          installationId: claim.installationId,
          userId,
        });
      else members.set(memberKey(teamId!, userId), { teamId: teamId!, userId });
  }
  const scope = await readScope(
    db,
    deps.db.statementNames.events,
    {
      installationIds: [...installationIds],
      pairs: [...pairs.values()],
      members: [...members.values()],
    },
    remembered ? deps.scopeCache : undefined,
  );
  return { named, scope };
}

function plan(
  deps: PlanningDeps,
  satellite: SatelliteActor,
  { named, scope }: LookedUp,
  out: Outcome,
) {
  const planned: Planned[] = [];
  let position = 0;
  for (const { event, subject } of named) {
    try {
      const handler = event.handler!;
      const data = event.data as never;
      const writes = new BatchWrites();
      const index = event.index;
      const timestamp = event.timestamp!;
      const clock = deps.clock;
      let recordId: string | null = null;
      let installationId: string | null = null;
      // Each context is one object literal, not spread from a shared base: a batch plans a
      // hundred events, and copying objects per event showed in profiles.
      // An installation event its handler keeps when what it names is gone (`unresolved`)
      // falls through to its history entry alone: no installation, no record.
      if (isInstallationEvent(handler) && !unresolved(handler, satellite, scope, subject)) {
        const { installationId: id, teamId } = subject.claim!;
        const installation = checkServed(scope.installations.get(id), satellite, id, teamId);
        const instances = scope.instances;
        const instanceOf = (userId: string) => instanceOfMember(instances, installation, userId);
        const [userInstance] = subject.users.map(instanceOf);
        recordId = handler.plan(
          data,
          {
            index,
            satellite,
            timestamp,
            clock,
            installation,
            instances,
            instanceOf,
            userInstance,
          },
          writes,
        );
        installationId = installation.id;
      } else if (!isInstallationEvent(handler)) {
        for (const userId of subject.users) checkMember(scope.members, subject.teamId!, userId);
        const context = { index, satellite, timestamp, clock, teamId: subject.teamId };
        recordId = handler.plan?.(data, context, writes) ?? null;
      }
      writes.recordHistory({
        id: event.eventId!,
        satelliteId: satellite.satelliteId,
        type: event.type,
        occurredAt: event.timestamp!,
        data: compactData(event.data as Record<string, unknown>),
        installationId,
        recordId,
      });
      position = writes.numberRows(position);
      planned.push({ event, writes, id: recordId ?? event.eventId! });
    } catch (error) {
      deps.answering.fail(out, satellite, event, error);
    }
  }
  return planned;
}

/**
 * Whether an installation event lands in its history entry alone: its handler asks for that
 * (`unresolved: 'history'`) and what the event names is gone, i.e. there is no such
 * installation (deleted since, or an id of something else, like an instance), or a user it names
 * is no longer a member with an instance of it. The refusals that keep teams apart still throw
 * here: a team this satellite does not serve (servedTeam), an installation of another team or
 * assigned to another satellite (checkServed).
 */
function unresolved(
  handler: InstallationEventHandler,
  satellite: SatelliteActor,
  scope: { installations: InstallationCache; instances: InstanceCache },
  { claim, users }: Subject,
): boolean {
  if (handler.unresolved !== 'history') return false;
  const { installationId, teamId } = claim!;
  const row = scope.installations.get(installationId);
  if (!row) {
    servedTeam(satellite, teamId);
    return true;
  }
  const installation = checkServed(row, satellite, installationId, teamId);
  return users.some((userId) => !scope.instances.has(instanceKey(installation.id, userId)));
}

/** Every planned event's writes, merged into one set. */
export const mergedWrites = (planned: Planned[]) => BatchWrites.merge(planned.map((p) => p.writes));

export function batchPlanning(deps: PlanningDeps): BatchPlanning {
  return {
    lookUp: (db, satellite, events, out, remembered) =>
      lookUp(deps, db, satellite, events, out, remembered),
    plan: (satellite, lookedUp, out) => plan(deps, satellite, lookedUp, out),
  };
}
