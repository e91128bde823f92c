import type { Clock } from '../../lib/clock.js';
import type { GlobalRole } from '../roles/permissions.js';

/** What a checked session and its user looked like when the database was last asked. */
export interface RememberedSession {
  sessionId: string;
  userId: string;
  secretHash: string;
  globalRole: GlobalRole;
  disabled: boolean;
  expiresAt: Date;
}

interface Entry {
  session: RememberedSession;
  /** Clock time (ms) after which the database must be asked again. */
  until: number;
}

/** Enough for every active browser of a large deployment; the oldest entries go first beyond it. */
const MAX_ENTRIES = 10_000;
/**
 * After a user's sessions are forgotten, none of theirs is remembered for this long beyond the
 * cache bound, so that a read made before (or during) the transaction that changed them cannot
 * put the old answer back once the change commits.
 */
const QUIET_MARGIN_MS = 10_000;

/**
 * Per-replica memory of checked session cookies, so that a signed-in page's burst of requests
 * costs one session query rather than one each. The cookie's secret is still compared with the
 * remembered hash on every request, and expiry is still checked against the clock. `forgetUser`
 * and `forgetSession` act at once on this replica; other replicas ask the database again within
 * `cacheMs` (SESSION_CACHE_MS).
 */
export function createSessionCache(options: { cacheMs: number; clock: Clock }) {
  const { cacheMs, clock } = options;
  const entries = new Map<string, Entry>();
  const quietUntil = new Map<string, number>();
  // Bumped by every forget: a database read that began before one may hold what it removed.
  let epoch = 0;

  function quiet(userId: string, now: number): boolean {
    const until = quietUntil.get(userId);
    if (until === undefined) return false;
    if (until > now) return true;
    quietUntil.delete(userId);
    return false;
  }

  return {
    get(sessionId: string): RememberedSession | null {
      const entry = entries.get(sessionId);
      if (!entry) return null;
      if (entry.until > clock().getTime()) return entry.session;
      entries.delete(sessionId);
      return null;
    },

    /** To pass to `remember`: taken before the database is asked. */
    epoch: () => epoch,

    /**
     * Remembers what the database said, unless something was forgotten since the read began
     * (`readEpoch`) or the user's sessions were just forgotten.
     */
    remember(session: RememberedSession, readEpoch: number) {
      if (cacheMs <= 0 || readEpoch !== epoch) return;
      const now = clock().getTime();
      if (quiet(session.userId, now)) return;
      if (entries.size >= MAX_ENTRIES) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.delete(session.sessionId);
      entries.set(session.sessionId, { session, until: now + cacheMs });
    },

    /** Records a slid expiry, so the remembered session does not slide it again. */
    extended(sessionId: string, expiresAt: Date) {
      const entry = entries.get(sessionId);
      if (entry) entry.session = { ...entry.session, expiresAt };
    },

    forgetSession(sessionId: string) {
      epoch++;
      entries.delete(sessionId);
    },

    /** For sign-out everywhere, disabling, deleting and role changes of one account. */
    forgetUser(userId: string) {
      if (cacheMs <= 0) return;
      epoch++;
      const now = clock().getTime();
      quietUntil.set(userId, now + cacheMs + QUIET_MARGIN_MS);
      for (const [id, entry] of entries) if (entry.session.userId === userId) entries.delete(id);
      for (const [id, until] of quietUntil) if (until <= now) quietUntil.delete(id);
    },

    get size() {
      return entries.size;
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
