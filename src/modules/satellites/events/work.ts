import type { SatelliteActor } from '../../../http/auth/types.js';
import { ValidationError } from '../../../http/errors.js';
import type { Prepared } from './validate.js';

/**
 * The work one batch may cause (docs/security.md, "Event batches"). Events are bounded one by one
 * by their schemas (at most 20 calls per request log, 100 events per batch); the batch as a whole
 * by the rows it writes; and applying it is cut into slices of a few hundred rows, each its own
 * statement or transaction, so that the reads of other callers (on PGlite, which runs on the
 * service's own thread, the whole event loop) wait at most one slice.
 */
export interface BatchWork {
  /** A batch that would write more rows than this is refused whole as `validation`. */
  maxBatchRows: number;
  /**
   * Rows, and characters of event data, applied at once; later events of the batch wait for the
   * next turn of the event loop. A usual batch (a hundred small events) is one slice.
   */
  sliceRows: number;
  sliceBytes: number;
}

export const DEFAULT_BATCH_WORK: BatchWork = {
  maxBatchRows: 5000,
  sliceRows: 500,
  sliceBytes: 131_072,
};

/**
 * Rows a valid event writes: its history entry and what its handler declares (at least one).
 * Counted once per event: the bound, the charge and the slicing all read it.
 */
export function weightOf(event: Prepared): number {
  event.rows ??= 1 + (event.handler?.rows?.(event.data as never) ?? 1);
  return event.rows;
}

/** The rows of a batch's valid events, by the team they write for (null: none claimed). */
export function rowsByTeam(
  satellite: SatelliteActor,
  events: Prepared[],
): Map<string | null, number> {
  const rows = new Map<string | null, number>();
  for (const event of events) {
    // A team satellite writes only for its own team (members.ts refuses any other claim).
    const claimed = (event.data as { team_id?: unknown }).team_id;
    const team =
      satellite.satelliteType === 'team'
        ? satellite.teamId
        : typeof claimed === 'string'
          ? claimed
          : null;
    rows.set(team, (rows.get(team) ?? 0) + weightOf(event));
  }
  return rows;
}

/** Refuses a batch whose events together would write more than the bound. */
export function checkBatchRows(events: Prepared[], work: BatchWork) {
  let total = 0;
  for (const event of events) total += weightOf(event);
  if (total > work.maxBatchRows)
    throw new ValidationError(
      `validation failed: the batch would write ${total} rows, more than ${work.maxBatchRows}; ` +
        'send fewer events per batch',
    );
}

/**
 * Consecutive slices of at most `sliceRows` rows and `sliceBytes` characters of data (an event
 * larger than that alone is a slice of its own); an event is never split, order is kept.
 */
export function slicesOf(events: Prepared[], work: Pick<BatchWork, 'sliceRows' | 'sliceBytes'>) {
  const slices: Prepared[][] = [];
  let current: Prepared[] = [];
  let rows = 0;
  let bytes = 0;
  for (const event of events) {
    const weight = weightOf(event);
    const size = event.size ?? 0;
    if (current.length > 0 && (rows + weight > work.sliceRows || bytes + size > work.sliceBytes)) {
      slices.push(current);
      current = [];
      rows = 0;
      bytes = 0;
    }
    current.push(event);
    rows += weight;
    bytes += size;
  }
  if (current.length > 0) slices.push(current);
  return slices;
}
