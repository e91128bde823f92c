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
  const { reply, hub, source, filters, eventName, itemsKey, access } = stream;
  const sse = reply.sse;
  let closed = false;
  let untrack: (() => void) | undefined;
  let unfollow: (() => void) | undefined;
  let unwatch: (() => void) | undefined;
  let lifetime: NodeJS.Timeout | undefined;

  return new Promise<void>((resolve) => {
    const end = () => {
      if (closed) return;
      closed = true;
      clearTimeout(lifetime);
      unfollow?.();
      unwatch?.();
      untrack?.();
      resolve();
    };
    const ended = new Promise<void>((r) => sse.onClose(r)).then(end);
    // The client may have left before the handler ran; then no close event will come.
    reply.raw.once('close', end);
    if (reply.raw.closed || reply.raw.destroyed || !sse.isConnected) return end();
    untrack = hub.track(() => sse.close());

    // A write waiting for the socket to drain must not outlive the connection.
    const send = (message: SSEMessage) => Promise.race([sse.send(message), ended]);

    const fail = (error: unknown) => {
      // A client that left in the middle of a write is not a failure.
      if (!closed && sse.isConnected) {
        // Headers are sent, so no error envelope is possible: end the stream and let the client
        // reconnect with Last-Event-ID, which resumes where it stopped.
        reply.log.error({ err: error }, 'stream failed; closing it');
        sse.close();
      }
      end();
    };

    async function sendItems(items: Positioned<T>[]) {
      for (const { item } of items) {
        if (closed) return;
        await send({ id: item.id, event: eventName, data: item });
      }
    }

    let resumed = false;
    /** The snapshot, or the items missed since Last-Event-ID; says where following starts. */
    async function start(): Promise<Cursor | null> {
      const lastId = sse.lastEventId;
      if (lastId && lastId.length <= MAX_EVENT_ID_LENGTH) {
        const known = await source.findCursor(filters, lastId);
        if (closed) return null;
        // The shared poll sends the missed items, at once: they come after this cursor.
        if (known) {
          resumed = true;
          return known;
        }
      }
      const newest = await source.newest(filters, SNAPSHOT_SIZE);
      // The newest item comes first in this order: it is where following continues.
      const cursor = newest[0]?.cursor ?? null;
      if (closed) return cursor;
      await send({
        // The snapshot carries the newest item's id, so a reconnect resumes right after it.
        ...(newest[0] ? { id: newest[0].item.id } : {}),
        event: 'snapshot',
        data: { [itemsKey]: newest.map((p) => p.item) },
      });
      return cursor;
    }

    // Everything the stream sends goes through one queue, each step after the one before it, so
    // the last message can never land in the middle of a delivery.
    let queue = Promise.resolve();
    const enqueue = (step: () => Promise<void>) => {
      queue = queue.then(() => (closed ? undefined : step())).catch(fail);
    };

    /** Sends the last message and closes; nothing is sent after it. */
    async function finish(why: EndReason) {
      unfollow?.();
      await send({
        event: END_EVENT,
        data: why,
        // After the lifetime, the client should come back; the usual delay spreads reconnects.
        ...(why.reason === 'max_lifetime' ? { retry: RETRY_MS } : {}),
      });
      sse.close();
      end();
    }

    async function deliver(items: Positioned<T>[], polledAt: number) {
      let verdict: AccessVerdict;
      try {
        verdict = await access.verify(polledAt);
      } catch (error) {
        // The check could not run (e.g. the database is away): without items there is nothing
        // to hold back, so the stream waits for the next poll, as it does when a poll fails.
        if (items.length > 0) throw error;
        reply.log.warn({ err: error }, 'stream access check failed; retrying at the next poll');
        return;
      }
      if (closed) return;
      if (!verdict.allowed) {
        const { status, code, error } = verdict;
        return finish({ reason: 'access_revoked', status, code, error });
      }
      await sendItems(items);
    }

    async function run() {
      await send({ retry: RETRY_MS, data: undefined });
      if (closed) return;
      const cursor = await start();
      if (closed) return;
      // A client that reads slowly must not pile up a check per poll: an empty delivery is
      // dropped while another one still waits, which checks access for it.
      let waiting = 0;
      unfollow = hub.polls.follow(
        stream.pollKey,
        source,
        filters,
        cursor,
        (items, polledAt) => {
          if (items.length === 0 && waiting > 0) return;
          waiting += 1;
          enqueue(() => {
            waiting -= 1;
            return deliver(items, polledAt);
          });
        },
        stream.topics,
        resumed,
      );
      // A sign-out, disabling, role or membership change, on any replica: checked now, not at
      // the next item, so an idle stream ends as promptly as a busy one.
      if (stream.accountId)
        unwatch = hub.watchAccount(stream.accountId, () => {
          if (waiting > 0) return;
          waiting += 1;
          enqueue(() => {
            waiting -= 1;
            return deliver([], monotonicNow());
          });
        });
    }

    lifetime = setTimeout(() => {
      // No more polls: the stream is over, once what is queued has been sent.
      unfollow?.();
      enqueue(() => finish({ reason: 'max_lifetime' }));
    }, lifetimeMs(hub.settings.maxLifetimeSeconds));
    enqueue(run);
  });
}
