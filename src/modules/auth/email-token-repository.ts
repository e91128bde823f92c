import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { emailTokens } from '../../db/schema/index.js';

export type EmailTokenPurpose = 'verify_email' | 'reset_password';

export function createEmailTokenRepository(db: Executor) {
  return {
    async insert(values: typeof emailTokens.$inferInsert, tx: Executor = db) {
      await tx.insert(emailTokens).values(values);
    },
    async findUsable(id: string, purpose: EmailTokenPurpose, now: Date, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(emailTokens)
        .where(
          and(
            eq(emailTokens.id, id),
            eq(emailTokens.purpose, purpose),
            isNull(emailTokens.usedAt),
            gt(emailTokens.expiresAt, now),
          ),
        );
      return row ?? null;
    },
    /** Marks a token used; false when another request used it first (single use is atomic). */
    async consume(id: string, now: Date, tx: Executor = db) {
      const rows = await tx
        .update(emailTokens)
        .set({ usedAt: now })
        .where(and(eq(emailTokens.id, id), isNull(emailTokens.usedAt)))
        .returning({ id: emailTokens.id });
      return rows.length > 0;
    },
    /** Earlier unused tokens of the same purpose stop working when a new one is sent. */
    async retireOpen(userId: string, purpose: EmailTokenPurpose, now: Date, tx: Executor = db) {
      await tx
        .update(emailTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailTokens.userId, userId),
            eq(emailTokens.purpose, purpose),
            isNull(emailTokens.usedAt),
          ),
        );
    },
  };
}

export type EmailTokenRepository = ReturnType<typeof createEmailTokenRepository>;
