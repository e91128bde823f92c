import type { Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { LimitState } from './limiter.js';

export interface SharedCountsOptions {
  windowSeconds: number;
  /** How often this replica adds its hits to the shared rows and reads the totals back. */
  syncMs: number;
  /** A failed read or sync; the hits it carried are kept and sent with the next one. */
  onError?: (error: unknown) => void;
}

interface Entry {
  /** Start of the window these counts belong to (ms since the epoch). */
  windowStart: number;
  /** The total across replicas when last read (this replica's sent hits included). */
  shared: number;
  /** Hits counted here and not sent yet. */
  pending: number;
  /** Hits in the sync now running: sent, not yet confirmed. */
  sending: number;
  /** The first read of the shared total, while it runs. */
  loading?: Promise<void>;
  /** Clock time (ms) of this replica's last hit on the key. */
  lastHit: number;
  /** Not kept fresh while idle: the shared total is read again at the next hit. */
  stale?: boolean;
}

interface Row {
  key: string;
  count: number;
  window_started_at: Date | string;
}

/**
 * Adds each key's hits to its shared row: a row in the same window adds them, a row from an
 * older window starts again from them, a row already in a newer window (another replica's clock
 * is ahead) keeps its count. Keys without new hits are only read, so a replica also learns what
 * the others counted. Rows are locked in key order, so two replicas syncing the same keys never
 * deadlock. One statement: nothing is added unless all is, and no transaction stays open.
 */
const SYNC = `
WITH hits AS (
  SELECT key, n, w FROM jsonb_to_recordset($1::jsonb) AS h(key text, n int, w timestamptz)
), counted AS (
  INSERT INTO rate_limits AS r (key, count, window_started_at)
  SELECT key, n, w FROM hits WHERE n > 0 ORDER BY key
  ON CONFLICT (key) DO UPDATE SET
    count = CASE
      WHEN r.window_started_at = EXCLUDED.window_started_at THEN r.count + EXCLUDED.count
      WHEN r.window_started_at < EXCLUDED.window_started_at THEN EXCLUDED.count
      ELSE r.count END,
    window_started_at = GREATEST(r.window_started_at, EXCLUDED.window_started_at)
  RETURNING r.key, r.count, r.window_started_at
)
SELECT key, count, window_started_at FROM counted
UNION ALL
SELECT r.key, r.count, r.window_started_at FROM rate_limits r JOIN hits h USING (key) WHERE h.n = 0`;

/** Syncs after its last hit during which a key is still read at every sync. */
const IDLE_SYNCS = 5;

const READ = `SELECT key, count, window_started_at FROM rate_limits
  WHERE key IN (SELECT jsonb_array_elements_text($1::jsonb))`;

/** One replica's counters and the state of its background sync. */
interface CountsState {
  db: Database;
  clock: Clock;
  options: SharedCountsOptions;
  windowMs: number;
  /**
   * A key this replica has not hit for this long is no longer read at every sync (an idle
   * replica then costs the database nothing); its next hit reads the shared total first.
   */
  idleMs: number;
  entries: Map<string, Entry>;
  timer: NodeJS.Timeout | null;
  running: Promise<void> | null;
  closed: boolean;
}

const windowOf = (state: CountsState, now: number) =>
  Math.floor(now / state.windowMs) * state.windowMs;

function learn(entry: Entry, row: Row) {
  // Counts only grow within a window, so the larger of two readings is the newer.
  if (new Date(row.window_started_at).getTime() === entry.windowStart)
    entry.shared = Math.max(entry.shared, row.count);
}

/** Reads the shared totals of keys first seen (or seen again) in this window. */
async function load(state: CountsState, keys: string[], fresh: Map<string, Entry>) {
  try {
    const rows = await state.db.query<Row>(READ, [JSON.stringify(keys)]);
    for (const row of rows) {
      const entry = fresh.get(row.key);
      if (entry) learn(entry, row);
    }
  } catch (error) {
    // The next sync reads the total; until then this replica counts what it sees.
    state.options.onError?.(error);
  }
}

function startTimer(state: CountsState) {
  if (state.timer || state.closed) return;
  state.timer = setInterval(() => void sync(state), state.options.syncMs);
  // A pending sync must not keep the process alive; close() sends what is left.
  state.timer.unref();
}

/**
 * The keys a sync sends or reads: those with hits not sent and those hit lately in the current
 * window. Idle keys of the current window are marked stale, keys of ended windows dropped, and
 * the timer stopped once no key is left.
 */
function pickBatch(state: CountsState): Array<[string, Entry]> {
  const clockNow = state.clock().getTime();
  const now = windowOf(state, clockNow);
  const batch: Array<[string, Entry]> = [];
  for (const [key, entry] of state.entries) {
    if (entry.loading) continue;
    const current = entry.windowStart === now;
    if (entry.pending > 0 || (current && clockNow - entry.lastHit <= state.idleMs))
      batch.push([key, entry]);
    else if (current) entry.stale = true;
    else if (entry.sending === 0) state.entries.delete(key);
  }
  if (batch.length === 0 && state.entries.size === 0 && state.timer) {
    clearInterval(state.timer);
    state.timer = null;
  }
  return batch;
}

async function syncOnce(state: CountsState) {
  const batch = pickBatch(state);
  if (batch.length === 0) return;
  for (const [, entry] of batch) {
    entry.sending = entry.pending;
    entry.pending = 0;
  }
  const hits = batch.map(([key, entry]) => ({
    key,
    n: entry.sending,
    w: new Date(entry.windowStart).toISOString(),
  }));
  let rows: Row[];
  try {
    rows = await state.db.query<Row>(SYNC, [JSON.stringify(hits)]);
  } catch (error) {
    // Nothing was added (one statement): the same hits go with the next sync.
    for (const [, entry] of batch) {
      entry.pending += entry.sending;
      entry.sending = 0;
    }
    state.options.onError?.(error);
    return;
  }
  const sent = new Map(batch);
  for (const row of rows) {
    const entry = sent.get(row.key);
    if (entry) learn(entry, row);
  }
  for (const [, entry] of batch) entry.sending = 0;
}

/** Runs one sync, or waits for the one already running. */
function sync(state: CountsState): Promise<void> {
  state.running ??= syncOnce(state).finally(() => {
    state.running = null;
  });
  return state.running;
}

async function hit(state: CountsState, keys: readonly string[]): Promise<LimitState[]> {
  const { entries } = state;
  const now = state.clock().getTime();
  const windowStart = windowOf(state, now);
  const fresh = new Map<string, Entry>();
  for (const key of keys) {
    const entry = entries.get(key);
    // An entry from another window is replaced; a sync still sending it holds its own reference.
    if (!entry || entry.windowStart !== windowStart)
      fresh.set(key, { windowStart, shared: 0, pending: 0, sending: 0, lastHit: now });
    else if (entry.stale && !entry.loading) {
      entry.stale = false;
      fresh.set(key, entry);
    }
  }
  if (fresh.size > 0) {
    const loading = load(state, [...fresh.keys()], fresh);
    for (const [key, entry] of fresh) {
      entry.loading = loading;
      // Hits of an ended window not sent yet are dropped: no decision depends on them now.
      entries.set(key, entry);
    }
    startTimer(state);
  }
  const current = keys.map((key) => entries.get(key)!);
  await Promise.all(current.map((entry) => entry.loading));
  const retryAfter = Math.max(1, Math.ceil((windowStart + state.windowMs - now) / 1000));
  return current.map((entry) => {
    entry.loading = undefined;
    entry.lastHit = now;
    entry.pending += 1;
    return { count: entry.shared + entry.sending + entry.pending, retryAfter };
  });
}

/** Counters of hits per key in fixed windows, shared across replicas. */
export interface SharedCounts {
  /**
   * Counts one hit on each key and answers each key's total in this window (this hit
   * included), in the keys' order.
   */
  hit(keys: readonly string[]): Promise<LimitState[]>;
  /** Sends what this replica has counted and reads the totals back now. */
  sync(): Promise<void>;
  /** Stops the background sync and sends what is left. */
  close(): Promise<void>;
}

/**
 * Fixed-window counters shared by every replica without a database write per request. Each
 * replica counts hits in memory and decides from the last total it read plus its own hits since;
 * every `syncMs` one statement adds its hits to the shared rows and reads the totals back. So
 * one replica is exact, and across replicas a key can pass its limit only by what the others
 * admitted since this replica's last sync and before theirs (docs/operators.md, Rate limits).
 *
 * Windows are aligned to the clock (a 60 s window starts on the minute), so every replica agrees
 * on which window a hit belongs to without asking. A key seen for the first time in a window is
 * read once (a read, not a write) so that a replica joining late knows the others' count.
 */
export function createSharedCounts(
  db: Database,
  clock: Clock,
  options: SharedCountsOptions,
): SharedCounts {
  const state: CountsState = {
    db,
    clock,
    options,
    windowMs: options.windowSeconds * 1000,
    idleMs: options.syncMs * IDLE_SYNCS,
    entries: new Map<string, Entry>(),
    timer: null,
    running: null,
    closed: false,
  };
  return {
    hit: (keys) => hit(state, keys),
    sync: () => sync(state),
    async close() {
      state.closed = true;
      if (state.timer) clearInterval(state.timer);
      state.timer = null;
      await state.running;
      await sync(state);
    },
  };
}
