import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSharedPolls, WAKE_GAP_MS } from '../../src/http/stream/shared-poll.js';
import { createStreamSignals, STREAM_SIGNAL_CHANNEL } from '../../src/http/stream/signals.js';
import type { StreamSource } from '../../src/http/stream/source.js';
import { createTestDatabase, usingPostgres, type TestDatabase } from '../helpers/database.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a burst of signals', () => {
  /** A real shared poll over a source that counts its reads, woken by hand. */
  function countedPoll() {
    let reads = 0;
    const wakes: Array<() => void> = [];
    const source = {
      async after() {
        reads += 1;
        await sleep(2);
        return [];
      },
    } as unknown as StreamSource<null, { id: string }>;
    const polls = createSharedPolls({
      intervalMs: 60_000,
      onError: (error) => {
        throw error;
      },
      signals: {
        subscribe: (_topic, wake) => {
          wakes.push(wake);
          return () => undefined;
        },
      },
    });
    const stop = polls.follow('key', source, null, null, () => undefined, ['topic']);
    return { reads: () => reads, wake: () => wakes.forEach((w) => w()), stop };
  }

  it('costs a poll one read, not one per signal', async () => {
    const poll = countedPoll();
    try {
      for (let i = 0; i < 1000; i++) poll.wake();
      await sleep(200);
      expect(poll.reads()).toBe(1);
    } finally {
      poll.stop();
    }
  });

  it('spread over time, costs at most one read per gap', async () => {
    const poll = countedPoll();
    try {
      const started = Date.now();
      while (Date.now() - started < 250) {
        poll.wake();
        await sleep(1);
      }
      await sleep(100);
      const ceiling = Math.ceil((Date.now() - started) / WAKE_GAP_MS) + 1;
      expect(poll.reads()).toBeGreaterThan(1);
      expect(poll.reads()).toBeLessThanOrEqual(ceiling);
    } finally {
      poll.stop();
    }
  });
});

describe('publishing signals', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database?.dispose());

  it('wakes each subscriber once per burst, and sends other replicas one NOTIFY for it', async () => {
    const signals = createStreamSignals(database.db, pino({ level: 'silent' }));
    const notified: string[] = [];
    let listener: pg.Client | undefined;
    if (usingPostgres()) {
      listener = new pg.Client({ connectionString: database.url! });
      await listener.connect();
      listener.on('notification', (m) => notified.push(m.payload ?? ''));
      await listener.query(`LISTEN ${STREAM_SIGNAL_CHANNEL}`);
    }
    try {
      // Once listening: coming up wakes every subscriber once (to catch up), which is not the burst.
      for (let i = 0; i < 100 && !signals.listening; i++) await sleep(20);
      expect(signals.listening).toBe(true);
      let woken = 0;
      const stop = signals.subscribe('activity:u1', () => (woken += 1));
      for (let i = 0; i < 500; i++) signals.publish(['activity:u1', `history:s${i % 50}`]);
      await sleep(300);
      expect(woken).toBe(1);
      stop();
      if (listener) {
        expect(notified).toHaveLength(1);
        const topics = notified[0]!.split('\n').slice(1);
        expect(topics.sort()).toEqual(
          ['activity:u1', ...Array.from({ length: 50 }, (_, i) => `history:s${i}`)].sort(),
        );
      }
    } finally {
      await listener?.end();
      await signals.close();
    }
  });
});
