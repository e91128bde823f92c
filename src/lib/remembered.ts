import type { Clock } from './clock.js';

interface Entry<T> {
  value: T;
  /** Clock time (ms) when the database said so. */
  at: number;
}

/**
 * Answers read from the database, remembered per replica while the replica hears the signal
 * that tells it they may have changed. An answer is used for `heldMs` at most, and only while
 * `hearing()` is true (the LISTEN connection is up): while signals may be lost, every read goes
 * to the database. `forgetAll` (on the signal, or on this replica's own change) bumps an epoch,
 * and a read that began before it is not remembered, so it cannot put an old answer back.
 */
export function createRemembered<T>(options: {
  heldMs: number;
  clock: Clock;
  hearing: () => boolean;
  /** Beyond this many answers everything is forgotten (cheaper than tracking age). */
  maxEntries: number;
}) {
  const entries = new Map<string, Entry<T>>();
  let epoch = 0;
  const usable = () => options.heldMs > 0 && options.hearing();

  return {
    /** To pass to `remember`: taken before the database is asked. */
    epoch: () => epoch,

    get(key: string): T | undefined {
      if (!usable()) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.at + options.heldMs > options.clock().getTime()) return entry.value;
      entries.delete(key);
      return undefined;
    },

    /** Remembers what the database said, unless something was forgotten since `readEpoch`. */
    remember(readEpoch: number, read: Iterable<[string, T]>) {
      if (readEpoch !== epoch || !usable()) return;
      const at = options.clock().getTime();
      for (const [key, value] of read) {
        if (entries.size >= options.maxEntries) entries.clear();
        entries.set(key, { value, at });
      }
    },

    forgetAll() {
      epoch++;
      entries.clear();
    },

    get size() {
      return entries.size;
    },
  };
}

export type Remembered<T> = ReturnType<typeof createRemembered<T>>;
