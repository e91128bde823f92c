interface Slot {
  /** The read under way; it may have started before a caller arrived. */
  running: Promise<unknown> | null;
  /** The read that starts when the running one ends, shared by everyone who arrives until then. */
  next: Promise<unknown> | null;
}

/**
 * Identical reads asked for at the same time share one trip to the database, and no caller ever
 * gets an answer from a read that started before it asked: a caller joins the read that has
 * not started yet, or, when one is under way, waits for it to end and then shares the one that
 * starts next with everyone who arrived meanwhile. So nothing is stale, even across replicas
 * (a read sees every commit made before it started), and under load a key costs at most one
 * read in progress and one waiting, instead of one per caller.
 *
 * `gatherOneTurn` starts a read one turn of the event loop after its first caller asked, so
 * that every request read from the network in that turn joins it. The embedded database needs
 * this: its queries run on this thread and finish within the turn that started them, so without
 * the wait no two page loads would ever overlap and each would pay for its own read.
 *
 * The key must name everything the read depends on (the caller included); callers must not
 * change the answer they share. The same holds for any work whose result must reflect what was
 * committed before it was asked for (audit sealing, modules/audit/sealer.ts).
 */
export function createCoalescedReads(options: { gatherOneTurn?: boolean } = {}) {
  const slots = new Map<string, Slot>();

  function start<T>(key: string, slot: Slot, read: () => Promise<T>): Promise<T> {
    const running = read();
    slot.running = running;
    const settle = () => {
      if (slot.running !== running) return;
      slot.running = null;
      if (slot.next === null) slots.delete(key);
    };
    running.then(settle, settle);
    return running;
  }

  return {
    read<T>(key: string, read: () => Promise<T>): Promise<T> {
      let slot = slots.get(key);
      if (!slot) {
        slot = { running: null, next: null };
        slots.set(key, slot);
      }
      if (slot.next) return slot.next as Promise<T>;
      if (!slot.running && !options.gatherOneTurn) return start(key, slot, read);
      const current = slot;
      const next = (current.running ?? new Promise<void>((resolve) => setImmediate(resolve)))
        .then(
          () => undefined,
          () => undefined,
        )
        .then(() => {
          current.next = null;
          return start(key, current, read);
        });
      current.next = next;
      return next;
    },

    /** Keys with a read under way or waiting (for tests). */
    get size() {
      return slots.size;
    },
  };
}

export type CoalescedReads = ReturnType<typeof createCoalescedReads>;
