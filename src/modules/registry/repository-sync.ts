import { desc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.js';
import { registrySources, registrySyncRuns } from '../../db/schema/index.js';

export type SyncRunRow = typeof registrySyncRuns.$inferSelect;
export type SourceRow = typeof registrySources.$inferSelect;

/** The registry the catalogue syncs from, and the record of its sync runs. */
export interface RegistrySyncStore {
  /** The sync source (`default` unless named), or null when none is set. */
  source(id?: string, tx?: Executor): Promise<SourceRow | null>;
  /** Creates or replaces the source; a different base URL forgets the old one's marks. */
  saveSource(values: typeof registrySources.$inferInsert, tx?: Executor): Promise<SourceRow>;
  /** Changes the source's marks or settings. */
  updateSource(
    id: string,
    values: Partial<typeof registrySources.$inferInsert>,
    tx?: Executor,
  ): Promise<void>;
  /** Records the start of a run. */
  insertRun(values: typeof registrySyncRuns.$inferInsert, tx?: Executor): Promise<void>;
  /** Records a run's progress or end. */
  updateRun(
    id: string,
    values: Partial<typeof registrySyncRuns.$inferInsert>,
    tx?: Executor,
  ): Promise<void>;
  /** A page of runs, newest first, and how many there are. */
  runs(
    limit: number,
    offset: number,
    tx?: Executor,
  ): Promise<{ items: SyncRunRow[]; total: number }>;
  /** Marks the runs still running as failed: a stopped process cut them off. */
  closeInterruptedRuns(now: Date, tx?: Executor): Promise<void>;
  /** One run, or null. */
  run(id: string, tx?: Executor): Promise<SyncRunRow | null>;
}

export function createSyncStore(db: Executor): RegistrySyncStore {
  return {
    async source(id = 'default', tx = db) {
      const [row] = await tx.select().from(registrySources).where(eq(registrySources.id, id));
      return row ?? null;
    },
    async saveSource(values, tx = db) {
      const [row] = await tx
        .insert(registrySources)
        .values(values)
        .onConflictDoUpdate({
          target: registrySources.id,
          set: {
            baseUrl: values.baseUrl,
            versionMode: values.versionMode,
            enabled: values.enabled,
            // A different registry starts from scratch: its marks mean nothing here.
            highWaterMark: sql`CASE WHEN ${registrySources.baseUrl} = ${values.baseUrl} THEN ${registrySources.highWaterMark} END`,
            resumeCursor: sql`CASE WHEN ${registrySources.baseUrl} = ${values.baseUrl} THEN ${registrySources.resumeCursor} END`,
            resumeSince: sql`CASE WHEN ${registrySources.baseUrl} = ${values.baseUrl} THEN ${registrySources.resumeSince} END`,
            resumeMark: sql`CASE WHEN ${registrySources.baseUrl} = ${values.baseUrl} THEN ${registrySources.resumeMark} END`,
            updatedAt: new Date(),
          },
        })
        .returning();
      return row!;
    },
    async updateSource(id, values, tx = db) {
      await tx
        .update(registrySources)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(registrySources.id, id));
    },
    async insertRun(values, tx = db) {
      await tx.insert(registrySyncRuns).values(values);
    },
    async updateRun(id, values, tx = db) {
      await tx.update(registrySyncRuns).set(values).where(eq(registrySyncRuns.id, id));
    },
    async runs(limit, offset, tx = db) {
      const [items, total] = await Promise.all([
        tx
          .select()
          .from(registrySyncRuns)
          .orderBy(desc(registrySyncRuns.startedAt), desc(registrySyncRuns.id))
          .limit(limit)
          .offset(offset),
        tx.execute(sql`SELECT count(*)::int AS n FROM ${registrySyncRuns}`),
      ]);
      return { items, total: rowsOf<{ n: number }>(total)[0]?.n ?? 0 };
    },
    async closeInterruptedRuns(now, tx = db) {
      await tx
        .update(registrySyncRuns)
        .set({
          status: 'failed',
          error: 'interrupted: the service stopped during the run',
          finishedAt: now,
        })
        .where(eq(registrySyncRuns.status, 'running'));
    },
    async run(id, tx = db) {
      const [row] = await tx.select().from(registrySyncRuns).where(eq(registrySyncRuns.id, id));
      return row ?? null;
    },
  };
}
