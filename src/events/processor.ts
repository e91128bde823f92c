import type { Logger } from 'pino';
import type { Database, Executor } from '../db/client.js';
import { translateDatabaseError } from '../db/errors.js';
import type { SatelliteActor } from '../http/auth/types.js';
import type { Clock } from '../lib/clock.js';
import { applyWrites } from './apply.js';
import { createEventValidator, type Prepared } from './validate.js';
import { instanceOfMember } from './members.js';
import { checkServed, readScope } from './scope.js';
import { EventError } from './types.js';
import { BatchWrites } from './writes.js';

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

/** A valid event with its planned writes and the id of the record it produces. */
interface Planned {
  event: Prepared;
  writes: BatchWrites;
  id: string;
}

interface Outcome {
  ids: Map<number, string>;
  failures: BatchFailure[];
}

export function createEventProcessor(deps: { db: Database; clock: Clock; logger: Logger }) {
  const validate = createEventValidator();

  /** Reads what the batch names (one query), then plans each event in memory. */
  async function plan(tx: Executor, satellite: SatelliteActor, events: Prepared[], out: Outcome) {
    const named = events.map((e) => e.handler!.installationOf(e.data as never));
    const users = events.map((e) => e.handler!.userOf?.(e.data as never));
    const pairs = named.flatMap(({ installationId }, i) => {
      const userId = users[i];
      return userId === undefined ? [] : [{ installationId, userId }];
    });
    const { installations, instances } = await readScope(
      tx,
      [...new Set(named.map((n) => n.installationId))],
      pairs,
    );
    const planned: Planned[] = [];
    events.forEach((event, i) => {
      try {
        const { installationId, teamId } = named[i]!;
        const installation = checkServed(
          installations.get(installationId),
          satellite,
          installationId,
          teamId,
        );
        const userId = users[i];
        const userInstance =
          userId === undefined ? undefined : instanceOfMember(instances, installation, userId);
        const writes = new BatchWrites();
        const context = {
          index: event.index,
          satellite,
          installation,
          timestamp: event.timestamp!,
          clock: deps.clock,
          instances,
          userInstance,
        };
        const id = event.handler!.plan(event.data as never, context, writes);
        planned.push({ event, writes, id });
      } catch (error) {
        fail(out, satellite, event, error);
      }
    });
    return planned;
  }

  function settle(out: Outcome, planned: Planned[], late: Map<number, string>) {
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

  /** The usual case: every event's writes together, a handful of statements for the batch. */
  async function applyTogether(satellite: SatelliteActor, events: Prepared[], out: Outcome) {
    await deps.db.orm.transaction(async (tx) => {
      const planned = await plan(tx, satellite, events, out);
      const late = await applyWrites(tx, BatchWrites.merge(planned.map((p) => p.writes)));
      settle(out, planned, late);
    });
  }

  /** After a storage failure: each event under its own savepoint, to isolate the culprit. */
  async function applyOneByOne(satellite: SatelliteActor, events: Prepared[], out: Outcome) {
    await deps.db.orm.transaction(async (tx) => {
      for (const p of await plan(tx, satellite, events, out)) {
        try {
          const late = await tx.transaction((savepoint) => applyWrites(savepoint, p.writes));
          settle(out, [p], late);
        } catch (error) {
          fail(out, satellite, p.event, error);
        }
      }
    });
  }

  return {
    /**
     * Applies a batch with per-event isolation. Every event is validated and planned in memory
     * first; the valid ones are then written together in one transaction. Only if the database
     * refuses that write (a storage failure) is the batch applied again one event per savepoint,
     * so that a failure rolls back only the event that caused it.
     */
    async process(satellite: SatelliteActor, events: unknown[]): Promise<BatchResult> {
      const prepared = events.map(validate);
      const invalid: BatchFailure[] = prepared
        .filter((p) => p.error !== undefined)
        .map((p) => ({ index: p.index, type: p.type, error: p.error! }));
      const valid = prepared.filter((p) => p.error === undefined);
      let out: Outcome = { ids: new Map(), failures: [] };
      if (valid.length > 0) {
        try {
          await applyTogether(satellite, valid, out);
        } catch {
          out = { ids: new Map(), failures: [] };
          await applyOneByOne(satellite, valid, out);
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

function describe(error: unknown): string {
  if (error instanceof EventError) return error.message;
  const translated = translateDatabaseError(error);
  return translated
    ? `storage failure: ${translated.message}`
    : 'handler failure: the event could not be applied';
}

export type EventProcessor = ReturnType<typeof createEventProcessor>;
