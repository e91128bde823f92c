import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { rowsOf, type Executor, type Orm } from '../../db/client.js';
import { executePrepared, unnamedStatements, type StatementNames } from '../../db/prepared.js';
import { auditChain, auditEntries, auditPending } from '../../db/schema/index.js';
import { cursorText } from '../../http/stream/cursor.js';
import { signalInTransaction, streamTopics } from '../../http/stream/signals.js';
import { createCoalescedReads } from '../../lib/coalesced-reads.js';
import { entryHash, type HashedContent } from './chain.js';
import { QUEUED, QUEUED_COLUMNS } from './writer.js';

/**
 * How often a replica seals when AUDIT_SEAL_MS does not say. PGlite runs inside the service's
 * process, so a seal costs the service a few milliseconds however few entries it moves: once a
 * second that was the larger part of what auditing cost an installation change there
 * (docs/performance.md). Reads of the log seal first either way.
 */
export function sealIntervalMs(configured: number | null, dialect: 'pglite' | 'postgresql') {
  return configured ?? (dialect === 'pglite' ? 5000 : 1000);
}

/** Entries linked per transaction; a longer backlog takes several. */
const SEAL_BATCH = 1000;

/** The columns an entry has in the log: its content, as queued, and its links. */
const MOVED_COLUMNS = [...QUEUED_COLUMNS, 'seq', 'prev_hash', 'hash']
  .map((name) => `"${name}"`)
  .join(', ');

/**
 * Sealing's statements have fixed texts, so that they run prepared where the caller's names admit
 * them: on PGlite a statement planned afresh is the service's own CPU, and a seal's few
 * statements cost it more than moving a few hundred entries did (docs/performance.md).
 */
const PROBE = sql`SELECT 1 FROM ${auditPending} LIMIT 1`;
const LOCK_HEAD = sql`SELECT head_seq, head_hash FROM ${auditChain} WHERE id = 1 FOR UPDATE`;
const LOCK_HEAD_OR_SKIP = sql`${LOCK_HEAD} SKIP LOCKED`;

/** A waiting entry as sealing reads it: its hashed content, and its queue key's exact time. */
interface Waiting extends Omit<HashedContent, 'seq'> {
  createdAt: string;
  at: string;
}

/**
 * A waiting entry's columns as one JSON array, in the schema's order (writer.ts `QUEUED`), its
 * time as text with microseconds: the queue's exact key, from which the hashed time is cut.
 */
const WAITING = sql`json_build_array(${sql.join(
  QUEUED.map((property) =>
    property === 'createdAt' ? cursorText(auditPending.createdAt) : auditPending[property],
  ),
  sql`, `,
)})`;

/**
 * The oldest waiting entries, up to a batch, read as one JSON text: a few hundred rows of
 * thirteen columns each cost more to decode field by field, in the driver and the ORM, than
 * their hashing, and on PGlite that decoding is the service's own CPU.
 */
async function readPending(tx: Executor, names: StatementNames): Promise<Waiting[]> {
  const [read] = rowsOf<{ rows: string }>(
    await executePrepared(
      tx,
      sql`
      SELECT coalesce(json_agg(oldest.entry ORDER BY oldest.created_at, oldest.id), '[]')::text
        AS rows
      FROM (
        SELECT ${WAITING} AS entry, created_at, id FROM ${auditPending}
        ORDER BY created_at, id LIMIT ${SEAL_BATCH}
      ) AS oldest`,
      names,
    ),
  );
  return (JSON.parse(read!.rows) as unknown[][]).map((row) => {
    // The array holds the queue's columns in QUEUED's order, as WAITING builds it.
    const entry = Object.fromEntries(QUEUED.map((property, i) => [property, row[i]]));
    const queued = entry as unknown as Omit<Waiting, 'at'>;
    // What a Date read from the column would give: V8 cuts the microseconds off, as this does.
    return { ...queued, at: queued.createdAt, createdAt: `${queued.createdAt.slice(0, 23)}Z` };
  });
}

/**
 * Moves the committed entries waiting in `audit_pending` into the log, oldest first, each linked
 * after the chain's head. Writers only insert into the queue (writer.ts), so concurrent audited
 * transactions never wait on one another; the chain's order is the order in which sealing links
 * entries, which the chain row's lock makes one order across connections and replicas. With
 * `skipLocked` a sealer that finds another one at work leaves the backlog to it instead of
 * waiting. Returns how many entries it linked.
 */
