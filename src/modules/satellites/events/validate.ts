import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { formatValidationError } from '../../../http/validation.js';
import { eventId } from './history.js';
import { EVENT_HANDLERS } from './registry.js';
import { isDateTime } from './timestamps.js';
import type { EventHandler } from './types.js';

/** One event of a batch after the in-memory checks: either ready to plan, or its error. */
export interface Prepared {
  index: number;
  type: string;
  handler?: EventHandler;
  data?: unknown;
  timestamp?: Date;
  /** Its history id, which identifies it for de-duplication (history.ts). */
  eventId?: string;
  /** The length of its data as JSON text: what writing it costs besides its rows (work.ts). */
  size?: number;
  /** The rows it writes, once counted (work.ts). */
  rows?: number;
  error?: string;
}

// The shape of an event's timestamp: ISO 8601 with `T` and a zone, as satellites send it.
// isDateTime then checks that it names a real date and time (it alone would also take a
// lower-case `t` or a space as separator).
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

/** Checks one event in memory: known type, valid timestamp, data matching its schema. */
export function createEventValidator() {
  const ajv = new Ajv({
    allErrors: false,
    coerceTypes: false,
    removeAdditional: false,
    useDefaults: false,
    strict: false,
  });
  addFormats.default(ajv);
  // Date-time fields in event data (status_changed's `timestamp`, log lines') become Dates too.
  ajv.addFormat('date-time', isDateTime);
  // Each type's schema is compiled when its first event arrives, not at start (~50 ms for all).
  const handlers = new Map(EVENT_HANDLERS.map((h) => [h.type, h]));
  const compiled = new Map<string, ValidateFunction>();
  const validatorOf = (handler: EventHandler) => {
    let validate = compiled.get(handler.type);
    if (!validate) {
      validate = ajv.compile(handler.schema);
      compiled.set(handler.type, validate);
    }
    return validate;
  };

  return (event: unknown, index: number, satelliteId: string): Prepared => {
    const e = (typeof event === 'object' && event !== null ? event : {}) as Record<string, unknown>;
    const type = typeof e.type === 'string' ? e.type : '';
    if (!type) return { index, type, error: 'type is required' };
    const handler = handlers.get(type);
    if (!handler) return { index, type, error: `unknown event type ${type}` };
    if (
      typeof e.timestamp !== 'string' ||
      !ISO_DATE_TIME.test(e.timestamp) ||
      !isDateTime(e.timestamp)
    ) {
      return { index, type, error: 'timestamp must be an ISO 8601 date-time' };
    }
    if (typeof e.data !== 'object' || e.data === null || Array.isArray(e.data))
      return { index, type, error: 'data must be an object' };
    const validate = validatorOf(handler);
    if (!validate(e.data)) {
      return {
        index,
        type,
        error: formatValidationError(validate.errors ?? [], 'data' as never).message,
      };
    }
    const timestamp = new Date(e.timestamp);
    const text = JSON.stringify(e.data);
    return {
      index,
      type,
      handler,
      data: e.data,
      timestamp,
      // The timestamp as sent and the data: a resent event has the same text.
      eventId: eventId(satelliteId, type, timestamp, `${e.timestamp}\n${text}`),
      size: text.length,
    };
  };
}
