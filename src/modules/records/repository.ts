import { asc, desc, eq } from 'drizzle-orm';
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
      const where = eq(satelliteUsageLogs.installationId, installationId);
      return page(
        db
          .select()
          .from(satelliteUsageLogs)
          .where(where)
          .orderBy(desc(satelliteUsageLogs.occurredAt), desc(satelliteUsageLogs.id))
          .limit(p.limit)
          .offset(p.offset),
        countedTotal(db, 'usage', installationId),
      );
    },
  };
}

export type RecordRepository = ReturnType<typeof createRecordRepository>;
