import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createBackend } from '../../../satellite/src/agent/backend.js';
import { createEventQueue, type EventQueue } from '../../../satellite/src/agent/event-queue.js';

// The satellite's event queue against a real HTTP peer that answers as Groundstation's events
// route does: what it sends, and what it does with each kind of refusal.
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const creds = { id: 'sat_1', key: 'ssk_test' };

let server: http.Server | null = null;
let queue: EventQueue | null = null;
afterEach(async () => {
  await queue?.close();
  queue = null;
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = null;
});

/** A backend whose answers come from `answer`, recording the size of every batch it gets. */
async function backend(answer: (n: number) => { status: number; error?: string }) {
  const batches: number[] = [];
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const events = (JSON.parse(body) as { events: unknown[] }).events;
      batches.push(events.length);
      const { status, error } = answer(batches.length);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(status < 300 ? { processed: events.length } : { error }));
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { batches, api: createBackend(`http://127.0.0.1:${port}`) };
}

const fill = (q: EventQueue, n: number) => {
  for (let i = 0; i < n; i++) q.sink.emit('mcp.tool.executed', { i });
};

describe('the satellite’s event queue', () => {
  it('sends batches of at most 100, several back to back while full ones wait', async () => {
    const peer = await backend(() => ({ status: 200 }));
    queue = createEventQueue(peer.api, () => creds, quiet, { intervalMs: 50 });
    fill(queue, 250);
    await expect.poll(() => queue!.length, { timeout: 5000 }).toBe(0);
    expect(peer.batches).toEqual([100, 100, 50]);
  });

  it('drops a batch refused as validation, keeps one refused for other reasons', async () => {
    const peer = await backend((n) =>
      n === 1
        ? { status: 400, error: 'validation failed: body.events must be array' }
        : n === 2
          ? { status: 503, error: 'The database is unavailable' }
          : { status: 200 },
    );
    queue = createEventQueue(peer.api, () => creds, quiet, { intervalMs: 10_000 });
    fill(queue, 3);
    await queue.flush(1);
    expect(queue.length).toBe(0);
    fill(queue, 2);
    await queue.flush(1);
    expect(queue.length).toBe(2);
    await queue.flush(1);
    expect(queue.length).toBe(0);
    expect(peer.batches).toEqual([3, 2, 2]);
  });

  it('backs off after a rate limit and sends nothing meanwhile', async () => {
    const peer = await backend((n) =>
      n === 1 ? { status: 429, error: 'rate limit exceeded' } : { status: 200 },
    );
    queue = createEventQueue(peer.api, () => creds, quiet, { intervalMs: 20 });
    fill(queue, 5);
    await expect.poll(() => peer.batches.length, { timeout: 2000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Paused for 3 s after the first 429: still one attempt, the events kept.
    expect(peer.batches).toEqual([5]);
    expect(queue.length).toBe(5);
  });
});
