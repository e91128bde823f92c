// `security.auth.failed`, tallied: a client retrying a bad token, or someone trying tokens by
// the thousand, must not become an event per request. Failures are counted per client address
// over a window (a minute by default) and each address gets one event per window with the count.
// When more addresses fail in one window than are tallied, the rest share one event without an
// address, so a window sends at most `maxSources + 1` events however many addresses there are.
import type { EventSink } from '../parts.js';

/** A refused credential, as the endpoint's authentication reports it. */
export interface AuthFailure {
  /** Why, in a few words (e.g. `missing_token`, `invalid_token`). */
  reason: string;
  teamId?: string;
  clientId?: string;
  ipAddress?: string;
}

export interface AuthFailureOptions {
  events: EventSink;
  windowMs: number;
  /** Addresses tallied apart per window. */
  maxSources: number;
  now: () => number;
}

export interface AuthFailureTally {
  failed(failure: AuthFailure): void;
  /** Sends the tallies of the current window now. */
  flush(): void;
}

interface Tally {
  /** The latest failure's details: a tally describes its address's last attempt. */
  last: AuthFailure;
  count: number;
  firstAt: number;
  lastAt: number;
}

// Not an address: the tally of the addresses beyond `maxSources`.
const OTHERS = '';
const MAX_REASON = 2000;

export function createAuthFailureTally(options: AuthFailureOptions): AuthFailureTally {
  const { events, windowMs, maxSources, now } = options;
  const tallies = new Map<string, Tally>();
  let timer: NodeJS.Timeout | undefined;

  function flush(): void {
    clearTimeout(timer);
    timer = undefined;
    for (const [source, tally] of tallies) {
      const { reason, teamId, clientId } = tally.last;
      events.emit('security.auth.failed', {
        reason: reason.slice(0, MAX_REASON) || 'unknown',
        ...(teamId ? { team_id: teamId } : {}),
        ...(clientId ? { client_id: clientId } : {}),
        ...(source === OTHERS ? {} : { ip_address: source }),
        failure_count: tally.count,
        first_failed_at: new Date(tally.firstAt).toISOString(),
        last_failed_at: new Date(tally.lastAt).toISOString(),
      });
    }
    tallies.clear();
  }

  return {
    failed(failure) {
      const at = now();
      // The service keeps addresses to 100 characters; a real one is far shorter.
      const address = failure.ipAddress?.slice(0, 100) || OTHERS;
      const source = tallies.has(address) || tallies.size < maxSources ? address : OTHERS;
      const tally = tallies.get(source);
      if (tally) {
        tally.last = failure;
        tally.count += 1;
        tally.lastAt = at;
      } else {
        tallies.set(source, { last: failure, count: 1, firstAt: at, lastAt: at });
      }
      timer ??= setTimeout(flush, windowMs).unref();
    },
    flush,
  };
}
