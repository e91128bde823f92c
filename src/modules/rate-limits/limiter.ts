import type { Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';

export interface LimitRule {
  limit: number;
  windowSeconds: number;
}

export interface LimitState {
  count: number;
  /** Seconds until the window resets. */
  retryAfter: number;
}

/**
 * Fixed-window counters kept in the database, so that every replica sees the same count.
 * One upsert per hit; an expired window starts again at 1.
 */
export function createRateLimiter(db: Database, clock: Clock) {
  const retryAfter = (startedAt: Date, rule: LimitRule, now: Date) =>
    Math.max(
      1,
      Math.ceil((startedAt.getTime() + rule.windowSeconds * 1000 - now.getTime()) / 1000),
    );

  return {
    async hit(key: string, rule: LimitRule): Promise<LimitState> {
      const now = clock();
      const windowStart = new Date(now.getTime() - rule.windowSeconds * 1000);
      const [row] = await db.query<{ count: number; window_started_at: Date | string }>(
        `INSERT INTO rate_limits (key, count, window_started_at) VALUES ($1, 1, $2)
         ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN rate_limits.window_started_at <= $3 THEN 1 ELSE rate_limits.count + 1 END,
           window_started_at = CASE WHEN rate_limits.window_started_at <= $3 THEN $2 ELSE rate_limits.window_started_at END
         RETURNING count, window_started_at`,
        [key, now.toISOString(), windowStart.toISOString()],
      );
      return {
        count: row!.count,
        retryAfter: retryAfter(new Date(row!.window_started_at), rule, now),
      };
    },

    /** The current count without adding to it (0 when the window has passed). */
    async peek(key: string, rule: LimitRule): Promise<LimitState> {
      const now = clock();
      const [row] = await db.query<{ count: number; window_started_at: Date | string }>(
        'SELECT count, window_started_at FROM rate_limits WHERE key = $1',
        [key],
      );
      if (!row) return { count: 0, retryAfter: 0 };
      const startedAt = new Date(row.window_started_at);
      if (startedAt.getTime() + rule.windowSeconds * 1000 <= now.getTime()) {
        return { count: 0, retryAfter: 0 };
      }
      return { count: row.count, retryAfter: retryAfter(startedAt, rule, now) };
    },

    async reset(key: string): Promise<void> {
      await db.query('DELETE FROM rate_limits WHERE key = $1', [key]);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
