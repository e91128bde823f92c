import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { oauthClients } from '../../db/schema/index.js';

export type ClientRow = typeof oauthClients.$inferSelect;

/** Dynamically registered clients, and the metadata-document clients seen so far. */
export function createClientRepository(db: Executor) {
  return {
    async insert(values: typeof oauthClients.$inferInsert, tx: Executor = db) {
      await tx.insert(oauthClients).values(values);
    },

    async find(id: string, tx: Executor = db): Promise<ClientRow | null> {
      const [row] = await tx.select().from(oauthClients).where(eq(oauthClients.id, id));
      return row ?? null;
    },

    /**
     * Remembers the latest document of a metadata-document client; a revocation stays. True when
     * this call recorded the client for the first time.
     */
    async rememberDocument(
      id: string,
      document: { name: string; redirectUris: string[] },
      now: Date,
      tx: Executor = db,
    ): Promise<boolean> {
      const made = await tx
        .insert(oauthClients)
        .values({ id, kind: 'metadata_document', ...document, createdAt: now, updatedAt: now })
        .onConflictDoNothing({ target: oauthClients.id })
        .returning({ id: oauthClients.id });
      if (made.length > 0) return true;
      await tx
        .update(oauthClients)
        .set({ ...document, updatedAt: now })
        .where(eq(oauthClients.id, id));
      return false;
    },

    async list(tx: Executor = db) {
      return tx.select().from(oauthClients).orderBy(desc(oauthClients.createdAt), oauthClients.id);
    },

    /** False when there was no such client or it was revoked already. */
    async revoke(id: string, now: Date, tx: Executor = db) {
      const rows = await tx
        .update(oauthClients)
        .set({ revokedAt: now })
        .where(and(eq(oauthClients.id, id), isNull(oauthClients.revokedAt)))
        .returning({ id: oauthClients.id });
      return rows.length > 0;
    },
  };
}

export type ClientRepository = ReturnType<typeof createClientRepository>;
