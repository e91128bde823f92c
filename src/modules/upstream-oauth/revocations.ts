import { asc, eq, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { upstreamOauthRevocations } from '../../db/schema/index.js';
import { revokeUpstream } from './client.js';
import type { UpstreamFetch } from './outbound.js';
import type { Sealer } from './store-seal.js';
import type { StoredTokens } from './store-tokens.js';

/** Entries revoked per run: each may cost two requests, bounded by the outbound timeout. */
const PER_RUN = 20;
/**
 * A server that takes none of this many tries has its entry dropped. Try n + 1 waits 2^n - 1
 * minutes from the deletion (at once, 1, 3, 7 and 15 minutes), so a server down for a quarter
 * of an hour still gets its revocations.
 */
const MAX_ATTEMPTS = 5;

const t = upstreamOauthRevocations;
const due = lte(
  sql`${t.createdAt} + make_interval(mins => power(2, ${t.attempts})::int - 1)`,
  sql`now()`,
);

/**
 * Revokes the refresh token, then the access token, at the server's revocation endpoint
 * (RFC 7009): true if the server took either. A server that names no endpoint, refuses or does
 * not answer in time gives false; nothing throws.
 */
export async function revokeTokens(
  tokens: Pick<StoredTokens, 'authorizationServer' | 'client' | 'accessToken' | 'refreshToken'>,
  fetchFn: UpstreamFetch,
): Promise<boolean> {
  let revoked = false;
  const { authorizationServer, client } = tokens;
  for (const [value, hint] of [
    [tokens.refreshToken, 'refresh_token'],
    [tokens.accessToken, 'access_token'],
  ] as const) {
    if (!value) continue;
    const taken = await revokeUpstream(authorizationServer, client, { value, hint }, fetchFn).catch(
      () => false,
    );
    revoked ||= taken;
  }
  return revoked;
}

/**
 * Revokes, at their servers, the tokens of instances that went without the member
 * disconnecting (queued by a trigger, migration 0029), oldest first. An entry goes once the
 * server took a revocation, or after MAX_ATTEMPTS tries it refused or did not answer: the
 * tokens are already gone from here, so nothing is lost but the courtesy. Runs as a job, once at
 * a time across replicas; returns how many entries it settled.
 */
export async function revokeQueued(db: Executor, sealer: Sealer, fetchFn: UpstreamFetch) {
  const rows = await db.select().from(t).where(due).orderBy(asc(t.createdAt)).limit(PER_RUN);
  let settled = 0;
  for (const row of rows) {
    const tokens = opened(sealer, row);
    // Not readable with any key this service holds: it can never be revoked from here.
    const revoked = tokens !== null && (await revokeTokens(tokens, fetchFn));
    if (revoked || tokens === null || row.attempts + 1 >= MAX_ATTEMPTS) {
      await db.delete(t).where(eq(t.id, row.id));
      settled += 1;
    } else {
      await db
        .update(t)
        .set({ attempts: sql`${t.attempts} + 1` })
        .where(eq(t.id, row.id));
    }
  }
  return settled;
}

/** A queued entry's tokens and client, decrypted; null when they cannot be. */
function opened(sealer: Sealer, row: typeof t.$inferSelect) {
  try {
    return {
      authorizationServer: row.authorizationServer,
      client: sealer.clientOf(row.clientId, sealer.open(row.clientSecret)),
      accessToken: sealer.open(row.accessToken)!,
      refreshToken: sealer.open(row.refreshToken),
    };
  } catch {
    return null;
  }
}

/** Takes back what the trigger queued for an instance whose tokens were just revoked here. */
export async function unqueueRevocation(tx: Executor, instanceId: string) {
  await tx.delete(t).where(eq(t.instanceId, instanceId));
}
