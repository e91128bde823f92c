import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../db/client.js';
import { satelliteProcesses } from '../db/schema/index.js';
import { jsonInsert, together } from '../db/json-rows.js';
import { advanceLogCounters, logLineWrites } from './log-lines.js';
import { replaceToolSets } from './apply-tools.js';
import {
  instanceStatusNotification,
  NOTIFIED_INSTANCE_STATUSES,
  type NewNotification,
} from '../modules/notifications/kinds.js';
import { notify } from '../modules/notifications/writer.js';
import type { BatchWrites, CrashCheck, InstanceStatusWrite } from './writes.js';

interface UpdatedInstance {
  id: string;
  user_id: string;
  status: string;
  previous: string;
}

const CRASH_WINDOW = '5 minutes';
const CRASH_LIMIT = 3;

/**
 * Writes what a batch's events planned, with one statement per step rather than per event:
 * first every independent insert and upsert together, then what depends on them (numbered log
 * lines, crash counts, instance statuses). Returns the events that failed only here (an
 * instance that vanished since it was read).
 */
export async function applyWrites(tx: Executor, writes: BatchWrites): Promise<Map<number, string>> {
  const first = together(
    [
      ...processUpserts(writes),
      ...[...writes.inserts].map(([table, rows]) => jsonInsert(table, rows)),
    ],
    advanceLogCounters(writes.logLines) ?? undefined,
  );
  const totals = first
    ? rowsOf<{ installation_id: string; written: string }>(await tx.execute(first))
    : [];
  const notices = await replaceToolSets(tx, writes.toolSets);
  const statuses = [...writes.instanceStatuses, ...(await crashStatuses(tx, writes.crashChecks))];
  // Log lines and instance statuses touch different tables: one more statement for both.
  const update = instanceStatusUpdate(statuses);
  const last = together(logLineWrites(writes.logLines, totals), update?.statement);
  const rows = last ? rowsOf<UpdatedInstance>(await tx.execute(last)) : [];
  if (update) notices.push(...update.notificationsGiven(rows));
  if (notices.length > 0) await notify(tx, notices);
  return update ? update.failuresGiven(rows) : new Map();
}

/**
 * Process records, one upsert per set of columns: a `started` sets other columns than a
 * `crashed`, and an update must leave alone what its events did not report.
 */
function processUpserts(writes: BatchWrites): SQL[] {
  const byColumns = new Map<string, Array<Record<string, unknown>>>();
  for (const { satelliteId, processId, values } of writes.processes.values()) {
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
 * Counts, for each crash, the process's crashes within the five minutes before it by event time
 * (this batch's included), so late or batched reports still see the real sequence. A third
 * crash makes the instance `permanently_failed` at that crash's place in the batch.
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
  const counts = rowsOf<{ idx: number; n: number }>(
    await tx.execute(sql`
      SELECT v.idx, count(c.id)::int AS n
      FROM (VALUES ${wanted}) AS v(idx, satellite_id, process_id, at)
      JOIN satellite_process_crashes c ON c.satellite_id = v.satellite_id
        AND c.process_id = v.process_id
        AND c.crashed_at BETWEEN v.at - ${sql.raw(`interval '${CRASH_WINDOW}'`)} AND v.at
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
  const values = sql.join(
    [...latest.values()].map(
      (w) =>
        sql`(${w.instanceId}::text, ${w.installation.id}::text, ${w.status}::text, ${w.message}::text, ${w.at.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  return {
    // `before` reads the rows as they were, so the statement also tells which changed status.
    statement: sql`
      UPDATE mcp_server_instances AS i
      SET status = v.status, status_message = v.message, status_updated_at = v.at
      FROM (VALUES ${values}) AS v(id, installation_id, status, message, at)
      JOIN mcp_server_instances AS before ON before.id = v.id
      WHERE i.id = v.id AND i.installation_id = v.installation_id
      RETURNING i.id, i.user_id, i.status, before.status AS previous`,
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
