import type { Database, Executor } from '../../../db/client.js';
import type { SatelliteActor } from '../../../http/auth/types.js';
import type { StreamSignals } from '../../../http/stream/signals.js';
import { emptyOutcome, type BatchAnswering, type Outcome } from './answering.js';
import { applyWrites, standsAlone } from './apply.js';
import { acceptedBefore, forgetEvents, isAcceptedBefore } from './history.js';
import { mergedWrites, type BatchPlanning, type Planned } from './planning.js';
import type { ScopeCache } from './scope-cache.js';
import { topicsOf } from './topics.js';
import type { Prepared } from './validate.js';
import { slicesOf, type BatchWork } from './work.js';

export interface ApplyingDeps {
  db: Database;
  /** An identical event received again within this many seconds is not applied again. */
  dedupWindowSeconds: number;
  /** Wakes the streams whose items a batch wrote, once it is committed. */
  signals?: Pick<StreamSignals, 'publish'>;
  /** Forgotten after a storage failure: something remembered may be gone. */
  scopeCache?: ScopeCache;
  /** Told, once committed, of a batch that may have changed instance statuses. */
  onInstancesChanged?: () => void;
  /** Whether a batch's commit waits for its WAL to be flushed (apply.ts); default true. */
  synchronousCommit?: boolean;
  work: BatchWork;
  planning: BatchPlanning;
  answering: BatchAnswering;
}

/** ApplyingDeps with the commit options applyWrites takes, built once per processor. */
interface Applying extends ApplyingDeps {
  commit: { synchronousCommit: boolean };
}

/** Writing planned batches, setting aside events accepted before and isolating failures. */
export interface BatchApplying {
  /**
   * Applies the batch slice by slice (work.ts), each committed on its own, with a turn of the
   * event loop between them so that other requests are served meanwhile. A batch of a few hundred
   * rows, the usual one, is a single slice.
   */
  applyInSlices(satellite: SatelliteActor, events: Prepared[]): Promise<Outcome>;
}

/**
 * Applies the planned events' writes; an event that fails only here is forgotten again. A batch
 * whose writes stand alone (apply.ts) runs as one statement outside any transaction when `db`
 * is not one.
 */
async function apply(
  ctx: Applying,
  db: Executor,
  satellite: SatelliteActor,
  planned: Planned[],
  out: Outcome,
  writes = mergedWrites(planned),
) {
  if (planned.length === 0) return;
  const late = await applyWrites(db, writes, ctx.db.statementNames.events, ctx.commit);
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

/**
 * The usual case: every event's writes together. Most batches are then one statement, atomic
 * by itself, sent without BEGIN and COMMIT (standsAlone in apply.ts); the others run their few
 * statements in a transaction.
 */
async function applyTogether(
  ctx: Applying,
  satellite: SatelliteActor,
  events: Prepared[],
  out: Outcome,
) {
  const { planning } = ctx;
  const planned = planning.plan(
    satellite,
    await planning.lookUp(ctx.db.orm, satellite, events, out, true),
    out,
  );
  const writes = mergedWrites(planned);
  if (standsAlone(writes)) await apply(ctx, ctx.db.orm, satellite, planned, out, writes);
  else await ctx.db.orm.transaction((tx) => apply(ctx, tx, satellite, planned, out, writes));
}

/**
 * After a storage failure: each event under its own savepoint, to isolate the culprit. The
 * events accepted before are set aside first, so that what fails here is the event itself.
 */
async function applyOneByOne(
  ctx: Applying,
  satellite: SatelliteActor,
  events: Prepared[],
  out: Outcome,
) {
  const { planning } = ctx;
  await ctx.db.orm.transaction(async (tx) => {
    const earlier = await setAside(ctx, tx, satellite, events, out);
    const fresh = events.filter((event) => !earlier.has(event.eventId!));
    for (const p of planning.plan(
      satellite,
      await planning.lookUp(tx, satellite, fresh, out),
      out,
    )) {
      try {
        await tx.transaction((savepoint) => apply(ctx, savepoint, satellite, [p], out));
      } catch (error) {
        // A copy that another replica accepted meanwhile is answered like the others.
        if (isAcceptedBefore(error) && (await setAside(ctx, tx, satellite, [p.event], out)).size)
          continue;
        ctx.answering.fail(out, satellite, p.event, error);
      }
    }
  });
}

/** Answers the events accepted within the window with the ids they were given then. */
async function setAside(
  ctx: Applying,
  tx: Executor,
  satellite: SatelliteActor,
  events: Prepared[],
  out: Outcome,
) {
  const earlier = await acceptedBefore(
    tx,
    satellite.satelliteId,
    events.map((event) => event.eventId!),
    ctx.dedupWindowSeconds,
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
async function applyNew(
  ctx: Applying,
  satellite: SatelliteActor,
  events: Prepared[],
): Promise<Outcome> {
  const { planning } = ctx;
  let out = emptyOutcome();
  if (events.length === 0) return out;
  try {
    await applyTogether(ctx, satellite, events, out);
    return out;
  } catch (error) {
    out = emptyOutcome();
    if (!isAcceptedBefore(error)) {
      // Perhaps because something remembered is gone (an installation or instance deleted).
      ctx.scopeCache?.forgetAll();
      await applyOneByOne(ctx, satellite, events, out);
      return out;
    }
  }
  try {
    await ctx.db.orm.transaction(async (tx) => {
      const earlier = await setAside(ctx, tx, satellite, events, out);
      const fresh = events.filter((event) => !earlier.has(event.eventId!));
      await apply(
        ctx,
        tx,
        satellite,
        planning.plan(satellite, await planning.lookUp(tx, satellite, fresh, out), out),
        out,
      );
    });
  } catch {
    // Another copy landed meanwhile, or a storage failure: event by event settles both.
    out = emptyOutcome();
    await applyOneByOne(ctx, satellite, events, out);
  }
  return out;
}

async function applyInSlices(
  ctx: Applying,
  satellite: SatelliteActor,
  events: Prepared[],
): Promise<Outcome> {
  const out = emptyOutcome();
  const slices = slicesOf(events, ctx.work);
  for (const [n, slice] of slices.entries()) {
    if (n > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    const part = await applyNew(ctx, satellite, slice);
    for (const [index, id] of part.ids) out.ids.set(index, id);
    out.failures.push(...part.failures);
    // Committed: streams may read what the slice wrote.
    ctx.signals?.publish(part.topics);
    if (part.instancesChanged) ctx.onInstancesChanged?.();
  }
  return out;
}

export function batchApplying(deps: ApplyingDeps): BatchApplying {
  const ctx: Applying = { ...deps, commit: { synchronousCommit: deps.synchronousCommit ?? true } };
  return { applyInSlices: (satellite, events) => applyInSlices(ctx, satellite, events) };
}
