import type { FastifyReply } from 'fastify';
import type { SSEMessage } from '@fastify/sse';
import type { Cursor } from './cursor.js';
import type { Positioned, StreamSource } from './source.js';
import type { StreamHub } from './support.js';

/** The spec's figures for polling streams. */
export const SNAPSHOT_SIZE = 50;
export const POLL_LIMIT = 100;
/** How long a client waits before reconnecting after the connection drops. */
export const RETRY_MS = 3000;
/** Longer Last-Event-ID values cannot be item ids; they get a snapshot. */
const MAX_EVENT_ID_LENGTH = 200;

export interface PollingStream<F, T extends { id: string }> {
  reply: FastifyReply;
  hub: StreamHub;
  source: StreamSource<F, T>;
  filters: F;
  /** Message name of each item (`metrics`, `activity`, …). */
  eventName: string;
  /** Name of the item list in the snapshot, as in the REST page (`metrics`, `activity`, …). */
  itemsKey: string;
}

/**
 * Serves one polling stream until the client goes away or the app closes: `retry` first, then a
 * snapshot of the newest items (or, after a reconnect with a known Last-Event-ID, the items after
 * it), then every poll interval the items after the newest one sent, oldest first. The returned
 * promise settles when the stream has ended; no query starts after that, and results of a query
 * that was running when the client left are dropped.
 */
export function servePollingStream<F, T extends { id: string }>(
  stream: PollingStream<F, T>,
): Promise<void> {
  const { reply, hub, source, filters, eventName, itemsKey } = stream;
  const sse = reply.sse;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  let untrack: (() => void) | undefined;

  return new Promise<void>((resolve) => {
    const end = () => {
      if (closed) return;
      closed = true;
      clearTimeout(timer);
      wake?.();
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

    const pause = (ms: number) =>
      new Promise<void>((r) => {
        wake = r;
        timer = setTimeout(r, ms);
      });

    async function sendItems(items: Positioned<T>[]) {
      for (const { item } of items) {
        if (closed) return;
        await send({ id: item.id, event: eventName, data: item });
      }
    }

    /** Sends items after the cursor, oldest first; says where the next poll starts. */
    async function sendAfter(cursor: Cursor | null) {
      const items = await source.after(filters, cursor, POLL_LIMIT);
      if (closed) return { cursor, behind: false };
      await sendItems(items);
      // A full page means more are waiting: the next poll should not wait.
      return { cursor: items.at(-1)?.cursor ?? cursor, behind: items.length === POLL_LIMIT };
    }

    /** The snapshot, or the items missed since Last-Event-ID; says where polling starts. */
    async function start() {
      const lastId = sse.lastEventId;
      if (lastId && lastId.length <= MAX_EVENT_ID_LENGTH) {
        const known = await source.findCursor(filters, lastId);
        if (closed) return { cursor: null, behind: false };
        if (known) return sendAfter(known);
      }
      const newest = await source.newest(filters, SNAPSHOT_SIZE);
      // The newest item comes first in this order: it is where polling continues.
      const cursor = newest[0]?.cursor ?? null;
      if (closed) return { cursor, behind: false };
      await send({
        // The snapshot carries the newest item's id, so a reconnect resumes right after it.
        ...(newest[0] ? { id: newest[0].item.id } : {}),
        event: 'snapshot',
        data: { [itemsKey]: newest.map((p) => p.item) },
      });
      return { cursor, behind: false };
    }

    async function run() {
      await send({ retry: RETRY_MS, data: undefined });
      if (closed) return;
      let { cursor, behind } = await start();
      while (!closed) {
        // After a full page, fetch the rest at once instead of falling behind.
        if (!behind) await pause(hub.settings.pollIntervalMs);
        if (closed) return;
        ({ cursor, behind } = await sendAfter(cursor));
      }
    }

    run().catch((error: unknown) => {
      // A client that left in the middle of a write is not a failure.
      if (!closed && sse.isConnected) {
        // Headers are sent, so no error envelope is possible: end the stream and let the client
        // reconnect with Last-Event-ID, which resumes where it stopped.
        reply.log.error({ err: error }, 'stream failed; closing it');
        sse.close();
      }
      end();
    });
  });
}
