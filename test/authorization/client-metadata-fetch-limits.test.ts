/**
 * A metadata-document client_id makes the service fetch a URL before anyone signs in. These tests
 * check, through the real authorization endpoint and real https servers on loopback, that one slow
 * host or one caller cannot take every fetch slot, that fetches are rate-limited per caller
 * address and per host, and that a stranger learns nothing about why a fetch failed.
 */
import { readFileSync } from 'node:fs';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/lib/logger.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { manualClock } from '../helpers/clock.js';
import { authorizeQuery } from '../helpers/oauth.js';
import { LOOPBACK_CA_FILE, loopbackDocumentServer } from '../helpers/oauth-mcp.js';
import { UNLIMITED_ENV } from '../helpers/world.js';

const REDIRECT = 'http://127.0.0.1:7777/callback';
const GENERIC = 'the client metadata document could not be fetched';
const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/oauth');
const clock = manualClock(new Date());
const logged: string[] = [];

let t: TestApp;
let strict: TestApp;
let docs: Awaited<ReturnType<typeof loopbackDocumentServer>>;
/** An https server on 127.0.0.1 that takes requests and never answers them. */
let slow: https.Server;
let slowPort: number;
const held: Array<ServerResponse<IncomingMessage>> = [];

/** Documents served at https://localhost:<port>/ (the fast host), by path. */
const routes: Parameters<typeof loopbackDocumentServer>[0] = {};
const fastId = (name: string) => `https://localhost:${docs.port}/${name}.json`;
const serveFast = (name: string) => {
  routes[`/${name}.json`] = {
    body: JSON.stringify({ client_id: fastId(name), redirect_uris: [REDIRECT] }),
  };
  return fastId(name);
};
const slowId = (name: string) => `https://127.0.0.1:${slowPort}/${name}.json`;

/** A signed-out authorization request from `remoteAddress`: the fetch happens before sign-in. */
const authorize = (app: TestApp, clientId: string, remoteAddress: string) =>
  app.app.inject({
    url: `/api/oauth2/auth?${authorizeQuery({ client_id: clientId, redirect_uri: REDIRECT })}`,
    remoteAddress,
  });

const until = async (done: () => boolean) => {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 25));
  expect(done()).toBe(true);
};

/** Answers the held requests' connections with a reset, so their fetches end now. */
const releaseSlow = () => {
  slow.closeAllConnections();
  held.length = 0;
};

/** Requests a test left waiting on the slow host; ended after each test, whatever it found. */
const waiting: Array<Promise<unknown>> = [];
const inBackground = <T>(request: Promise<T>) => {
  waiting.push(request);
  return request;
};

beforeAll(async () => {
  docs = await loopbackDocumentServer(routes);
  slow = https.createServer(
    {
      cert: readFileSync(path.join(FIXTURES, 'loopback-cert.pem')),
      key: readFileSync(path.join(FIXTURES, 'loopback-key.pem')),
    },
    (_request, response) => void held.push(response),
  );
  await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
  slowPort = (slow.address() as AddressInfo).port;
  const env = {
    ...UNLIMITED_ENV,
    OAUTH_CLIENT_METADATA_CA_FILE: LOOPBACK_CA_FILE,
    // Long enough that the slow host's fetches stay in flight until the test ends them.
    OAUTH_CLIENT_METADATA_TIMEOUT_MS: '20000',
  };
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      logged.push(String(chunk));
      callback();
    },
  });
  t = await createTestApp({
    clock,
    logger: createLogger('info', stream),
    env: { ...env, OAUTH_CLIENT_METADATA_ALLOW_PRIVATE: 'true' },
  });
  // The production default: loopback targets are refused.
  strict = await createTestApp({ env });
});

beforeEach(() => {
  // Every rate allowance is full again at the start of each test.
  clock.advance(3600);
});

afterEach(async () => {
  // Released until all have ended: a request still in its TLS handshake arrives after a release.
  const ended = Promise.allSettled(waiting.splice(0));
  const timer = setInterval(releaseSlow, 50);
  releaseSlow();
  await ended;
  clearInterval(timer);
});

