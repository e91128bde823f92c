/** Monotonic milliseconds: what "started after the poll" is measured in. */
export const monotonicNow = (): number => performance.now();

interface Entry {
  holders: number;
  startedAt: number;
  value: Promise<unknown> | null;
}

/**
 * One answer shared by every stream that asks the same question about the same moment. A caller
 * says how fresh the answer must be (`since`: it must have been started at or after that time)
 * and gets the answer in progress or just computed when it is fresh enough, else a new one.
 * Streams of one credential following one poll pass the poll's start time, so a thousand of them
 * cost one check per poll, and none is answered with a check older than the items it is sent.
 * Keys live while a stream holds them, so nothing outlives the streams that asked.
 */
export function createFreshCache() {
  const entries = new Map<string, Entry>();
  return {
    /** Keeps the key's answers while the caller needs them; returns the function that lets go. */
    hold(key: string): () => void {
      let entry = entries.get(key);
      if (!entry) {
        entry = { holders: 0, startedAt: -Infinity, value: null };
        entries.set(key, entry);
      }
      entry.holders += 1;
      const held = entry;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        held.holders -= 1;
        if (held.holders === 0 && entries.get(key) === held) entries.delete(key);
      };
    },

    /** The answer for `key` started at or after `since`: a shared one when there is one. */
    get<V>(key: string, since: number, compute: () => Promise<V>): Promise<V> {
      const entry = entries.get(key);
      if (!entry) return compute();
      if (entry.value && entry.startedAt >= since) return entry.value as Promise<V>;
      entry.startedAt = monotonicNow();
      const value = compute();
      entry.value = value;
      // A failure is not remembered: the next caller tries again.
      value.catch(() => {
        if (entry.value === value) entry.value = null;
      });
      return value;
    },

    /** Keys held now (for tests and metrics). */
    get size() {
      return entries.size;
    },
  };
}

export type FreshCache = ReturnType<typeof createFreshCache>;
