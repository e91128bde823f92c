import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { EventSource } from 'eventsource';

/** Starts the app's real HTTP listener on a free loopback port; returns its base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

export interface Received {
  event: string;
  id: string;
  data: any;
}

/** Polls a condition until it holds; fails with `what` after the timeout. */
export async function eventually<T>(
  probe: () => T | undefined | false,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * A standard EventSource client (the `eventsource` package) that sends the given headers (a
 * cookie, a bearer token, a first Last-Event-ID) and records every message of the named events.
 */
export function openEventSource(
  url: string,
  headers: Record<string, string>,
  eventNames: string[],
) {
  const received: Received[] = [];
  let opened = 0;
  const source = new EventSource(url, {
    fetch: (input, init) => {
      opened += 1;
      // A reconnect's own Last-Event-ID wins over the one given for the first connection.
      const merged = { ...headers, ...init.headers };
      return fetch(input, { ...init, headers: merged });
    },
  });
  for (const event of eventNames) {
    source.addEventListener(event, (message) => {
      received.push({ event, id: message.lastEventId, data: JSON.parse(message.data) });
    });
  }
  return {
    source,
    received,
    /** How many HTTP requests the client has made (1 + reconnects). */
    connections: () => opened,
    /** Waits until `count` messages of this event have arrived and returns them. */
    async waitFor(event: string, count = 1, timeoutMs = 10_000) {
      return eventually(
        () => {
          const matching = received.filter((r) => r.event === event);
          return matching.length >= count ? matching : undefined;
        },
        `${count} ${event} message(s)`,
        timeoutMs,
      );
    },
    close: () => source.close(),
  };
}

/** Reads a response body as text until `until` matches what has arrived, then stops reading. */
export async function readUntil(
  url: string,
  headers: Record<string, string>,
  until: (text: string) => boolean,
  timeoutMs = 10_000,
): Promise<{ status: number; contentType: string | null; headers: Headers; text: string }> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  try {
    const res = await fetch(url, { headers, signal: abort.signal });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (until(text)) break;
    }
    return {
      status: res.status,
      contentType: res.headers.get('content-type'),
      headers: res.headers,
      text,
    };
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
}
