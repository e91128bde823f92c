// A small map whose entries expire and whose size is bounded: the endpoint keeps per-token and
// per-user state in memory, and neither may grow without limit however many clients come by.

export interface BoundedCacheOptions {
  maxEntries: number;
  now: () => number;
}

interface Slot<V> {
  value: V;
  expiresAt: number;
}

export class BoundedCache<K, V> {
  // A Map iterates in insertion order, so its first key is the oldest entry.
  private readonly slots = new Map<K, Slot<V>>();

  constructor(private readonly options: BoundedCacheOptions) {}

  get size(): number {
    return this.slots.size;
  }

  get(key: K): V | undefined {
    const slot = this.slots.get(key);
    if (!slot) return undefined;
    if (slot.expiresAt <= this.options.now()) {
      this.slots.delete(key);
      return undefined;
    }
    return slot.value;
  }

  set(key: K, value: V, expiresAt: number): void {
    this.slots.delete(key);
    this.slots.set(key, { value, expiresAt });
    while (this.slots.size > this.options.maxEntries) {
      const oldest = this.slots.keys().next();
      if (oldest.done) break;
      this.slots.delete(oldest.value);
    }
  }

  delete(key: K): boolean {
    return this.slots.delete(key);
  }

  /** Removes every entry whose value matches; how many. */
  deleteWhere(matches: (value: V) => boolean): number {
    let removed = 0;
    for (const [key, slot] of this.slots) {
      if (matches(slot.value)) {
        this.slots.delete(key);
        removed += 1;
      }
    }
    return removed;
  }
}
