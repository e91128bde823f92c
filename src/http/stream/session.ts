import type { FastifyReply } from 'fastify';
import type { SSEMessage } from '@fastify/sse';
import type { AccessVerdict, StreamAccess } from './access.js';
import type { Cursor } from './cursor.js';
import { monotonicNow } from './fresh-cache.js';
import { POLL_LIMIT } from './shared-poll.js';
import type { Positioned, StreamSource } from './source.js';
import type { StreamHub } from './support.js';

export { POLL_LIMIT };
/** The spec's figures for polling streams. */
export const SNAPSHOT_SIZE = 50;
/** How long a client waits before reconnecting after the connection drops. */
export const RETRY_MS = 3000;
/** Longer Last-Event-ID values cannot be item ids; they get a snapshot. */
const MAX_EVENT_ID_LENGTH = 200;
/** The last message of a stream the service ends; its data says why. */
export const END_EVENT = 'end';
/**
 * Streams end between 90% and 100% of the maximum lifetime, so that streams opened together
 * (after a deploy) do not all reconnect in the same second.
 */
const LIFETIME_SPREAD = 0.1;

/** Why the service ended a stream, as sent in the `end` message. */
export type EndReason =
  | { reason: 'access_revoked'; status: number; code: string; error: string }
  | { reason: 'max_lifetime' };

function lifetimeMs(maxLifetimeSeconds: number): number {
  return maxLifetimeSeconds * 1000 * (1 - LIFETIME_SPREAD * Math.random());
}

export interface PollingStream<F, T extends { id: string }> {
  reply: FastifyReply;
  hub: StreamHub;
  source: StreamSource<F, T>;
  filters: F;
  /** Streams with the same key see the same items and share one poll (route and filters). */
  pollKey: string;
  /** The signals that wake the poll (signals.ts): whose writes may hold new items. */
  topics: string[];
  /** Message name of each item (`metrics`, `activity`, …). */
  eventName: string;
  /** Name of the item list in the snapshot, as in the REST page (`metrics`, `activity`, …). */
  itemsKey: string;
  /** Re-checks the caller's access before each delivery. */
  access: StreamAccess;
  /** The signed-in caller's account: a change to its access re-checks at once (support.ts). */
  accountId?: string;
}

/**
 * Serves one polling stream until the client goes away or the app closes: `retry` first, then a
 * snapshot of the newest items (or, after a reconnect with a known Last-Event-ID, the items after
 * it), then, from the poll it shares with streams of the same filters, the items after the newest
 * one sent, oldest first. The returned promise settles when the stream has ended; it then stops
 * following the poll, and results of a query that was running when the client left are dropped.
 *
 * At every poll the caller's access is checked again before anything is sent; when it has ended
 * (logged out, token revoked, account disabled or deleted, removed from the team), the stream
 * sends a last `end` message and closes. It also ends so after its maximum lifetime, asking the
 * client to reconnect, which resumes from Last-Event-ID with a fresh check of its credential.
 */
export function servePollingStream<F, T extends { id: string }>(
  stream: PollingStream<F, T>,
): Promise<void> {
  return new Promise<void>((resolve) => new PollingSession(stream, resolve).open());
}

/** One stream being served: its state, and the steps of its life from `open` to `end`. */
class PollingSession<F, T extends { id: string }> {
  private readonly sse: FastifyReply['sse'];
  private readonly ended: Promise<void>;
  private closed = false;
  private untrack: (() => void) | undefined;
  private unfollow: (() => void) | undefined;
  private unwatch: (() => void) | undefined;
  private lifetime: NodeJS.Timeout | undefined;
  /** The stream resumed after a known Last-Event-ID: the shared poll sends the missed items. */
  private resumed = false;
  // Everything the stream sends goes through one queue, each step after the one before it, so
  // the last message can never land in the middle of a delivery.
  private queue = Promise.resolve();
  // A client that reads slowly must not pile up a check per poll: an empty delivery is
  // dropped while another one still waits, which checks access for it.
  private waiting = 0;

  constructor(
    private readonly stream: PollingStream<F, T>,
    private readonly resolve: () => void,
  ) {
    this.sse = stream.reply.sse;
    this.ended = new Promise<void>((r) => this.sse.onClose(r)).then(this.end);
  }

  /** Starts serving: the lifetime timer, then `run` as the first step of the queue. */
  open(): void {
    const { reply, hub } = this.stream;
    const { sse } = this;
    // The client may have left before the handler ran; then no close event will come.
    reply.raw.once('close', this.end);
    if (reply.raw.closed || reply.raw.destroyed || !sse.isConnected) return this.end();
    this.untrack = hub.track(() => sse.close());
    this.lifetime = setTimeout(() => {
      // No more polls: the stream is over, once what is queued has been sent.
      this.unfollow?.();
      this.enqueue(() => this.finish({ reason: 'max_lifetime' }));
    }, lifetimeMs(hub.settings.maxLifetimeSeconds));
    this.enqueue(() => this.run());
  }