export async function sealPending(
  db: Orm,
  options: { skipLocked?: boolean; names?: StatementNames } = {},
) {
  const names = options.names ?? unnamedStatements;
  // The usual answer, nothing to seal, costs one probe of a queue that sealing keeps empty.
  const probe = rowsOf(await executePrepared(db, PROBE, names));
  if (probe.length === 0) return 0;
  let total = 0;
  for (;;) {
    const linked = await db.transaction(async (tx) => {
      const [chain] = rowsOf<{ head_seq: string | number; head_hash: string }>(
        await executePrepared(tx, options.skipLocked ? LOCK_HEAD_OR_SKIP : LOCK_HEAD, names),
      );
      if (!chain) return 0;
      // Read after the lock: under READ COMMITTED this sees what an earlier sealer took away.
      const pending = await readPending(tx, names);
      if (pending.length === 0) return 0;
      let seq = Number(chain.head_seq);
      let prev = chain.head_hash;
      const links = pending.map((entry) => {
        seq += 1;
        const hash = entryHash({ ...entry, seq }, prev);
        // `at` is the queue key's exact time (microseconds), which the hashed time truncates.
        const link = { id: entry.id, at: entry.at, seq, prev_hash: prev, hash };
        prev = hash;
        return link;
      });
      // The log's streams wake when entries are sealed, on every replica at this commit: one
      // signal per seal rather than one per audited write.
      const teams = new Set(pending.flatMap((entry) => (entry.teamId ? [entry.teamId] : [])));
      const signal = signalInTransaction([
        streamTopics.audit(null),
        ...[...teams].map((team) => streamTopics.audit(team)),
      ])!;
      // The content moves inside the database, so the log holds exactly what was hashed; the
      // head moves and the signal is raised in the same statement (each is one more round trip
      // otherwise, and on PGlite each statement costs the service's own time).
      const [moved] = rowsOf<{ count: number }>(
        await executePrepared(
          tx,
          sql`
          WITH link AS (
            SELECT * FROM jsonb_to_recordset(${JSON.stringify(links)}::jsonb)
              AS l(id text, at timestamptz, seq bigint, prev_hash text, hash text)
          ), taken AS (
            DELETE FROM ${auditPending} AS p USING link
            WHERE p.created_at = link.at AND p.id = link.id
            RETURNING p.*, link.seq, link.prev_hash, link.hash
          ), moved AS (
            INSERT INTO ${auditEntries} (${sql.raw(MOVED_COLUMNS)})
            SELECT ${sql.raw(MOVED_COLUMNS)} FROM taken
            RETURNING 1
          ), head AS (
            UPDATE ${auditChain} SET head_seq = ${seq}, head_hash = ${prev} WHERE id = 1
          )
          SELECT (SELECT count(*) FROM moved)::int AS count FROM (${signal}) AS raised`,
          names,
        ),
      );
      // Only a hand on the table could take an entry away meanwhile; the chain stays unlinked
      // (the head's move rolls back with the rest).
      if (moved?.count !== links.length) throw new Error('audit entries changed while sealing');
      return links.length;
    });
    total += linked;
    if (linked < SEAL_BATCH) return total;
  }
}

export interface AuditSealer {
  /**
   * Links every entry committed before the call; calls made while a seal runs share the one
   * that follows it. Never fails: a failure is logged.
   */
  seal(): Promise<void>;
  /** The background pass (AUDIT_SEAL_MS): skips when another replica is sealing. */
  tick(): Promise<void>;
}

export function createAuditSealer(
  db: Orm,
  logger: Logger,
  names: StatementNames = unnamedStatements,
): AuditSealer {
  // A seal under way may have read the backlog before a caller's entry committed: calls made
  // meanwhile share the one that follows it (lib/coalesced-reads.ts).
  const passes = createCoalescedReads();
  // A read goes on without sealing when sealing fails: it shows what is sealed, and the waiting
  // entries with their links still null.
  const logged = (pass: Promise<number>) =>
    pass.then(
      () => undefined,
      (error: unknown) => logger.error({ err: error }, 'sealing the audit log failed'),
    );
  return {
    seal: () => passes.read('seal', () => logged(sealPending(db, { names }))),
    async tick() {
      if (passes.size === 0) await logged(sealPending(db, { skipLocked: true, names }));
    },
  };
}
