import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { globalSettings } from '../../db/schema/index.js';

export function createSettingsRepository(db: Executor) {
  return {
    async all(tx: Executor = db) {
      return tx.select().from(globalSettings);
    },
    async upsert(key: string, value: string, updatedBy: string | null, tx: Executor = db) {
      const now = new Date();
      await tx
        .insert(globalSettings)
        .values({ key, value, updatedBy, updatedAt: now })
        .onConflictDoUpdate({
          target: globalSettings.key,
          set: { value, updatedBy, updatedAt: now },
        });
    },
    async remove(key: string, tx: Executor = db) {
      await tx.delete(globalSettings).where(eq(globalSettings.key, key));
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
