import type { Logger } from 'pino';
import type { Database, Executor } from '../../../db/client.js';
import { classifyDatabaseError } from '../../../db/errors.js';
import type { SatelliteActor } from '../../../http/auth/types.js';
import type { Clock } from '../../../lib/clock.js';
import type { StreamSignals } from '../../../http/stream/signals.js';
import { applyWrites, standsAlone } from './apply.js';
import { acceptedBefore, compactData, forgetEvents, isAcceptedBefore } from './history.js';
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
import { topicsOf } from './topics.js';
import {
  EventError,
  isInstallationEvent,
  usersNamed,
  type InstallationClaim,
  type InstallationEventHandler,
} from './types.js';
import { createEventValidator, type Prepared } from './validate.js';
import {
  checkBatchRows,
  DEFAULT_BATCH_WORK,
  rowsByTeam,
  slicesOf,
  type BatchWork,
} from './work.js';
import { BatchWrites } from './writes.js';
import type { Gate } from '../../../lib/gate.js';

export interface BatchFailure {
  index: number;
  type: string;
  error: string;
}

export interface BatchResult {
  processed: number;
  failed: number;
  event_ids: string[];
  failures?: BatchFailure[];
}

/** What an event names, read from its data before anything is looked up. */
interface Subject {
  /** The installation, for installation events. */
  claim?: InstallationClaim;
  /** For events about no installation that name users: the team they must be members of. */
  teamId?: string;
  users: string[];
}

/** A valid event with its planned writes (its history entry among them). */
interface Planned {
  event: Prepared;
  writes: BatchWrites;
  /** The id answered: the record the event produces or changes, or its history entry. */
  id: string;
}

interface Outcome {
  ids: Map<number, string>;
  failures: BatchFailure[];
  /** Stream topics the applied writes added items to (topics.ts). */
  topics: Set<string>;
  /** Whether the writes may have changed an instance's status. */
  instancesChanged: boolean;
}

const emptyOutcome = (): Outcome => ({
  ids: new Map(),
  failures: [],
  topics: new Set(),
  instancesChanged: false,
});

