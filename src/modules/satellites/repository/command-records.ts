import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../../db/client.js';
import { satelliteCommands } from '../../../db/schema/index.js';
import { countWhere } from '../../../http/pagination.js';
import type { CommandRow } from './rows.js';

/** Rows per INSERT of satellite commands (7 parameters each). */
const COMMAND_INSERT_SLICE = 1000;

/** Reading satellite commands. */
export interface CommandReads {
  /** How many unexpired commands wait for the satellite. */
  countPending(satelliteId: string, now: Date, tx?: Executor): Promise<number>;
  /** How many commands wait for the satellite, and the most urgent priority among them. */
  pendingSummary(
    satelliteId: string,
    now: Date,
    tx?: Executor,
  ): Promise<{ count: number; mostUrgent: number | null }>;
  /** One of the satellite's commands, or null. */
  findCommand(satelliteId: string, id: string, tx?: Executor): Promise<CommandRow | null>;
}

/** Writing satellite commands. */
export interface CommandWrites {
  /** Stores commands, in slices that PostgreSQL and the query builder accept. */
  insertCommands(rows: Array<typeof satelliteCommands.$inferInsert>, tx?: Executor): Promise<void>;
  /** Hands out the most urgent, oldest pending commands and marks them delivered, atomically. */
  deliver(satelliteId: string, limit: number, now: Date, tx?: Executor): Promise<CommandRow[]>;
  /** Changes a command's fields (and its updated_at). */
  updateCommand(
    id: string,
    values: Partial<typeof satelliteCommands.$inferInsert>,
    tx?: Executor,
  ): Promise<void>;
  /** Marks the pending commands expired by `now` expired. */
  expireCommands(now: Date, tx?: Executor): Promise<void>;
}

export function commandReads(db: Executor): CommandReads {
  return {
    async countPending(satelliteId, now, tx = db) {
      return countWhere(
        tx,
        satelliteCommands,
        and(
          eq(satelliteCommands.satelliteId, satelliteId),
          eq(satelliteCommands.status, 'pending'),
          sql`${satelliteCommands.expiresAt} > ${now.toISOString()}`,
        ),
      );
    },
    async pendingSummary(satelliteId, now, tx = db) {
      const [row] = await tx
        .select({
          count: sql<number>`count(*)::int`,
          mostUrgent: sql<number | null>`min(${satelliteCommands.priority})`,
        })
        .from(satelliteCommands)
        .where(
          and(
            eq(satelliteCommands.satelliteId, satelliteId),
            eq(satelliteCommands.status, 'pending'),
            sql`${satelliteCommands.expiresAt} > ${now.toISOString()}`,
          ),
        );
      return { count: row?.count ?? 0, mostUrgent: row?.mostUrgent ?? null };
    },
    async findCommand(satelliteId, id, tx = db) {
      const [row] = await tx
        .select()
        .from(satelliteCommands)
        .where(and(eq(satelliteCommands.id, id), eq(satelliteCommands.satelliteId, satelliteId)));
      return row ?? null;
    },
  };
}

export function commandWrites(db: Executor): CommandWrites {
  return {
    async insertCommands(rows, tx = db) {
      // In slices: PostgreSQL takes at most 65,535 parameters per statement, and one huge
      // statement also overflows the query builder's stack. A fan-out that failed here would be
      // retried, and fail, on every poll of every satellite.
      for (let i = 0; i < rows.length; i += COMMAND_INSERT_SLICE) {
        await tx.insert(satelliteCommands).values(rows.slice(i, i + COMMAND_INSERT_SLICE));
      }
    },
    async deliver(satelliteId, limit, now, tx = db) {
      // A poll that hands something out is counted: configuration answers remembered before it
      // are not used again (configuration.ts).
      const rows = await tx.execute<{ id: string }>(sql`
        WITH delivered AS (
          UPDATE satellite_commands SET status = 'delivered', delivered_at = ${now.toISOString()}, updated_at = ${now.toISOString()}
          WHERE id IN (
            SELECT id FROM satellite_commands
            WHERE satellite_id = ${satelliteId} AND status = 'pending' AND expires_at > ${now.toISOString()}
            ORDER BY priority, created_at, id
            LIMIT ${limit}
            FOR UPDATE SKIP LOCKED
          )
          RETURNING id),
        counted AS (
          UPDATE satellites SET command_deliveries = command_deliveries + 1
          WHERE id = ${satelliteId} AND EXISTS (SELECT 1 FROM delivered))
        SELECT id FROM delivered`);
      const ids = rowsOf<{ id: string }>(rows).map((r) => r.id);
      if (ids.length === 0) return [];
      return tx
        .select()
        .from(satelliteCommands)
        .where(
          sql`${satelliteCommands.id} IN (${sql.join(
            ids.map((i) => sql`${i}`),
            sql`, `,
          )})`,
        )
        .orderBy(
          asc(satelliteCommands.priority),
          asc(satelliteCommands.createdAt),
          asc(satelliteCommands.id),
        );
    },
    async updateCommand(id, values, tx = db) {
      await tx
        .update(satelliteCommands)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(satelliteCommands.id, id));
    },
    async expireCommands(now, tx = db) {
      await tx
        .update(satelliteCommands)
        .set({ status: 'expired', updatedAt: now })
        .where(and(eq(satelliteCommands.status, 'pending'), lte(satelliteCommands.expiresAt, now)));
    },
  };
}