afterAll(async () => {
  releaseSlow();
  await new Promise((resolve) => slow?.close(resolve));
  await docs?.close();
  await t?.close();
  await strict?.close();
});

describe('fetch slots', () => {
  it('lets a host that never answers hold 4 fetches, not all of them', async () => {
    // 16 strangers, each naming a different document on the slow host.
    const pending = Array.from({ length: 16 }, (_, i) =>
      inBackground(authorize(t, slowId(`slow-${i}`), `10.1.0.${i + 1}`)),
    );
    await until(() => held.length >= 4);
    const fast = await authorize(t, serveFast('fast-1'), '10.1.1.1');
    expect(fast.statusCode, fast.body).toBe(302);
    expect(fast.headers.location).toMatch(/^\/api\/oauth2\/login/);
    expect(held).toHaveLength(4);
    releaseSlow();
    const answers = await Promise.all(pending);
    const descriptions = answers.map((a) => a.json().error_description as string);
    expect(descriptions.filter((d) => /too many/.test(d))).toHaveLength(12);
    expect(descriptions.filter((d) => d === GENERIC)).toHaveLength(4);
  });

  it('lets one client address hold 4 fetches, not all of them', async () => {
    for (let i = 0; i < 4; i++) inBackground(authorize(t, slowId(`held-${i}`), '10.2.0.1'));
    await until(() => held.length === 4);
    const same = await authorize(t, serveFast('fast-2'), '10.2.0.1');
    expect(same.statusCode).toBe(400);
    expect(same.json().error_description).toMatch(/too many/);
    const other = await authorize(t, serveFast('fast-2'), '10.2.0.2');
    expect(other.statusCode, other.body).toBe(302);
  });
});

describe('fetch rates', () => {
  it('answers 429 to a client address after 20 fetches', async () => {
    for (let i = 0; i < 20; i++) {
      const res = await authorize(t, fastId(`missing-a${i}`), '10.3.0.1');
      expect(res.statusCode, res.body).toBe(400);
    }
    const refused = await authorize(t, fastId('missing-a20'), '10.3.0.1');
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'temporarily_unavailable' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back, and a cached document needs no fetch at all.
    const other = await authorize(t, serveFast('fast-3'), '10.3.0.2');
    expect(other.statusCode, other.body).toBe(302);
    const cached = await authorize(t, fastId('fast-3'), '10.3.0.1');
    expect(cached.statusCode, cached.body).toBe(302);
  });

  it('answers 429 after 30 fetches to one host, whoever asks', async () => {
    for (let i = 0; i < 30; i++) {
      const res = await authorize(t, fastId(`missing-h${i}`), `10.4.0.${i + 1}`);
      expect(res.statusCode, res.body).toBe(400);
    }
    const refused = await authorize(t, fastId('missing-h30'), '10.4.1.1');
    expect(refused.statusCode, refused.body).toBe(429);
    // Other hosts are not held back.
    const other = inBackground(authorize(t, slowId('other-host'), '10.4.1.1'));
    await until(() => held.length === 1);
    releaseSlow();
    expect((await other).statusCode).toBe(400);
  });
});

describe('fetch failures', () => {
  it('tells the caller nothing about the address, port or error, and logs the reason', async () => {
    // A port nobody listens on: the fetch fails with ECONNREFUSED.
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const refusedId = `https://127.0.0.1:${closedPort}/client.json`;
    const answers = [
      await authorize(t, refusedId, '10.5.0.1'),
      await authorize(t, fastId('missing-f'), '10.5.0.1'),
      // Loopback is refused by default: that reason is not told either.
      await authorize(strict, fastId('anything'), '10.5.0.1'),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid_request', error_description: GENERIC });
    }
    await until(() => logged.some((line) => line.includes('ECONNREFUSED')));
    const line = logged.find((l) => l.includes('ECONNREFUSED'))!;
    expect(JSON.parse(line)).toMatchObject({ client_id: refusedId });
  });
});
