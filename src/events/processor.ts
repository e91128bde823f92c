import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { Logger } from 'pino';
import type { Database } from '../db/client.js';
import { translateDatabaseError } from '../db/errors.js';
import type { SatelliteActor } from '../http/auth/types.js';
import { formatValidationError } from '../http/validation.js';
import type { Clock } from '../lib/clock.js';
import { EVENT_HANDLERS } from './registry.js';
import { EventError, type EventHandler } from './types.js';

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

  return {
    /**
     * Applies a batch in order. Every event runs in its own savepoint inside one transaction:
     * a failing event rolls back only itself, and the batch costs one commit.
     */
    async process(satellite: SatelliteActor, events: unknown[]): Promise<BatchResult> {
      const prepared = events.map(prepare);
      const failures: BatchFailure[] = [];
      const eventIds: string[] = [];
      const installations = new Map<string, unknown>();
      await deps.db.orm.transaction(async (tx) => {
        for (const p of prepared) {
          if (p.error || !p.handler) {
            failures.push({ index: p.index, type: p.type, error: p.error ?? 'invalid event' });
            continue;
          }
          try {
            const id = await tx.transaction((savepoint) =>
              p.handler!.handle(p.data as never, {
                tx: savepoint,
                satellite,
                timestamp: p.timestamp!,
                clock: deps.clock,
                installations,
              }),
            );
            eventIds.push(id);
          } catch (error) {
            failures.push({ index: p.index, type: p.type, error: describe(error) });
            if (!(error instanceof EventError)) {
              deps.logger.warn(
                { err: error, satelliteId: satellite.satelliteId, type: p.type },
                'event failed',
              );
            }
          }
        }
      });
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
