import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import type { Clock } from '../lib/clock.js';

// Expired rows are kept a day before they go, so an operator looking into a failed sign-in or
// pairing still finds what was used; after that they are only clutter (and hashes of secrets).
const GRACE = "interval '1 day'";

/**
 * Deletes what can no longer be used: sessions, email tokens, OAuth codes and tokens, satellite
 * registration tokens, all past their expiry and the grace day, and rate-limit windows long
 * over. Returns how many rows went, by table.
 */
export async function deleteExpiredCredentials(db: Executor, clock: Clock) {
  const now = clock().toISOString();
  const tables: Array<[string, string]> = [
    ['sessions', 'expires_at'],
    ['email_tokens', 'expires_at'],
    ['oauth_authorization_codes', 'expires_at'],
    ['oauth_access_tokens', 'expires_at'],
    ['oauth_refresh_tokens', 'expires_at'],
    ['satellite_registration_tokens', 'expires_at'],
    ['rate_limits', 'window_started_at'],
    ['job_runs', 'started_at'],
  ];
  const deleted: Record<string, number> = {};
  for (const [table, column] of tables) {
    const result = await db.execute(
      sql`DELETE FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} < ${now}::timestamptz - ${sql.raw(GRACE)}`,
    );
    deleted[table] = Number(
      (result as { rowCount?: number; affectedRows?: number }).rowCount ??
        (result as { affectedRows?: number }).affectedRows ??
        0,
    );
  }
  return deleted;
}
