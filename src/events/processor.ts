import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { Logger } from 'pino';
import type { Database, Executor } from '../db/client.js';
import { translateDatabaseError } from '../db/errors.js';
import type { SatelliteActor } from '../http/auth/types.js';
import { formatValidationError } from '../http/validation.js';
import type { Clock } from '../lib/clock.js';
import { EVENT_HANDLERS } from './registry.js';
import { prefetchInstallations, type InstallationCache } from './scope.js';
import { EventError, type EventHandler, type InsertRow } from './types.js';

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

// ISO 8601 date-time with a zone, as satellites send it; Date.parse alone accepts far too much.
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

interface Prepared {
  index: number;
  type: string;
  handler?: EventHandler;
  data?: unknown;
  timestamp?: Date;
  error?: string;
}

export function createEventProcessor(deps: { db: Database; clock: Clock; logger: Logger }) {
  const ajv = new Ajv({
    allErrors: false,
    coerceTypes: false,
    removeAdditional: false,
    useDefaults: false,
    strict: false,
  });
  addFormats.default(ajv);
  const handlers = new Map<string, { handler: EventHandler; validate: ValidateFunction }>(
    EVENT_HANDLERS.map((h) => [h.type, { handler: h, validate: ajv.compile(h.schema) }]),
  );

  /** Checks one event in memory: known type, valid timestamp, data matching its schema. */
  function prepare(event: unknown, index: number): Prepared {
    const e = (typeof event === 'object' && event !== null ? event : {}) as Record<string, unknown>;
    const type = typeof e.type === 'string' ? e.type : '';
    if (!type) return { index, type, error: 'type is required' };
    const entry = handlers.get(type);
    if (!entry) return { index, type, error: `unknown event type ${type}` };
    if (
      typeof e.timestamp !== 'string' ||
      !ISO_DATE_TIME.test(e.timestamp) ||
      Number.isNaN(Date.parse(e.timestamp))
    ) {
      return { index, type, error: 'timestamp must be an ISO 8601 date-time' };
    }
    if (typeof e.data !== 'object' || e.data === null || Array.isArray(e.data))
      return { index, type, error: 'data must be an object' };
    if (!entry.validate(e.data)) {
      return {
        index,
        type,
        error: formatValidationError(entry.validate.errors ?? [], 'data' as never).message,
      };
    }
    return { index, type, handler: entry.handler, data: e.data, timestamp: new Date(e.timestamp) };
  }

  /** Installation ids a batch names, to read them all in one query. */
  function namedInstallations(prepared: Prepared[]): string[] {
    const ids = new Set<string>();
    for (const p of prepared) {
      const data = p.data as Record<string, unknown> | undefined;
      for (const key of ['server_id', 'installation_id'])
        if (typeof data?.[key] === 'string') ids.add(data[key] as string);
    }
    return [...ids];
  }

  return {
    /**
     * Applies a batch. Each event is isolated: a failing one rolls back only itself (a savepoint)
     * and the batch costs one commit. Events whose whole effect is one new row (usage and request
     * logs) are inserted together in one statement after the others; they touch no record another
     * event changes, so the outcome is the same as applying the batch strictly in order. If that
     * statement fails, those rows are retried one by one to find the culprit.
     */
    async process(satellite: SatelliteActor, events: unknown[]): Promise<BatchResult> {
      const prepared = events.map(prepare);
      const failures: BatchFailure[] = [];
      const ids = new Map<number, string>();
      const installations: InstallationCache = new Map();
      const fail = (p: Prepared, error: unknown) => {
        failures.push({ index: p.index, type: p.type, error: describe(error) });
        if (!(error instanceof EventError)) {
          deps.logger.warn(
            { err: error, satelliteId: satellite.satelliteId, type: p.type },
            'event failed',
          );
        }
      };
      await deps.db.orm.transaction(async (tx) => {
        await prefetchInstallations(tx, namedInstallations(prepared), installations);
        const rows: Array<{ p: Prepared; rows: InsertRow[] }> = [];
        for (const p of prepared) {
          if (p.error || !p.handler) {
            failures.push({ index: p.index, type: p.type, error: p.error ?? 'invalid event' });
            continue;
          }
          const context = { satellite, timestamp: p.timestamp!, clock: deps.clock, installations };
          if (p.handler.toRows) {
            try {
              rows.push({ p, rows: p.handler.toRows(p.data as never, context) });
            } catch (error) {
              fail(p, error);
            }
            continue;
          }
          try {
            ids.set(
              p.index,
              await tx.transaction((savepoint) =>
                p.handler!.handle(p.data as never, { ...context, tx: savepoint }),
              ),
            );
          } catch (error) {
            fail(p, error);
          }
        }
        await insertRows(tx, rows, ids, fail);
      });
      failures.sort((a, b) => a.index - b.index);
      const eventIds = [...ids.entries()].sort((a, b) => a[0] - b[0]).map(([, id]) => id);
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
 * One INSERT per handler for all its rows; on failure, one savepoint per event to isolate the bad
 * one. Then each handler's follow-up (such as trimming logs) runs once.
 */
async function insertRows(
  tx: Executor,
  entries: Array<{ p: Prepared; rows: InsertRow[] }>,
  ids: Map<number, string>,
  fail: (p: Prepared, error: unknown) => void,
) {
  const byHandler = new Map<EventHandler, Array<{ p: Prepared; rows: InsertRow[] }>>();
  for (const entry of entries)
    byHandler.set(entry.p.handler!, [...(byHandler.get(entry.p.handler!) ?? []), entry]);
  for (const [handler, group] of byHandler) {
    const inserted: InsertRow[] = [];
    const insert = async (batch: Array<{ p: Prepared; rows: InsertRow[] }>) => {
      const rows = batch.flatMap((g) => g.rows);
      await tx.transaction((savepoint) =>
        savepoint.insert(rows[0]!.table).values(rows.map((r) => r.values)),
      );
      for (const g of batch) ids.set(g.p.index, g.rows[0]!.id);
      inserted.push(...rows);
    };
    try {
      await insert(group);
    } catch {
      for (const g of group) {
        try {
          await insert([g]);
        } catch (error) {
          fail(g.p, error);
        }
      }
    }
    if (handler.afterRows && inserted.length > 0) {
      // Housekeeping only: the events themselves are applied; the server-log-trim job catches up.
      await tx
        .transaction((savepoint) => handler.afterRows!(savepoint, inserted))
        .catch(() => undefined);
    }
  }
}

function describe(error: unknown): string {
  if (error instanceof EventError) return error.message;
  const translated = translateDatabaseError(error);
  return translated
    ? `storage failure: ${translated.message}`
    : 'handler failure: the event could not be applied';
}

export type EventProcessor = ReturnType<typeof createEventProcessor>;
