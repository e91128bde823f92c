import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Dialect, type Executor } from '../../../db/client.js';
import { satelliteProcesses } from '../../../db/schema/index.js';
import { jsonInsert, together } from '../../../db/json-rows.js';
import { executePrepared, type StatementNames } from '../../../db/prepared.js';
import { recordHistory } from './history.js';
import { guardedInstallations, installationGuard } from './installation-guard.js';
import { logLineWrites } from './log-lines.js';
import {
  toolDeltaWrites,
  toolNotifications,
  toolSetWrites,
  type ToolChangeRow,
} from './apply-tools.js';
import {
  instanceStatusNotification,
  NOTIFIED_INSTANCE_STATUSES,
  type NewNotification,
} from '../../notifications/kinds.js';
import { notify } from '../../notifications/writer.js';
import {
  batchPosition,
  type BatchWrites,
  type CrashCheck,
  type InstanceStatusWrite,
} from './writes.js';

interface UpdatedInstance {
  id: string;
  user_id: string;
  status: string;
  previous: string;
}

const CRASH_WINDOW = '5 minutes';
const CRASH_LIMIT = 3;

/**
 * Whether a batch's writes are a single statement that needs no transaction around it: nothing
 * to count after the batch's crashes are stored, no tool sets to compare, no notification to
 * write after seeing which statuses changed. Most batches are; they then cost one round trip
 * and no BEGIN or COMMIT of their own.
 */
export function standsAlone(writes: BatchWrites): boolean {
  return (
    writes.crashChecks.length === 0 &&
    writes.toolSets.size === 0 &&
    writes.toolDeltas.size === 0 &&
    !writes.instanceStatuses.some((w) => NOTIFIED_INSTANCE_STATUSES.includes(w.status))
  );
}

/**
 * Writes what a batch's events planned, with one statement per step rather than per event: all
 * of it in one statement (the hold on the installations its logs name, inserts and upserts,
 * history entries, numbered log lines, tool sets and, unless crashes must be counted first,
 * instance statuses), whose rows report which statuses and tools really changed; then, if the
 * batch reported crashes, their count and the statuses it decides; then the notifications.
 * Returns the events that failed only here (an instance that vanished since it was read). A
 * batch's shape (which tables, which columns, how many instances) repeats from batch to batch,
 * and so does the text of its big statement: it runs prepared when `names` admits it
 * (db/prepared.ts).
 */
export async function applyWrites(
  tx: Executor,
  writes: BatchWrites,
  names: StatementNames,
  options: { synchronousCommit: boolean } = { synchronousCommit: true },
): Promise<Map<number, string>> {
  const crashes = writes.crashChecks.length > 0;
  let update = crashes ? null : instanceStatusUpdate(writes.instanceStatuses);
  const tools = [toolSetWrites(writes.toolSets), toolDeltaWrites(writes.toolDeltas)];
  const guard = installationGuard(guardedInstallations(writes));
  const all = [
    ...(guard ? [guard] : []),
    ...processUpserts(writes),
    ...[...writes.inserts].map(([table, rows]) =>
      jsonInsert(table, rows, { sequence: rows.map(batchPosition) }),
    ),
    ...(writes.history.length ? [recordHistory(writes.history)] : []),
    ...logLineWrites(writes.logLines),
    ...tools.flatMap((t) => t.writes),
    ...(update ? [update.write] : []),
  ];
  const reports = [
    ...(update ? [sql`SELECT ${STATUS} FROM ${sql.raw(update.write.name)}`] : []),
    ...tools.flatMap((t) => t.reports).map((r) => sql`SELECT ${TOOL} FROM (${r}) AS t`),
    ...(guard ? [sql`SELECT ${HELD} FROM ${sql.raw(guard.name)} WHERE held < 0`] : []),
    ...(options.synchronousCommit ? [] : [ASYNCHRONOUS_COMMIT]),
  ];
  const main = reports.length ? sql.join(reports, sql` UNION ALL `) : undefined;
  const statement = together(all, main);
  const rows = statement ? rowsOf<ChangeRow>(await executePrepared(tx, statement, names)) : [];
  let statuses = rows.filter((r) => r.change === 'status') as UpdatedInstance[];
  if (crashes) {
    const decided = await crashStatuses(tx, writes.crashChecks);
    update = instanceStatusUpdate([...writes.instanceStatuses, ...decided]);
    statuses = update ? rowsOf<UpdatedInstance>(await tx.execute(update.write.statement)) : [];
  }
  const installations = [
    ...[...writes.toolSets.values()].map((set) => set.installation),
    ...[...writes.toolDeltas.values()].map((delta) => delta.installation),
  ];
  const notices = toolNotifications(installations, rows.filter(isToolChange));
  if (update) notices.push(...update.notificationsGiven(statuses));
  if (notices.length > 0) await notify(tx, notices);
  return update ? update.failuresGiven(statuses) : new Map();
}

