import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/lib/logger.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { registerProbeRoutes } from '../helpers/probe-routes.js';
import { createTestDatabase } from '../helpers/database.js';

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    logLines.push(String(chunk));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  const database = await createTestDatabase();
  t = await createTestApp({
    database,
    env: { BODY_LIMIT_BYTES: '2048' },
    logger: createLogger('info', logStream),
    extend: (app) => registerProbeRoutes(app, database.db),
  });
});
afterAll(async () => t?.close());

const json = { 'content-type': 'application/json' };
const admin = { cookie: 'auth_session=admin-session' };
const user = { cookie: 'auth_session=user-session' };

function expectError(
  res: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  status: number,
) {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json() as { success: boolean; error: string };
  expect(body.success).toBe(false);
  expect(typeof body.error).toBe('string');
  return body;
}

describe('unknown routes', () => {
  it('answers 404 with the error envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist?x=1' });
    expect(expectError(res, 404).error).toBe('Route GET /api/does-not-exist not found');
  });
});

describe('validation', () => {
  it('rejects an unknown body property with its path', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/probe/public',
      headers: json,
      payload: { name: 'a', extra: 1 },
    });
    expect(expectError(res, 400).error).toBe('body.extra is not an allowed property');
  });

  it('names nested field paths', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/probe/public',
      headers: json,
      payload: { name: 'a', nested: { count: 'x' } },
    });
    expect(expectError(res, 400).error).toBe('body.nested.count must be integer');
  });

  it('names a missing required field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/probe/public',
      headers: json,
      payload: {},
    });
    expect(expectError(res, 400).error).toBe('body.name is required');
  });

  it('rejects an unknown query property on routes without filters', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health?verbose=1' });
    expect(expectError(res, 400).error).toBe('querystring.verbose is not an allowed property');
  });

  it('does not coerce JSON body types (a number is not a string)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/probe/public',
      headers: json,
      payload: { name: 123 },
    });
    expect(expectError(res, 400).error).toBe('body.name must be string');
  });

  it('still coerces query strings, which arrive as text', async () => {
    const res = await t.app.inject({ url: '/probe/users?limit=5' });
    expect(res.statusCode).toBe(200);
  });

  it('rejects malformed JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/probe/public',
      headers: json,
      payload: '{"name": ',
    });
    expect(expectError(res, 400).error).toBe('body is not valid JSON');
  });

  it('rejects an empty JSON body with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/probe/public',
      headers: json,
      payload: '',
    });
    expectError(res, 400);
  });

  it('rejects a content type other than JSON with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/probe/public',
      headers: { 'content-type': 'text/plain' },
      payload: 'name=a',
    });
    expectError(res, 415);
  });

  it('rejects a body over the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/probe/public',
      headers: json,
      payload: { name: 'x'.repeat(5000) },
    });
    expectError(res, 413);
  });
});

describe('server failures', () => {
  it('answers 500 with a generic text and keeps the detail in the log only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/probe/boom' });
    const body = expectError(res, 500);
    expect(body.error).toBe('Internal server error');
    expect(res.body).not.toContain('xyz');
    expect(logLines.join('')).toContain('secret internal detail xyz');
  });

  it('turns a unique-key violation into 409', async () => {
    const first = await t.app.inject({
      method: 'POST',
      url: '/probe/users',
      headers: json,
      payload: { name: 'dup' },
    });
    expect(first.statusCode).toBe(200);
    const second = await t.app.inject({
      method: 'POST',
      url: '/probe/users',
      headers: json,
      payload: { name: 'DUP' },
    });
    expect(expectError(second, 409).error).toMatch(/already exists/);
  });
});

describe('authentication and permissions come before validation', () => {
  it('lets anyone call a public route', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/probe/public',
      headers: json,
      payload: { name: 'a' },
    });
    expect(res.json()).toEqual({ success: true, data: { name: 'a', actor: null } });
  });

  it('answers 401 without credentials, even for an invalid body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/probe/user',
      headers: json,
      payload: { bogus: true },
    });
    expect(expectError(res, 401).error).toMatch(/Authentication is required/);
  });

  it('answers 401 before reading a malformed or oversized body', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/probe/user',
      headers: json,
      payload: '{oops',
    });
    expectError(malformed, 401);
    const large = await t.app.inject({
      method: 'POST',
      url: '/probe/user',
      headers: json,
      payload: { name: 'x'.repeat(5000) },
    });
    expectError(large, 401);
  });

  it('answers 401 for an unknown session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/probe/user',
      headers: { ...json, cookie: 'auth_session=nope' },
      payload: { name: 'a' },
    });
    expectError(res, 401);
  });

  it('resolves a cookie session into the request actor', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/probe/user',
      headers: { ...json, ...user },
      payload: { name: 'a' },
    });
    expect(res.json()).toEqual({ success: true, data: { name: 'a', actor: 'usr_user' } });
  });

  it('answers 403 to a caller without the permission, even for an invalid body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/probe/admin',
      headers: { ...json, ...user },
      payload: { bogus: true },
    });
    expect(expectError(res, 403).error).toBe('This requires the permission settings.edit');
  });

  it('lets a permitted caller through to validation', async () => {
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/probe/admin',
      headers: { ...json, ...admin },
      payload: { bogus: true },
    });
    expectError(invalid, 400);
    const valid = await t.app.inject({
      method: 'POST',
      url: '/probe/admin',
      headers: { ...json, ...admin },
      payload: { name: 'ok' },
    });
    expect(valid.statusCode).toBe(200);
  });

  it('accepts a bearer token only where the route names a scope, and checks the scope', async () => {
    const withScope = await t.app.inject({
      url: '/probe/scoped',
      headers: { authorization: 'Bearer token-teams' },
    });
    expect(withScope.json().data.actor).toBe('usr_user');
    const withoutScope = await t.app.inject({
      url: '/probe/scoped',
      headers: { authorization: 'Bearer token-none' },
    });
    expect(expectError(withoutScope, 403).error).toMatch(/teams:read/);
    const cookieOnly = await t.app.inject({
      method: 'POST',
      url: '/probe/user',
      headers: { ...json, authorization: 'Bearer token-teams' },
      payload: { name: 'a' },
    });
    expectError(cookieOnly, 401);
    const badToken = await t.app.inject({
      url: '/probe/scoped',
      headers: { authorization: 'Bearer nope' },
    });
    expectError(badToken, 401);
  });

  it('lets a cookie session through on a bearer-capable route', async () => {
    const res = await t.app.inject({ url: '/probe/scoped', headers: user });
    expect(res.statusCode).toBe(200);
  });

  it('refuses satellite routes to anything but a satellite key', async () => {
    const res = await t.app.inject({ url: '/probe/satellite', headers: admin });
    expectError(res, 401);
    const unknownKey = await t.app.inject({
      url: '/probe/satellite',
      headers: { authorization: 'Bearer ssk_abc_def' },
    });
    expectError(unknownKey, 401);
  });
});
