import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

export function createUserRepository(db: Executor) {
  return {
    async anyExists(tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .select({ one: sql<number>`1` })
        .from(users)
        .limit(1);
      return rows.length > 0;
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
