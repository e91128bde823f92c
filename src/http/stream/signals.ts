import { sql, type SQL } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database, Executor } from '../../db/client.js';
import { randomBase62 } from '../../lib/ids.js';

/** The LISTEN/NOTIFY channel every replica listens on. */
export const STREAM_SIGNAL_CHANNEL = 'groundstation_streams';

/**
 * What a signal names: the stream topic whose items a write created. A payload carries topics
 * only (which source, whose items), never the items: a woken stream reads them with its poll.
 */
export const streamTopics = {
  activity: (userId: string) => `activity:${userId}`,
  notifications: (teamId: string) => `notifications:${teamId}`,
  metrics: (satelliteId: string) => `metrics:${satelliteId}`,
  history: (satelliteId: string) => `history:${satelliteId}`,
  audit: (teamId: string | null) => `audit:${teamId ?? '*'}`,
  /**
   * Something that can end an account's access changed (a sign-out, a password change,
   * disabling, deletion, a role change): replicas forget what they remember of its sessions.
   */
  access: (userId: string) => `access:${userId}`,
};

/** The account an `access:` topic names, or null for other topics. */
export const accessTopicUser = (topic: string): string | null =>
  topic.startsWith('access:') ? topic.slice('access:'.length) : null;

/** Writes close together in time share one NOTIFY. */
const COALESCE_MS = 5;
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7_500;
/** The sender of a signal raised inside a transaction (notifications): no replica ignores it. */
const IN_TRANSACTION = '-';

export interface StreamSignals {
  /**
   * Wakes the streams that follow these topics, in this process at once and on every other
   * replica through NOTIFY. Call it after the write committed.
   */
  publish(topics: Iterable<string>): void;
  /**
   * Calls `wake` when a topic is signalled, and also when signals may have been lost (the
   * listening connection came back), so that a stream catches up. Returns the unsubscribe.
   */
  subscribe(topic: string, wake: () => void): () => void;
  /**
   * Calls `heard` with every topic signalled, in this process or by another replica, and with
   * null when signals may have been lost (the listening connection came back). Returns the
   * unsubscribe.
   */
  observe(heard: (topic: string | null) => void): () => void;
  /** Whether the LISTEN connection is up (always true on PGlite). */
  readonly listening: boolean;
  close(): Promise<void>;
}

/** Splits topics into NOTIFY payloads below PostgreSQL's limit, each led by its sender. */
function payloads(sender: string, topics: string[]): string[] {
  const out: string[] = [];
  let current = sender;
  for (const topic of topics) {
    if (Buffer.byteLength(current) + Buffer.byteLength(topic) + 1 > MAX_PAYLOAD_BYTES) {
      out.push(current);
      current = sender;
    }
    current += `\n${topic}`;
  }
  if (current !== sender) out.push(current);
  return out;
}

/**
 * A signal raised inside a transaction, as one statement: PostgreSQL delivers it when (and only
 * if) the transaction commits, so a stream never reads before the items are there. Its text is
 * the same for any number of topics (the payloads travel as one JSON parameter), so a statement
 * that holds it can run prepared. One row, which counts the payloads.
 */
export function signalInTransaction(topics: string[]): SQL | null {
  const unique = [...new Set(topics)];
  if (unique.length === 0) return null;
  const all = JSON.stringify(payloads(IN_TRANSACTION, unique));
  // pg_notify is volatile, so the planner keeps each call although only the count is read.
  return sql`SELECT count(*) FROM (
    SELECT pg_notify(${STREAM_SIGNAL_CHANNEL}, payload)
    FROM json_array_elements_text(${all}::json) AS payload
  ) AS raised`;
}

/**
 * Raises the `access` signal of these accounts when `tx` commits: every replica then forgets
 * their remembered sessions and re-checks their open streams (sessions.ts, support.ts).
 */
export async function signalAccessInTransaction(tx: Executor, userIds: string[]): Promise<void> {
  const signal = signalInTransaction(userIds.map(streamTopics.access));
  if (signal) await tx.execute(signal);
}

export function createStreamSignals(db: Database, logger: Logger): StreamSignals {
  // Each process knows its own signals: it has dispatched them already when they come back.
  const self = randomBase62(12);
  const subscribers = new Map<string, Set<() => void>>();
  const observers = new Set<(topic: string | null) => void>();
  let listening = false;
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;

  const dispatch = (topic: string) => {
    for (const heard of observers) heard(topic);
    for (const wake of subscribers.get(topic) ?? []) wake();
  };
  const wakeAll = () => {
    for (const heard of observers) heard(null);
    for (const wakes of subscribers.values()) for (const wake of wakes) wake();
  };

  const listener = db.listen(STREAM_SIGNAL_CHANNEL, {
    payload(payload) {
      const [sender, ...topics] = payload.split('\n');
      if (sender === self) return;
      for (const topic of topics) dispatch(topic);
    },
    connected() {
      listening = true;
      // Whatever was signalled while the connection was down is read now.
      wakeAll();
    },
    disconnected(error) {
      listening = false;
      logger.warn({ err: error }, 'stream signal listener lost its connection; polling until back');
    },
  });

  function flush() {
    timer = undefined;
    const topics = [...pending];
    pending = new Set();
    for (const topic of topics) dispatch(topic);
    // PGlite is this process alone: nobody else to tell.
    if (db.dialect === 'pglite') return;
    for (const payload of payloads(self, topics)) {
      db.query('SELECT pg_notify($1, $2)', [STREAM_SIGNAL_CHANNEL, payload]).catch((error) =>
        // A lost signal costs other replicas one poll interval of delay, nothing more.
        logger.warn({ err: error }, 'stream signal not sent'),
      );
    }
  }

  return {
    publish(topics) {
      for (const topic of topics) pending.add(topic);
      if (pending.size > 0 && !timer) timer = setTimeout(flush, COALESCE_MS);
    },
    subscribe(topic, wake) {
      const wakes = subscribers.get(topic) ?? new Set();
      wakes.add(wake);
      subscribers.set(topic, wakes);
      return () => {
        wakes.delete(wake);
        if (wakes.size === 0) subscribers.delete(topic);
      };
    },
    observe(heard) {
      observers.add(heard);
      return () => void observers.delete(heard);
    },
    get listening() {
      return listening;
    },
    async close() {
      clearTimeout(timer);
      timer = undefined;
      await listener.close();
    },
  };
}
