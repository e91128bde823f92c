import type { Database } from '../../db/client.js';
import type { Page } from '../../http/pagination.js';

export interface AppliedMigration {
  name: string;
  applied_at: Date;
}

/** Reads the migration runner's own table, which is outside the ORM schema on purpose. */
export function createSystemRepository(db: Database) {
  return {
    async serverVersion(): Promise<string> {
      const [row] = await db.query<{ version: string }>(
        "SELECT current_setting('server_version') AS version",
      );
      return row?.version ?? 'unknown';
    },

    async appliedMigrationNames(): Promise<Set<string>> {
      const rows = await db.query<{ name: string }>('SELECT name FROM schema_migrations');
      return new Set(rows.map((r) => r.name));
    },

    async listMigrations(page: Page): Promise<{ items: AppliedMigration[]; total: number }> {
      const [items, counted] = await Promise.all([
        db.query<AppliedMigration>(
          'SELECT name, applied_at FROM schema_migrations ORDER BY name LIMIT $1 OFFSET $2',
          [page.limit, page.offset],
        ),
        db.query<{ total: number }>('SELECT count(*)::int AS total FROM schema_migrations'),
      ]);
      return { items, total: counted[0]?.total ?? 0 };
    },
  };
}

export type SystemRepository = ReturnType<typeof createSystemRepository>;