  /** Stops following the poll and watching the account, and settles the served promise. */
  private readonly end = (): void => {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.lifetime);
    this.unfollow?.();
    this.unwatch?.();
    this.untrack?.();
    this.resolve();
  };

  private readonly fail = (error: unknown): void => {
    // A client that left in the middle of a write is not a failure.
    if (!this.closed && this.sse.isConnected) {
      // Headers are sent, so no error envelope is possible: end the stream and let the client
      // reconnect with Last-Event-ID, which resumes where it stopped.
      this.stream.reply.log.error({ err: error }, 'stream failed; closing it');
      this.sse.close();
    }
    this.end();
  };

  /** Sends one message; a write waiting for the socket to drain must not outlive the connection. */
  private send(message: SSEMessage) {
    return Promise.race([this.sse.send(message), this.ended]);
  }

  /** Queues a step after the ones before it; a step of a closed stream is skipped. */
  private enqueue(step: () => Promise<void>) {
    this.queue = this.queue.then(() => (this.closed ? undefined : step())).catch(this.fail);
  }

  private async sendItems(items: Positioned<T>[]) {
    for (const { item } of items) {
      if (this.closed) return;
      await this.send({ id: item.id, event: this.stream.eventName, data: item });
    }
  }

  /** The snapshot, or the items missed since Last-Event-ID; says where following starts. */
  private async start(): Promise<Cursor | null> {
    const { source, filters, itemsKey } = this.stream;
    const lastId = this.sse.lastEventId;
    if (lastId && lastId.length <= MAX_EVENT_ID_LENGTH) {
      const known = await source.findCursor(filters, lastId);
      if (this.closed) return null;
      // The shared poll sends the missed items, at once: they come after this cursor.
      if (known) {
        this.resumed = true;
        return known;
      }
    }
    const newest = await source.newest(filters, SNAPSHOT_SIZE);
    // The newest item comes first in this order: it is where following continues.
    const cursor = newest[0]?.cursor ?? null;
    if (this.closed) return cursor;
    await this.send({
      // The snapshot carries the newest item's id, so a reconnect resumes right after it.
      ...(newest[0] ? { id: newest[0].item.id } : {}),
      event: 'snapshot',
      data: { [itemsKey]: newest.map((p) => p.item) },
    });
    return cursor;
  }

  /** Sends the last message and closes; nothing is sent after it. */
  private async finish(why: EndReason) {
    this.unfollow?.();
    await this.send({
      event: END_EVENT,
      data: why,
      // After the lifetime, the client should come back; the usual delay spreads reconnects.
      ...(why.reason === 'max_lifetime' ? { retry: RETRY_MS } : {}),
    });
    this.sse.close();
    this.end();
  }

  private async deliver(items: Positioned<T>[], polledAt: number) {
    let verdict: AccessVerdict;
    try {
      verdict = await this.stream.access.verify(polledAt);
    } catch (error) {
      // The check could not run (e.g. the database is away): without items there is nothing
      // to hold back, so the stream waits for the next poll, as it does when a poll fails.
      if (items.length > 0) throw error;
      this.stream.reply.log.warn(
        { err: error },
        'stream access check failed; retrying at the next poll',
      );
      return;
    }
    if (this.closed) return;
    if (!verdict.allowed) {
      const { status, code, error } = verdict;
      return this.finish({ reason: 'access_revoked', status, code, error });
    }
    await this.sendItems(items);
  }

  /** Queues a delivery, unless it has no items and another one already waits. */
  private queueDelivery(items: Positioned<T>[], polledAt: number) {
    if (items.length === 0 && this.waiting > 0) return;
    this.waiting += 1;
    this.enqueue(() => {
      this.waiting -= 1;
      return this.deliver(items, polledAt);
    });
  }

  /** Queues an access check with no items (taken when it runs), unless a delivery waits. */
  private queueAccountCheck() {
    if (this.waiting > 0) return;
    this.waiting += 1;
    this.enqueue(() => {
      this.waiting -= 1;
      return this.deliver([], monotonicNow());
    });
  }

  private async run() {
    const { stream } = this;
    await this.send({ retry: RETRY_MS, data: undefined });
    if (this.closed) return;
    const cursor = await this.start();
    if (this.closed) return;
    this.unfollow = stream.hub.polls.follow(
      stream.pollKey,
      stream.source,
      stream.filters,
      cursor,
      (items, polledAt) => this.queueDelivery(items, polledAt),
      stream.topics,
      this.resumed,
    );
    // A sign-out, disabling, role or membership change, on any replica: checked now, not at
    // the next item, so an idle stream ends as promptly as a busy one.
    if (stream.accountId)
      this.unwatch = stream.hub.watchAccount(stream.accountId, () => this.queueAccountCheck());
  }
}