export function createEventProcessor(deps: {
  db: Database;
  clock: Clock;
  logger: Logger;
  /** An identical event received again within this many seconds is not applied again. */
  dedupWindowSeconds: number;
  /** Wakes the streams whose items a batch wrote, once it is committed. */
  signals?: Pick<StreamSignals, 'publish'>;
  /** What batches looked up, remembered while this replica hears changes (scope-cache.ts). */
  scopeCache?: ScopeCache;
  /** Told, once committed, of a batch that may have changed instance statuses. */
  onInstancesChanged?: () => void;
  /** Whether a batch's commit waits for its WAL to be flushed (apply.ts); default true. */
  synchronousCommit?: boolean;
  /** The bounds of one batch's work (work.ts); DEFAULT_BATCH_WORK when not given. */
  work?: BatchWork;
  /** Before a batch's body is read: throws to refuse a satellite that owes work. */
  admit?: (satellite: SatelliteActor) => void;
  /** Charges a valid batch's rows to the satellite's and its teams' limits, before any is written. */
  charge?: (satellite: SatelliteActor, rows: ReadonlyMap<string | null, number>) => void;
  /** Batches applied at once in this process; the others wait their turn or are refused. */
  gate?: Gate;
}) {
  const work = deps.work ?? DEFAULT_BATCH_WORK;
  const commit = { synchronousCommit: deps.synchronousCommit ?? true };
  const validate = createEventValidator();

  function subjectOf(satellite: SatelliteActor, event: Prepared): Subject {
    const handler = event.handler!;
    const data = event.data as never;
    const users = usersNamed(handler.userOf?.(data));
    if (isInstallationEvent(handler)) return { claim: handler.installationOf(data), users };
    // A team matters only for checking the users such an event names.
    const teamId = users.length ? servedTeam(satellite, handler.teamOf?.(data)) : undefined;
    return { teamId, users };
  }

  /**
   * What the batch's events name, and those records read in one query, or remembered. After a
   * failure the batch is looked up again inside its transaction (`remembered` false).
   */
  async function lookUp(
    db: Executor,
    satellite: SatelliteActor,
    events: Prepared[],
    out: Outcome,
    remembered = false,
  ) {
    const named: Array<{ event: Prepared; subject: Subject }> = [];
    for (const event of events) {
      try {
        named.push({ event, subject: subjectOf(satellite, event) });
      } catch (error) {
        fail(out, satellite, event, error);
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

  type LookedUp = Awaited<ReturnType<typeof lookUp>>;

  /** Plans each event in memory from what was read. */
  function plan(satellite: SatelliteActor, { named, scope }: LookedUp, out: Outcome) {
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
        fail(out, satellite, event, error);
      }
    }
    return planned;
  }

  /**
   * Applies the planned events' writes; an event that fails only here is forgotten again. A batch
   * whose writes stand alone (apply.ts) runs as one statement outside any transaction when `db`
   * is not one.
   */
  async function apply(
    db: Executor,
    satellite: SatelliteActor,
    planned: Planned[],
    out: Outcome,
    writes = mergedWrites(planned),
  ) {
    if (planned.length === 0) return;
    const late = await applyWrites(db, writes, deps.db.statementNames.events, commit);
    for (const topic of topicsOf(satellite.satelliteId, writes)) out.topics.add(topic);
    if (writes.instanceStatuses.length > 0 || writes.crashChecks.length > 0)
      out.instancesChanged = true;
    await forgetEvents(
      db,
      satellite.satelliteId,
      planned.filter((p) => late.has(p.event.index)).map((p) => p.event.eventId!),
    );
    for (const p of planned) {
      const error = late.get(p.event.index);
      if (error) out.failures.push({ index: p.event.index, type: p.event.type, error });
      else out.ids.set(p.event.index, p.id);
    }
  }

  function fail(out: Outcome, satellite: SatelliteActor, event: Prepared, error: unknown) {
    out.failures.push({ index: event.index, type: event.type, error: describe(error) });
    if (!(error instanceof EventError)) {
      deps.logger.warn(
        { err: error, satelliteId: satellite.satelliteId, type: event.type },
        'event failed',
      );
    }
  }

  /**
   * The usual case: every event's writes together. Most batches are then one statement, atomic
   * by itself, sent without BEGIN and COMMIT (standsAlone in apply.ts); the others run their few
   * statements in a transaction.
   */
  async function applyTogether(satellite: SatelliteActor, events: Prepared[], out: Outcome) {
    const planned = plan(satellite, await lookUp(deps.db.orm, satellite, events, out, true), out);
    const writes = mergedWrites(planned);
    if (standsAlone(writes)) await apply(deps.db.orm, satellite, planned, out, writes);
    else await deps.db.orm.transaction((tx) => apply(tx, satellite, planned, out, writes));
  }

  /**
   * After a storage failure: each event under its own savepoint, to isolate the culprit. The
   * events accepted before are set aside first, so that what fails here is the event itself.
   */
  async function applyOneByOne(satellite: SatelliteActor, events: Prepared[], out: Outcome) {
    await deps.db.orm.transaction(async (tx) => {
      const earlier = await setAside(tx, satellite, events, out);
      const fresh = events.filter((event) => !earlier.has(event.eventId!));
      for (const p of plan(satellite, await lookUp(tx, satellite, fresh, out), out)) {
        try {
          await tx.transaction((savepoint) => apply(savepoint, satellite, [p], out));
        } catch (error) {
          // A copy that another replica accepted meanwhile is answered like the others.
          if (isAcceptedBefore(error) && (await setAside(tx, satellite, [p.event], out)).size)
            continue;
          fail(out, satellite, p.event, error);
        }
      }
    });
  }

  /** Answers the events accepted within the window with the ids they were given then. */
  async function setAside(
    tx: Executor,
    satellite: SatelliteActor,
    events: Prepared[],
    out: Outcome,
  ) {
    const earlier = await acceptedBefore(
      tx,
      satellite.satelliteId,
      events.map((event) => event.eventId!),
      deps.dedupWindowSeconds,
    );
    for (const event of events) {
      const id = earlier.get(event.eventId!);
      if (id !== undefined) out.ids.set(event.index, id);
    }
    return earlier;
  }

  /**
   * Applies the events, leaving out those accepted before. The usual batch is applied at once;
   * if its history entries show that some events were accepted before (a resent batch: a
   * unique violation, see history.ts), its transaction rolls back and the batch is applied
   * again without them, answering them with the ids they were given the first time. Only if
   * the database refuses the write for another reason (a storage failure) is the batch applied
   * one event per savepoint.
   */
  async function applyNew(satellite: SatelliteActor, events: Prepared[]): Promise<Outcome> {
    let out = emptyOutcome();
    if (events.length === 0) return out;
    try {
      await applyTogether(satellite, events, out);
      return out;
    } catch (error) {
      out = emptyOutcome();
      if (!isAcceptedBefore(error)) {
        // Perhaps because something remembered is gone (an installation or instance deleted).
        deps.scopeCache?.forgetAll();
        await applyOneByOne(satellite, events, out);
        return out;
      }
    }
    try {
      await deps.db.orm.transaction(async (tx) => {
        const earlier = await setAside(tx, satellite, events, out);
        const fresh = events.filter((event) => !earlier.has(event.eventId!));
        await apply(
          tx,
          satellite,
          plan(satellite, await lookUp(tx, satellite, fresh, out), out),
          out,
        );
      });
    } catch {
      // Another copy landed meanwhile, or a storage failure: event by event settles both.
      out = emptyOutcome();
      await applyOneByOne(satellite, events, out);
    }
    return out;
  }

  /**
   * Copies of an earlier event of the same batch (same history id) are answered like it, applied
   * once: the satellite's queue can hold one event twice only by resending it.
   */
  function splitCopies(valid: Prepared[]) {
    const firstOf = new Map<string, number>();
    const unique: Prepared[] = [];
    const copies: Array<{ event: Prepared; of: number }> = [];
    for (const event of valid) {
      const first = firstOf.get(event.eventId!);
      if (first === undefined) {
        firstOf.set(event.eventId!, event.index);
        unique.push(event);
      } else copies.push({ event, of: first });
    }
    return { unique, copies };
  }

  /**
   * Applies the batch slice by slice (work.ts), each committed on its own, with a turn of the
   * event loop between them so that other requests are served meanwhile. A batch of a few hundred
   * rows, the usual one, is a single slice.
   */
  async function applyInSlices(satellite: SatelliteActor, events: Prepared[]): Promise<Outcome> {
    const out = emptyOutcome();
    const slices = slicesOf(events, work);
    for (const [n, slice] of slices.entries()) {
      if (n > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      const part = await applyNew(satellite, slice);
      for (const [index, id] of part.ids) out.ids.set(index, id);
      out.failures.push(...part.failures);
      // Committed: streams may read what the slice wrote.
      deps.signals?.publish(part.topics);
      if (part.instancesChanged) deps.onInstancesChanged?.();
    }
    return out;
  }

  return {
    /** Refuses a batch before its body is read while its satellite or team owes work. */
    admit(satellite: SatelliteActor) {
      deps.admit?.(satellite);
    },
    /**
     * Applies a batch with per-event isolation. Every event is validated in memory first; the
     * valid ones are planned in memory and written together, each with its history entry, in
     * one transaction. The history entries also set aside events accepted before (a resent
     * batch: see applyNew and history.ts). Only if the database refuses the write (a storage
     * failure) is the batch applied again one event per savepoint, so that a failure rolls back
     * only the event that caused it.
     */
    async process(satellite: SatelliteActor, events: unknown[]): Promise<BatchResult> {
      const prepared = events.map((event, i) => validate(event, i, satellite.satelliteId));
      const invalid: BatchFailure[] = prepared
        .filter((p) => p.error !== undefined)
        .map((p) => ({ index: p.index, type: p.type, error: p.error! }));
      const valid = prepared.filter((p) => p.error === undefined);
      // Bounded before anything is read: a refused batch costs no database work.
      checkBatchRows(valid, work);
      const { unique, copies } = splitCopies(valid);
      // Charged once let in: a batch refused at the gate was not applied and costs nothing.
      const slices = () => {
        deps.charge?.(satellite, rowsByTeam(satellite, valid));
        return applyInSlices(satellite, unique);
      };
      const out = deps.gate ? await deps.gate.run(slices) : await slices();
      for (const { event, of } of copies) {
        const id = out.ids.get(of);
        if (id !== undefined) out.ids.set(event.index, id);
        else {
          const first = out.failures.find((f) => f.index === of);
          out.failures.push({ index: event.index, type: event.type, error: first!.error });
        }
      }
      const failures = [...invalid, ...out.failures].sort((a, b) => a.index - b.index);
      const eventIds = [...out.ids.entries()].sort((a, b) => a[0] - b[0]).map(([, id]) => id);
      return {
        processed: eventIds.length,
        failed: failures.length,
        event_ids: eventIds,
        ...(failures.length ? { failures } : {}),
      };
    },
  };
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

const mergedWrites = (planned: Planned[]) => BatchWrites.merge(planned.map((p) => p.writes));

function describe(error: unknown): string {
  if (error instanceof EventError) return error.message;
  const translated = classifyDatabaseError(error);
  return translated
    ? `storage failure: ${translated.message}`
    : 'handler failure: the event could not be applied';
}

export type EventProcessor = ReturnType<typeof createEventProcessor>;
