import type { Logger } from 'pino';
import { classifyDatabaseError } from '../../../db/errors.js';
import type { SatelliteActor } from '../../../http/auth/types.js';
import { EventError } from './types.js';
import type { Prepared } from './validate.js';

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

/** What applying (part of) a batch came to, gathered while it is planned and applied. */
export interface Outcome {
  ids: Map<number, string>;
  failures: BatchFailure[];
  /** Stream topics the applied writes added items to (topics.ts). */
  topics: Set<string>;
  /** Whether the writes may have changed an instance's status. */
  instancesChanged: boolean;
}

export const emptyOutcome = (): Outcome => ({
  ids: new Map(),
  failures: [],
  topics: new Set(),
  instancesChanged: false,
});

/** A copy of an earlier event of the same batch, answered like the event at index `of`. */
export interface Copy {
  event: Prepared;
  of: number;
}

/** Recording events' failures and answering the batch. */
export interface BatchAnswering {
  /** Records an event's failure in the outcome; logs those that are not the event's own fault. */
  fail(out: Outcome, satellite: SatelliteActor, event: Prepared, error: unknown): void;
  /** The batch's answer: its copies answered like their first, failures and ids in batch order. */
  answer(invalid: BatchFailure[], out: Outcome, copies: Copy[]): BatchResult;
}

function describe(error: unknown): string {
  if (error instanceof EventError) return error.message;
  const translated = classifyDatabaseError(error);
  return translated
    ? `storage failure: ${translated.message}`
    : 'handler failure: the event could not be applied';
}

function fail(
  logger: Logger,
  out: Outcome,
  satellite: SatelliteActor,
  event: Prepared,
  error: unknown,
) {
  out.failures.push({ index: event.index, type: event.type, error: describe(error) });
  if (!(error instanceof EventError)) {
    logger.warn(
      { err: error, satelliteId: satellite.satelliteId, type: event.type },
      'event failed',
    );
  }
}

function answer(invalid: BatchFailure[], out: Outcome, copies: Copy[]): BatchResult {
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
}

export function batchAnswering(deps: { logger: Logger }): BatchAnswering {
  const { logger } = deps;
  return {
    fail: (out, satellite, event, error) => fail(logger, out, satellite, event, error),
    answer,
  };
}
