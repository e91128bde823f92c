import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { countedTotal } from '../../db/list-counts.js';
import {
  mcpRequestLogs,
  mcpServerLogs,
  mcpToolMetadata,
  satelliteProcesses,
  satelliteUsageLogs,
} from '../../db/schema/index.js';
import { countWhere, type Page } from '../../http/pagination.js';

/** Read side of the records that satellite events write. */
export function createRecordRepository(db: Executor) {
  async function page<T>(items: Promise<T[]>, total: Promise<number>) {
    const [rows, n] = await Promise.all([items, total]);
    return { items: rows, total: n };
  }
  return {
    processes(satelliteId: string, p: Page) {
      const where = eq(satelliteProcesses.satelliteId, satelliteId);
      return page(
        db
          .select()
          .from(satelliteProcesses)
          .where(where)
          .orderBy(desc(satelliteProcesses.updatedAt), asc(satelliteProcesses.processId))
          .limit(p.limit)
          .offset(p.offset),
        countWhere(db, satelliteProcesses, where),
      );
    },
    logs(installationId: string, p: Page) {
      const where = eq(mcpServerLogs.installationId, installationId);
      return page(
        db
          .select()
          .from(mcpServerLogs)
          .where(where)
          .orderBy(desc(mcpServerLogs.seq))
          .limit(p.limit)
          .offset(p.offset),
        countWhere(db, mcpServerLogs, where),
      );
    },
    requests(installationId: string, p: Page) {
      const where = eq(mcpRequestLogs.installationId, installationId);
      return page(
        db
          .select()
          .from(mcpRequestLogs)
          .where(where)
          .orderBy(desc(mcpRequestLogs.occurredAt), desc(mcpRequestLogs.id))
          .limit(p.limit)
          .offset(p.offset),
        countedTotal(db, 'requests', installationId),
      );
    },
    tools(installationId: string, p: Page) {
      const where = eq(mcpToolMetadata.installationId, installationId);
      return page(
        db
          .select()
          .from(mcpToolMetadata)
          .where(where)
          .orderBy(asc(mcpToolMetadata.toolName))
          .limit(p.limit)
          .offset(p.offset),
        countWhere(db, mcpToolMetadata, where),
      );
    },
    usage(installationId: string, p: Page) {
      return page(usageRows(db, installationId, p), countedTotal(db, 'usage', installationId));
    },
  };
}

/** The columns of a tool execution, as both tables that hold them name them. */
const executionOf = (table: typeof satelliteUsageLogs | typeof mcpRequestLogs) => ({
  id: table.id,
  userId: table.userId,
  toolName: table.toolName,
  durationMs: table.durationMs,
  success: table.success,
  errorMessage: table.errorMessage,
  occurredAt: table.occurredAt,
});

/**
 * A page of an installation's tool executions, newest first: its usage rows (mcp.tool.executed)
 * and the calls of batched request logs that count as usage (stored once, as request logs).
 * Each side reads at most the page's end from its own (installation, occurred_at, id) index (for
 * request logs, the partial one of those that count), and the two are merged: PostgreSQL would
 * sort the whole of both sides for an ORDER BY over the UNION ALL alone.
 */
function usageRows(db: Executor, installationId: string, p: Page) {
  const end = p.offset + p.limit;
  return (
    unionAll(
      db
        .select(executionOf(satelliteUsageLogs))
        .from(satelliteUsageLogs)
        .where(eq(satelliteUsageLogs.installationId, installationId))
        .orderBy(desc(satelliteUsageLogs.occurredAt), desc(satelliteUsageLogs.id))
        .limit(end),
      db
        .select(executionOf(mcpRequestLogs))
        .from(mcpRequestLogs)
        .where(
          and(
            eq(mcpRequestLogs.installationId, installationId),
            // Written as the partial index's own predicate, not `= $n`: a generic plan of a
            // parameter could not prove it and would not use the index.
            sql`${mcpRequestLogs.countsAsUsage}`,
          ),
        )
        .orderBy(desc(mcpRequestLogs.occurredAt), desc(mcpRequestLogs.id))
        .limit(end),
    )
      // By the result's own column names: the tables' names are not in scope after UNION ALL.
      .orderBy(sql`occurred_at DESC, id DESC`)
      .limit(p.limit)
      .offset(p.offset)
  );
}

export type RecordRepository = ReturnType<typeof createRecordRepository>;
