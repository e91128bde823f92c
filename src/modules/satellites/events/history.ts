import { hash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../../db/client.js';
import { jsonInsert } from '../../../db/json-rows.js';
import { satelliteEventHistory } from '../../../db/schema/index.js';
import { batchPosition, type HistoryRow } from './writes.js';

/**
 * An event's history id: `evt_`, its timestamp in milliseconds (12 hex digits) and 80 bits of a
 * SHA-256 of the satellite, the event's type, its timestamp as sent and its data as sent. A batch
 * the satellite resends (it does after a slow or lost answer) carries the same text, so each of
 * its events has the same id as the first time: that is how a resent event is recognised
 * (de-duplication). The time prefix keeps the ids of one batch, and of batches sent in a row,
 * near each other in the primary key index, which a large history then updates in few pages.
 */
export function eventId(satelliteId: string, type: string, timestamp: Date, text: string) {
  const digest = hash('sha256', `${satelliteId}\n${type}\n${text}`, 'hex');
  const time = Math.max(0, timestamp.getTime()).toString(16).padStart(12, '0');
  return `evt_${time}${digest.slice(0, 20)}`;
}

// What the history keeps of an event's data. Tool arguments and responses and tool schemas can
// be large and hold users' data; names that look like credentials are never kept.
const LEFT_OUT = new Set([
  'tool_params',
  'request_params',
  'tool_response',
  'input_schema',
  'env',
  'headers',
]);
const SECRET = /(^|_)(token|secret|password|passwd|authorization|api_?key|cookie|credentials?)$/i;
const MAX_TEXT = 300;
const MAX_ITEMS = 10;
const MAX_DEPTH = 4;
/** Values copied per event at most; the rest is summarised. */
const MAX_NODES = 200;

/**
 * A compact copy of event data for the history: credentials redacted, tool arguments,
 * responses and schemas left out (`"[left out]"`), long texts cut, long lists shortened to
 * their first items and a count, deep nesting flattened. At most a few kilobytes per event.
 */
export function compactData(data: Record<string, unknown>): Record<string, unknown> {
  // Most events are small and hold nothing to leave out: they are kept as they are, uncopied.
  if (isCompact(data, 0, { nodes: MAX_NODES })) return data;
  let budget = MAX_NODES;
  const copy = (value: unknown, depth: number): unknown => {
    if (--budget < 0) return '[…]';
    if (typeof value === 'string')
      return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}… [truncated]` : value;
    if (value === null || typeof value !== 'object') return value;
    if (depth >= MAX_DEPTH) return Array.isArray(value) ? '[list]' : '[object]';
    if (Array.isArray(value)) {
      const items = value.slice(0, MAX_ITEMS).map((item) => copy(item, depth + 1));
      if (value.length > MAX_ITEMS) items.push(`… ${value.length - MAX_ITEMS} more`);
      return items;
    }
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (budget <= 0) {
        out['…'] = 'more fields left out';
        break;
      }
      out[key] = LEFT_OUT.has(key)
        ? '[left out]'
        : SECRET.test(key)
          ? '[redacted]'
          : copy(item, depth + 1);
    }
    return out;
  };
  return copy(data, 0) as Record<string, unknown>;
}

/** Whether compactData would leave a value as it is. */
function isCompact(value: unknown, depth: number, budget: { nodes: number }): boolean {
  if (--budget.nodes < 0) return false;
  if (typeof value === 'string') return value.length <= MAX_TEXT;
  if (value === null || typeof value !== 'object') return true;
  if (depth >= MAX_DEPTH) return false;
  if (Array.isArray(value))
    return value.length <= MAX_ITEMS && value.every((item) => isCompact(item, depth + 1, budget));
  for (const key in value) {
    if (LEFT_OUT.has(key) || SECRET.test(key)) return false;
    if (!isCompact((value as Record<string, unknown>)[key], depth + 1, budget)) return false;
  }
  return true;
}

/**
 * Inserts history entries, in id order (so two overlapping batches wait for each other in one
 * order). An entry that exists already makes the statement fail with a unique violation on the
 * primary key (isAcceptedBefore): the batch's transaction then rolls back, and the batch is
 * applied again without the events accepted before (processor.ts). A resent event is rare, so
 * the usual batch pays for nothing but its inserts.
 *
 * The primary key holds across replicas: of two transactions inserting one id, the second waits
 * for the first, and fails only if the first commits.
 */
export function recordHistory(rows: HistoryRow[]): SQL {
  const sorted = [...rows].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return jsonInsert(satelliteEventHistory, sorted, { sequence: sorted.map(batchPosition) });
}

const PRIMARY_KEY = 'satellite_event_history_pkey';

/** Whether an error is the unique violation of an event accepted before (recordHistory). */
export function isAcceptedBefore(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const pg = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (pg.code === '23505')
      return (
        pg.constraint === PRIMARY_KEY ||
        (typeof pg.message === 'string' && pg.message.includes(PRIMARY_KEY))
      );
  }
  return false;
}

const list = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * The entries of these events accepted before: within the window, the id answered then (the
 * record, or the entry); older ones are left out of the answer and deleted, so that the event
 * can be accepted again (its entry moves to the new receipt).
 */
export async function acceptedBefore(
  tx: Executor,
  satelliteId: string,
  ids: string[],
  windowSeconds: number,
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const found = rowsOf<{ id: string; answer: string; recent: boolean }>(
    await tx.execute(sql`
      SELECT id, coalesce(record_id, id) AS answer,
        created_at >= now() - make_interval(secs => ${windowSeconds}) AS recent
      FROM satellite_event_history
      WHERE satellite_id = ${satelliteId} AND id IN (${list(ids)})`),
  );
  const expired = found.filter((r) => !r.recent).map((r) => r.id);
  if (expired.length > 0) await forgetEvents(tx, satelliteId, expired);
  return new Map(found.filter((r) => r.recent).map((r) => [r.id, r.answer]));
}

/** Undoes the history entries of events that failed after they were recorded. */
export async function forgetEvents(tx: Executor, satelliteId: string, ids: string[]) {
  if (ids.length === 0) return;
  await tx.execute(sql`DELETE FROM satellite_event_history
    WHERE satellite_id = ${satelliteId} AND id IN (${list(ids)})`);
}
