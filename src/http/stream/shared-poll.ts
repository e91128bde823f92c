import type { Cursor } from './cursor.js';
import { monotonicNow } from './fresh-cache.js';
import type { StreamSignals } from './signals.js';
import type { Positioned, StreamSource } from './source.js';

/** The spec's most items one poll sends. */
export const POLL_LIMIT = 100;

/**
 * Hands a follower the items of one poll, oldest first (often none), and when that poll's query
 * started (monotonic ms): every poll is a delivery, so streams re-check their caller's access at
 * each one, against a check no older than the items.
 */
export type Deliver<T> = (items: Positioned<T>[], polledAt: number) => void;

interface Follower {
  cursor: Cursor | null;
  deliver: Deliver<unknown>;
}

/**
 * Where one poll must start so that every follower gets what it has not seen: the followers'
 * earliest cursor. Ids are ordered by the database's collation, which JavaScript cannot
 * reproduce, so when followers differ only in id the poll starts before every id at that time.
 */
function startOf(followers: Follower[]): Cursor | null {
  let start: Cursor | null | undefined;
  for (const { cursor } of followers) {
    if (!cursor) return null;
    if (start === undefined || cursor.at < start!.at) start = cursor;
    else if (cursor.at === start!.at && cursor.id !== start!.id) start = { at: cursor.at, id: '' };
  }
  return start ?? null;
}

/** The items of a poll that start after `from` that come after a follower's cursor, in order. */
function itemsAfter<T>(
  items: Positioned<T>[],
  from: Cursor | null,
  cursor: Cursor | null,
): Positioned<T>[] {
  if (!cursor || (from && cursor.at === from.at && cursor.id === from.id)) return items;
  const position = items.findIndex((p) => (p.item as { id: string }).id === cursor.id);
  if (position >= 0) return items.slice(position + 1);
  // The item the cursor names is gone: what is strictly later in time is new.
  return items.filter((p) => p.cursor.at > cursor.at);
}

/**
 * After a signal, the soonest the next read of one poll may start after the previous one: a
 * burst of writes costs a poll one read per this interval, however many signals it brings.
 */
export const WAKE_GAP_MS = 25;

class SharedPoll {
  readonly followers = new Set<Follower>();
  private timer: NodeJS.Timeout | undefined;
  /** When the scheduled read is due (monotonic ms). */
  private dueAt = Infinity;
  private running = false;
  /** A signal came while a read ran: read again as soon as the gap allows. */
  private woken = false;
  private startedAt = -Infinity;
  private stopped = false;
  /** Stops listening for this poll's signals. */
  unsubscribe: () => void = () => undefined;

  constructor(
    private readonly poll: (from: Cursor | null) => Promise<Positioned<unknown>[]>,
    private readonly intervalMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  schedule(delayMs = this.intervalMs) {
    if (this.running || this.stopped) return;
    const dueAt = monotonicNow() + delayMs;
    // An earlier read replaces a later one; a later one never postpones an earlier.
    if (this.timer && this.dueAt <= dueAt) return;
    clearTimeout(this.timer);
    this.dueAt = dueAt;
    this.timer = setTimeout(() => void this.tick(), delayMs);
  }

  /** New items may be there: read soon, but not sooner than WAKE_GAP_MS after the last read. */
  wake() {
    if (this.stopped) return;
    if (this.running) {
      this.woken = true;
      return;
    }
    this.schedule(Math.max(0, this.startedAt + WAKE_GAP_MS - monotonicNow()));
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    this.unsubscribe();
  }

  private async tick() {
    this.timer = undefined;
    this.dueAt = Infinity;
    this.running = true;
    this.woken = false;
    this.startedAt = monotonicNow();
    const followers = [...this.followers];
    const from = startOf(followers);
    const polledAt = monotonicNow();
    let items: Positioned<unknown>[] = [];
    try {
      items = await this.poll(from);
    } catch (error) {
      this.onError(error);
    }
    this.running = false;
    // Followers that left while the query ran get nothing; with none left, nothing more runs.
    if (this.stopped) return;
    let advanced = false;
    for (const follower of followers) {
      if (!this.followers.has(follower)) continue;
      const mine = itemsAfter(items, from, follower.cursor);
      if (mine.length > 0) {
        follower.cursor = mine.at(-1)!.cursor;
        advanced = true;
      }
      follower.deliver(mine, polledAt);
    }
    // A full page means more are waiting: fetch them at once rather than fall behind.
    if (items.length === POLL_LIMIT && advanced) this.schedule(0);
    else if (this.woken) this.wake();
    else this.schedule(this.intervalMs);
  }
}

/**
 * One poll per resource and distinct filters in this process, however many streams follow it:
 * a thousand open streams on a few teams' notifications cost a few queries per interval, not a
 * thousand. Each follower keeps its own cursor and is sent only what it has not seen.
 */
export function createSharedPolls(options: {
  intervalMs: number;
  onError: (error: unknown) => void;
  /** Wakes a poll when a write signals one of its topics (signals.ts); polling stays the net. */
  signals?: Pick<StreamSignals, 'subscribe'>;
}) {
  const polls = new Map<string, SharedPoll>();
  return {
    /** Distinct polls running now. */
    get count() {
      return polls.size;
    },
    /**
     * Follows new items after `cursor`; `deliver` gets them oldest first, at every poll, and
     * soon after any of `topics` is signalled. Returns the function that stops following; the
     * poll stops with its last follower, even mid-query.
     */
    follow<F, T extends { id: string }>(
      key: string,
      source: StreamSource<F, T>,
      filters: F,
      cursor: Cursor | null,
      deliver: Deliver<T>,
      topics: string[] = [],
      /** The follower resumes after a reconnect: what it missed is read now, not at the next poll. */
      catchUp = false,
    ): () => void {
      let poll = polls.get(key);
      if (!poll) {
        const created = new SharedPoll(
          (from) => source.after(filters, from, POLL_LIMIT),
          options.intervalMs,
          options.onError,
        );
        const stops = topics.map(
          (topic) => options.signals?.subscribe(topic, () => created.wake()) ?? (() => undefined),
        );
        created.unsubscribe = () => stops.forEach((stop) => stop());
        poll = created;
        polls.set(key, poll);
      }
      const follower: Follower = { cursor, deliver: deliver as Follower['deliver'] };
      poll.followers.add(follower);
      if (catchUp) poll.wake();
      else poll.schedule();
      const joined = poll;
      return () => {
        joined.followers.delete(follower);
        if (joined.followers.size === 0 && polls.get(key) === joined) {
          joined.stop();
          polls.delete(key);
        }
      };
    },
  };
}

export type SharedPolls = ReturnType<typeof createSharedPolls>;
