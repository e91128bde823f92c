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
  /** Clock time (ms) when the database said so. */
  at: number;
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
 * and `forgetSession` act at once on this replica. Other replicas hear of the change through the
 * `access` signal (sessions.ts) and forget at once too; while they can hear signals they may
 * remember a session for `signalledMs` (SESSION_CACHE_SIGNALLED_MS), and while they cannot
 * (their listening connection is down), for `cacheMs` (SESSION_CACHE_MS) only, which is then
 * the bound on how late they see a change.
 */
export function createSessionCache(options: {
  cacheMs: number;
  clock: Clock;
  /** How long an entry may be used while `hearing()` says other replicas' changes arrive. */
  signalledMs?: number;
  hearing?: () => boolean;
}) {
  const { cacheMs, clock } = options;
  const heldMs = () =>
    options.hearing?.() ? Math.max(cacheMs, options.signalledMs ?? cacheMs) : cacheMs;
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
      const now = clock().getTime();
      // A session that looks expired is asked for again: another replica may have slid it.
      if (entry.at + heldMs() > now && entry.session.expiresAt.getTime() > now)
        return entry.session;
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
      entries.set(session.sessionId, { session, at: now });
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

    /** Signals may have been lost: nothing remembered is trusted beyond this moment. */
    forgetAll() {
      epoch++;
      entries.clear();
    },

    get size() {
      return entries.size;
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