// The statement's rows: the instances whose status it set and the tools it added or removed.
const STATUS = sql.raw(
  `'status' AS change, id, user_id, status, previous, NULL::text AS installation_id, NULL::text AS tool_name`,
);
const TOOL = sql.raw(
  'change, NULL::text AS id, NULL::text AS user_id, NULL::text AS status, NULL::text AS previous, installation_id, tool_name',
);
// Read so that the installations' hold runs (installation-guard.ts); it never yields a row.
const HELD = sql.raw(
  `'held' AS change, NULL::text AS id, NULL::text AS user_id, NULL::text AS status, NULL::text AS previous, NULL::text AS installation_id, NULL::text AS tool_name`,
);
/**
 * A row of the statement that makes its transaction commit without waiting for the WAL to reach
 * disk (SATELLITE_EVENTS_ASYNC_COMMIT, docs/operators.md): the setting is local to the
 * transaction, so it reaches this batch's commit, whether the statement is the whole transaction
 * or one of its statements, and nothing else. Set inside the statement, it costs no round trip.
 */
const ASYNCHRONOUS_COMMIT = sql.raw(
  `SELECT 'commit' AS change, set_config('synchronous_commit', 'off', true) AS id, NULL::text AS user_id, NULL::text AS status, NULL::text AS previous, NULL::text AS installation_id, NULL::text AS tool_name`,
);
/**
 * Whether event batches commit synchronously: always on the embedded database, which has no WAL
 * writer of its own and lives in the service's process (a batch answered before its flush would
 * be lost to a killed service, not only to a crash); on PostgreSQL unless the operator asked for
 * the quicker commit (SATELLITE_EVENTS_ASYNC_COMMIT).
 */
export function waitsForFlush(dialect: Dialect, asyncCommitAsked: boolean): boolean {
  return dialect === 'pglite' || !asyncCommitAsked;
}

type ChangeRow = { change: string } & Partial<UpdatedInstance> &
  Partial<Omit<ToolChangeRow, 'change'>>;
const isToolChange = (row: ChangeRow): row is ChangeRow & ToolChangeRow =>
  row.change === 'added' || row.change === 'removed';

/**
 * Process records, one upsert per set of columns: a `started` sets other columns than a
 * `crashed`, and an update must leave alone what its events did not report.
 */
function processUpserts(writes: BatchWrites): SQL[] {
  const byColumns = new Map<string, Array<Record<string, unknown>>>();
  // In key order, so that two batches about the same processes lock their rows in one order.
  const ordered = [...writes.processes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [, { satelliteId, processId, values }] of ordered) {
    const shape = Object.keys(values).sort().join(',');
    const rows = byColumns.get(shape) ?? [];
    rows.push({ satelliteId, processId, ...values });
    byColumns.set(shape, rows);
  }
  return [...byColumns].map(([shape, rows]) =>
    jsonInsert(satelliteProcesses, rows, {
      onConflict: { target: ['satelliteId', 'processId'], update: shape.split(',') },
    }),
  );
}

/**
 * Decides, for each crash, whether the process crashed 3 or more times within some 5 minutes
 * (by event time) that include this crash: windows that start at any of the process's stored
 * crashes up to 5 minutes before it, counting crashes reported earlier, later, or in this batch.
 * A resent older batch therefore completes a sequence as well as a new one does; a window that
 * only ended at the crash would miss crashes reported earlier with later times. Such a crash
 * makes the instance `permanently_failed` at its place in the batch.
 *
 * Concurrent batches about one process are serialised by the row lock on the process's record:
 * every crash upserts it in the batch's first statement, which waits for any other transaction
 * holding it to commit. This count is a later statement, so under READ COMMITTED it sees every
 * crash committed before it, and of two racing batches the second decides with all of them.
 */
