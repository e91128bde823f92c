import type { Actor } from '../auth/types.js';
import { TooManyStreamsError } from '../errors.js';
import { credentialKey } from './access.js';

export interface StreamCaps {
  /** Open streams one account may hold in this process; 0: no cap. */
  maxPerUser: number;
  /** Open streams one session or access token may hold in this process; 0: no cap. */
  maxPerCredential: number;
}

function counter() {
  const counts = new Map<string, number>();
  return {
    get: (key: string) => counts.get(key) ?? 0,
    add(key: string, delta: number) {
      const next = (counts.get(key) ?? 0) + delta;
      if (next <= 0) counts.delete(key);
      else counts.set(key, next);
    },
  };
}

/**
 * Caps on the streams one caller holds open, counted in this process's memory: each stream holds
 * a connection and a share of every poll, so a single account (or a leaked token) must not open
 * thousands. Counts are per replica, like the streams themselves.
 */
export function createStreamLimits(caps: StreamCaps) {
  const byUser = counter();
  const byCredential = counter();
  return {
    /**
     * Takes a place for a new stream of this caller, or throws TooManyStreamsError (429) when the
     * caller holds as many as allowed. Returns the function that gives the place back.
     */
    acquire(actor: Actor | null): () => void {
      if (actor?.type !== 'user') return () => undefined;
      const user = actor.userId;
      const credential = credentialKey(actor)!;
      if (caps.maxPerCredential > 0 && byCredential.get(credential) >= caps.maxPerCredential) {
        throw new TooManyStreamsError(
          `Too many open streams: at most ${caps.maxPerCredential} per session or access token; close one first`,
        );
      }
      if (caps.maxPerUser > 0 && byUser.get(user) >= caps.maxPerUser) {
        throw new TooManyStreamsError(
          `Too many open streams: at most ${caps.maxPerUser} per account; close one first`,
        );
      }
      byUser.add(user, 1);
      byCredential.add(credential, 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        byUser.add(user, -1);
        byCredential.add(credential, -1);
      };
    },
  };
}

export type StreamLimits = ReturnType<typeof createStreamLimits>;
