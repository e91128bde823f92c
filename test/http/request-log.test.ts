import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/lib/logger.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { register, type Account } from '../helpers/accounts.js';
import { pair, postEvents } from '../helpers/satellites.js';

const lines: Array<Record<string, any>> = [];
let t: TestApp;
let alice: Account;
let team: string;
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  t = await createTestApp({ logger: createLogger('info', stream) });
  alice = await register(t.app, 'alice');
  team = (await t.app.inject({ url: '/api/teams/me/default', headers: alice.headers })).json().data
    .team.id;
});
afterAll(async () => t?.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The log lines of one request; the logger writes asynchronously, so wait a moment. */
async function linesOf(requestId: string) {
  await new Promise((resolve) => setTimeout(resolve, 20));
  return lines.filter((l) => l.requestId === requestId);
}

describe('X-Request-Id', () => {
  it('returns the id a caller sends and logs one line under it', async () => {
    const res = await t.app.inject({
      url: `/api/teams/${team}`,
      headers: { ...alice.headers, 'x-request-id': 'client-7f3a.01:Z' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('client-7f3a.01:Z');
    const mine = await linesOf('client-7f3a.01:Z');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'GET',
      route: '/api/teams/:teamId',
      path: `/api/teams/${team}`,
      status: 200,
      actor: `user:${alice.id}`,
    });
    expect(mine[0]!.durationMs).toEqual(expect.any(Number));
    expect(mine[0]!.durationMs).toBeGreaterThan(0);
  });

  it.each([
    ['no id', undefined],
    ['an id too long', 'x'.repeat(129)],
    ['an id with spaces', 'two words'],
    ['an id that tries to forge log fields', 'a","status":200,"x":"'],
  ])('makes a new random id for %s', async (_what, given) => {
    const res = await t.app.inject({
      url: '/api/health',
      headers: given === undefined ? {} : { 'x-request-id': given },
    });
    const id = res.headers['x-request-id'] as string;
    expect(id).toMatch(UUID);
    expect(await linesOf(id)).toHaveLength(1);
    if (given) expect(JSON.stringify(lines)).not.toContain(given);
  });

  it('is on answers from the auth hook and on unknown routes too', async () => {
    const denied = await t.app.inject({
      url: `/api/teams/${team}`,
      headers: { 'x-request-id': 'denied-1' },
    });
    expect(denied.statusCode).toBe(401);
    expect(denied.headers['x-request-id']).toBe('denied-1');
    expect(await linesOf('denied-1')).toMatchObject([
      { route: '/api/teams/:teamId', status: 401, actor: 'anonymous' },
    ]);
    const missing = await t.app.inject({
      url: '/api/nowhere/123',
      headers: { 'x-request-id': 'missing-1' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toBe('missing-1');
    expect(await linesOf('missing-1')).toMatchObject([
      { route: '(unmatched)', path: '/api/nowhere/123', status: 404 },
    ]);
    // Refused by the router before any hook runs.
    const badUrl = await t.app.inject({
      url: '/api/teams/%zz',
      headers: { 'x-request-id': 'bad-url-1' },
    });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.headers['x-request-id']).toBe('bad-url-1');
  });
});

describe('the request line', () => {
  it('names a satellite as the actor', async () => {
    const sat = await pair(t.app, alice.headers, { scope: 'team', team_id: team });
    const res = await postEvents(t.app, sat, []);
    expect(res.statusCode).toBe(400);
    const id = res.headers['x-request-id'] as string;
    expect(await linesOf(id)).toMatchObject([
      {
        method: 'POST',
        route: '/api/satellites/:satelliteId/events',
        status: 400,
        actor: `satellite:${sat.id}`,
      },
    ]);
  });

  it('leaves the query string out', async () => {
    const res = await t.app.inject({
      url: '/api/auth/email/verify?token=query-secret-value',
      headers: { 'x-request-id': 'query-1' },
    });
    const [line] = await linesOf('query-1');
    expect(line).toMatchObject({ path: '/api/auth/email/verify', status: res.statusCode });
    expect(JSON.stringify(lines)).not.toContain('query-secret-value');
  });

  it('replaces Fastify’s two lines per request with one', () => {
    expect(lines.some((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toBe(
      false,
    );
  });
});
