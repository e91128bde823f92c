import type { SatelliteActor } from '../../../http/auth/types.js';
import type { BatchFailure, Copy } from './answering.js';
import { createEventValidator, type Prepared } from './validate.js';
import { checkBatchRows, type BatchWork } from './work.js';

/** A batch let in: its invalid events' failures, its valid events, and those once each. */
export interface Admitted {
  invalid: BatchFailure[];
  valid: Prepared[];
  /** The valid events without the copies of earlier ones: what is applied. */
  unique: Prepared[];
  copies: Copy[];
}

/** Letting a batch in: before its body is read, and its events checked in memory. */
export interface BatchAdmission {
  /** Refuses a batch before its body is read while its satellite or team owes work. */
  admit(satellite: SatelliteActor): void;
  /**
   * Validates every event in memory and bounds the batch's rows before anything is read, so a
   * refused batch costs no database work; sets copies of earlier events aside.
   */
  admitBatch(satellite: SatelliteActor, events: unknown[]): Admitted;
}

/**
 * Copies of an earlier event of the same batch (same history id) are answered like it, applied
 * once: the satellite's queue can hold one event twice only by resending it.
 */
function splitCopies(valid: Prepared[]) {
  const firstOf = new Map<string, number>();
  const unique: Prepared[] = [];
  const copies: Copy[] = [];
  for (const event of valid) {
    const first = firstOf.get(event.eventId!);
    if (first === undefined) {
      firstOf.set(event.eventId!, event.index);
      unique.push(event);
    } else copies.push({ event, of: first });
  }
  return { unique, copies };
}

export function batchAdmission(deps: {
  work: BatchWork;
  admit?: (satellite: SatelliteActor) => void;
}): BatchAdmission {
  const { work } = deps;
  const validate = createEventValidator();
  return {
    admit(satellite) {
      deps.admit?.(satellite);
    },
    admitBatch(satellite, events) {
      const prepared = events.map((event, i) => validate(event, i, satellite.satelliteId));
      const invalid: BatchFailure[] = prepared
        .filter((p) => p.error !== undefined)
        .map((p) => ({ index: p.index, type: p.type, error: p.error! }));
      const valid = prepared.filter((p) => p.error === undefined);
      // Bounded before anything is read: a refused batch costs no database work.
      checkBatchRows(valid, work);
      const { unique, copies } = splitCopies(valid);
      return { invalid, valid, unique, copies };
    },
  };
}
