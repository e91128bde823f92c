import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.js';
import { TooManyRequestsError } from '../../http/errors.js';
import type { RateLimitPolicy } from './policy.js';
import { advertiseLimit } from './headers.js';
import type { Clock } from '../../lib/clock.js';
import { createSharedCounts } from './shared-counts.js';

export interface IdentityLimitSettings {
  windowSeconds: number;
  /** Requests per window per account, over every credential it uses; 0: off. */
  perAccount: number;
  /** Requests per window per OAuth client acting for one account; 0: off. */
  perOAuthClient: number;
  /** How often each replica syncs its counts with the others through the database. */
  syncMs: number;
}

interface Check {
  key: string;
  limit: number;
}

/** The OAuth client behind a bearer token, if the caller used one. */
function oauthClientOf(request: FastifyRequest): string | null {
  const actor = request.actor;
  if (actor?.type !== 'user' || actor.via !== 'bearer') return null;
  const client = actor.tokenPayload?.client_id;
  return typeof client === 'string' && client ? client : null;
}

/**
 * Limits on who calls rather than from where: many accounts and applications share an egress
 * address (an office, a cloud NAT), and one address can be the whole of a busy integration.
 * An account is counted over everything it does; an OAuth client is counted per account it acts
 * for, so that a runaway integration spends its own allowance and leaves its user the web UI.
 * Counted in each replica's memory and synced to the database in the background
 * (shared-counts.ts): every signed-in request pays for them, so none waits on a write.
 * Satellites have their own per-satellite limits on their routes (policies.ts).
 */
export function identityLimits(
  db: Database,
  clock: Clock,
  settings: IdentityLimitSettings,
  onSyncError?: (error: unknown) => void,
): RateLimitPolicy {
  const { windowSeconds } = settings;
  if (settings.perAccount <= 0 && settings.perOAuthClient <= 0) return {};
  const counts = createSharedCounts(db, clock, {
    windowSeconds,
    syncMs: settings.syncMs,
    onError: onSyncError,
  });
  return {
    async byCaller(request, reply) {
      const actor = request.actor;
      if (actor?.type !== 'user') return;
      const checks: Check[] = [];
      if (settings.perAccount > 0)
        checks.push({ key: `api:account:${actor.userId}`, limit: settings.perAccount });
      const client = oauthClientOf(request);
      if (client && settings.perOAuthClient > 0)
        checks.push({
          key: `api:client:${client}:account:${actor.userId}`,
          limit: settings.perOAuthClient,
        });
      if (checks.length === 0) return;
      const states = await counts.hit(checks.map((c) => c.key));
      let refusedFor = 0;
      checks.forEach((check, i) => {
        const state = states[i]!;
        advertiseLimit(reply, {
          limit: check.limit,
          remaining: check.limit - state.count,
          resetSeconds: state.retryAfter,
          windowSeconds,
        });
        if (state.count > check.limit) refusedFor = Math.max(refusedFor, state.retryAfter);
      });
      if (refusedFor > 0) throw new TooManyRequestsError(refusedFor);
    },
    sync: counts.sync,
    close: counts.close,
  };
}