async function crashStatuses(tx: Executor, checks: CrashCheck[]): Promise<InstanceStatusWrite[]> {
  if (checks.length === 0) return [];
  const wanted = sql.join(
    checks.map(
      (c) =>
        sql`(${c.index}::int, ${c.satelliteId}::text, ${c.processId}::text, ${c.at.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  const span = sql.raw(`interval '${CRASH_WINDOW}'`);
  // `near`: every crash within 5 minutes either side of a checked one, which holds every crash
  // of any window that includes it; `windows`: how many crashes each 5 minutes from one holds.
  const counts = rowsOf<{ idx: number; n: number }>(
    await tx.execute(sql`
      WITH v(idx, satellite_id, process_id, at) AS (VALUES ${wanted}),
      near AS (
        SELECT DISTINCT c.id, c.satellite_id, c.process_id, c.crashed_at
        FROM v JOIN satellite_process_crashes c ON c.satellite_id = v.satellite_id
          AND c.process_id = v.process_id
          AND c.crashed_at BETWEEN v.at - ${span} AND v.at + ${span}),
      windows AS (
        SELECT satellite_id, process_id, crashed_at AS start, count(*) OVER (
          PARTITION BY satellite_id, process_id ORDER BY crashed_at
          RANGE BETWEEN CURRENT ROW AND ${span} FOLLOWING) AS n
        FROM near)
      SELECT v.idx, max(w.n)::int AS n
      FROM v JOIN windows w ON w.satellite_id = v.satellite_id AND w.process_id = v.process_id
        AND w.start BETWEEN v.at - ${span} AND v.at
      GROUP BY v.idx`),
  );
  const byIndex = new Map(counts.map((c) => [Number(c.idx), Number(c.n)]));
  return checks.flatMap((c) => {
    const n = byIndex.get(c.index) ?? 0;
    if (n < CRASH_LIMIT) return [];
    // The configuration hands out the instance id as the process id.
    return [
      {
        index: c.index,
        instanceId: c.processId,
        installation: c.installation,
        status: 'permanently_failed',
        message: `Crashed ${n} times within 5 minutes; last ${c.details}`,
        at: c.at,
        required: false,
      },
    ];
  });
}

/**
 * One UPDATE for every instance the batch changes; the latest event per instance wins.
 * `failuresGiven` names the events whose instance was not there to update.
 */
function instanceStatusUpdate(writes: InstanceStatusWrite[]) {
  if (writes.length === 0) return null;
  const latest = new Map<string, InstanceStatusWrite>();
  for (const write of [...writes].sort((a, b) => a.index - b.index))
    latest.set(write.instanceId, write);
  // One JSON parameter rather than a VALUES list: the same text for any number of instances.
  const values = JSON.stringify(
    [...latest.values()].map((w) => ({
      id: w.instanceId,
      installation_id: w.installation.id,
      status: w.status,
      message: w.message,
      at: w.at.toISOString(),
    })),
  );
  return {
    // `before` reads the rows as they were, so the statement also tells which changed status.
    write: {
      name: 'instance_statuses',
      statement: sql`
      UPDATE mcp_server_instances AS i
      SET status = v.status, status_message = v.message, status_updated_at = v.at
      FROM json_to_recordset(${values}::json)
        AS v(id text, installation_id text, status text, message text, at timestamptz)
      JOIN mcp_server_instances AS before ON before.id = v.id
      WHERE i.id = v.id AND i.installation_id = v.installation_id
      RETURNING i.id, i.user_id, i.status, before.status AS previous`,
    },
    /** The team hears of an instance entering error, requires_reauth or permanently_failed. */
    notificationsGiven(updated: UpdatedInstance[]): NewNotification[] {
      return updated.flatMap((row) => {
        const write = latest.get(row.id)!;
        if (!NOTIFIED_INSTANCE_STATUSES.includes(row.status) || row.previous === row.status)
          return [];
        return [
          instanceStatusNotification({
            teamId: write.installation.teamId,
            installationId: write.installation.id,
            installationName: write.installation.name,
            instanceId: row.id,
            userId: row.user_id,
            status: row.status,
            message: write.message,
          }),
        ];
      });
    },
    failuresGiven(updated: Array<{ id: string }>) {
      const found = new Set(updated.map((row) => row.id));
      const failures = new Map<number, string>();
      for (const write of writes) {
        if (write.required && !found.has(write.instanceId))
          failures.set(write.index, `instance ${write.instanceId} no longer exists`);
      }
      return failures;
    },
  };
}
