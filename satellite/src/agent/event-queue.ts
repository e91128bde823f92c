import type { SatelliteEvent } from '../../../protocol/satellite.js';
import type { EventSink, Log } from '../parts.js';
import type { Backend, Credentials } from './backend.js';

export interface EventQueueOptions {
  intervalMs?: number;
  maxBatch?: number;
  maxQueued?: number;
  /** Full batches sent back to back in one tick when more wait (default 10). */
  maxBatchesPerTick?: number;
}

/**
 * Events wait here and go to Groundstation in batches of up to 100 every 3 s (the protocol's
 * batching). A refused batch is handled by its error text: `validation` drops it, `rate limit`
 * backs off from 3 s doubling to 48 s, anything else (a network failure, a restart of the
 * service) keeps it for the next tick. While full batches wait, a tick sends up to ten of them
 * back to back, so a satellite busier than 33 events a second does not fall behind. Unlike the protocol's reference satellite, a batch is
 * never sent while the previous one is still unanswered, so slow answers cause no duplicates.
 * When the queue is full the oldest events are dropped.
 */
export function createEventQueue(
  backend: Backend,
  creds: () => Credentials | null,
  log: Log,
  options: EventQueueOptions = {},
) {
  const intervalMs = options.intervalMs ?? 3000;
  const maxBatch = options.maxBatch ?? 100;
  const maxQueued = options.maxQueued ?? 10_000;
  const maxBatchesPerTick = options.maxBatchesPerTick ?? 10;
  const queue: SatelliteEvent[] = [];
  let dropped = 0;
  let sending: Promise<void> | null = null;
  let pausedUntil = 0;
  let backoffMs = 0;

  async function sendOnce(): Promise<void> {
    const current = creds();
    if (!current || queue.length === 0 || Date.now() < pausedUntil) return;
    const batch = queue.slice(0, maxBatch);
    let answer: { status: number; error: string };
    try {
      answer = await backend.events(current, batch);
    } catch (error) {
      log.warn({ err: error }, 'event batch not delivered; kept for the next try');
      return;
    }
    if (answer.status < 300 || /validation|400/i.test(answer.error)) {
      if (answer.status >= 300)
        log.warn({ error: answer.error, count: batch.length }, 'event batch refused; dropped');
      queue.splice(0, batch.length);
      backoffMs = 0;
      return;
    }
    if (/rate limit|429/i.test(answer.error)) {
      backoffMs = backoffMs === 0 ? 3000 : Math.min(backoffMs * 2, 48_000);
      pausedUntil = Date.now() + backoffMs;
    }
    log.warn({ status: answer.status, error: answer.error }, 'event batch not accepted; kept');
  }

  /** Sends batches while a full one waits (up to `maxBatchesPerTick`), so a busy satellite keeps up. */
  async function drain(): Promise<void> {
    for (let i = 0; i < maxBatchesPerTick && queue.length > 0; i++) {
      const before = queue.length;
      await sendOnce();
      if (queue.length >= before || queue.length < maxBatch) break;
    }
  }

  const tick = () => {
    if (sending) return;
    sending = drain().finally(() => (sending = null));
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();

  const sink: EventSink = {
    emit(type, data) {
      queue.push({ type, timestamp: new Date().toISOString(), data });
      if (queue.length > maxQueued) {
        queue.splice(0, queue.length - maxQueued);
        dropped += 1;
      }
    },
  };

  return {
    sink,
    get length() {
      return queue.length;
    },
    get dropped() {
      return dropped;
    },
    /** Sends what is queued now (tests, shutdown); at most `rounds` batches. */
    async flush(rounds = 10): Promise<void> {
      for (let i = 0; i < rounds && queue.length > 0; i++) {
        if (sending) await sending;
        const before = queue.length;
        pausedUntil = 0;
        await sendOnce();
        if (queue.length === before) break;
      }
    },
    async close(): Promise<void> {
      clearInterval(timer);
      if (sending) await sending;
      await Promise.race([this.flush(3), new Promise((resolve) => setTimeout(resolve, 5000))]);
    },
  };
}

export type EventQueue = ReturnType<typeof createEventQueue>;
