import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { json, register, type Account } from '../helpers/accounts.js';

const LISTED = 'https://app.example.com';
const UNLISTED = 'https://evil.example.net';

const preflight = (app: TestApp['app'], origin: string) =>
  app.inject({
    method: 'OPTIONS',
    url: '/api/users/me',
    headers: {
      origin,
      'access-control-request-method': 'PATCH',
      'access-control-request-headers': 'content-type',
    },
  });

const corsHeaders = (headers: Record<string, unknown>) =>
  Object.keys(headers).filter((name) => name.startsWith('access-control-'));

describe('CORS off (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('sends no CORS headers to any origin', async () => {
    const res = await t.app.inject({ url: '/api/health', headers: { origin: LISTED } });
    expect(res.statusCode).toBe(200);
    expect(corsHeaders(res.headers)).toEqual([]);
  });

  it('answers a preflight with the 404 envelope and no CORS headers', async () => {
    const res = await preflight(t.app, LISTED);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'ROUTE_NOT_FOUND' });
    expect(corsHeaders(res.headers)).toEqual([]);
  });
});

describe('CORS_ORIGINS', () => {
  let t: TestApp;
  let ann: Account;
  beforeAll(async () => {
    t = await createTestApp({ env: { CORS_ORIGINS: `${LISTED}, http://localhost:5173` } });
    ann = await register(t.app, 'ann');
  });
  afterAll(async () => t?.close());

  it('lets a listed origin read responses with credentials', async () => {
    const res = await t.app.inject({
      url: '/api/users/me',
      headers: { ...ann.headers, origin: LISTED },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'access-control-allow-origin': LISTED,
      'access-control-allow-credentials': 'true',
      'access-control-expose-headers':
        'retry-after, etag, x-request-id, ratelimit-limit, ratelimit-remaining, ratelimit-reset, ratelimit-policy',
    });
    expect(res.headers.vary).toMatch(/origin/i);
  });

  it('answers a listed origin’s preflight with 204', async () => {
    const res = await preflight(t.app, 'http://localhost:5173');
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(res.headers['access-control-allow-methods']).toContain('PATCH');
    expect(res.headers['access-control-allow-headers']).toBe('content-type');
    expect(res.headers['access-control-allow-credentials']).toBe('true');
  });

  it('gives an unlisted origin nothing: no CORS headers, and its preflight 404', async () => {
    const res = await t.app.inject({
      url: '/api/users/me',
      headers: { ...ann.headers, origin: UNLISTED },
    });
    expect(corsHeaders(res.headers)).toEqual([]);
    const pre = await preflight(t.app, UNLISTED);
    expect(pre.statusCode).toBe(404);
    expect(corsHeaders(pre.headers)).toEqual([]);
  });

  it('puts the CORS headers on errors too, so the page can read a 401', async () => {
    const res = await t.app.inject({ url: '/api/users/me', headers: { origin: LISTED } });
    expect(res.statusCode).toBe(401);
    expect(res.headers['access-control-allow-origin']).toBe(LISTED);
  });

  it('trusts a listed origin for cookie-authenticated writes', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: { ...json, ...ann.headers, origin: LISTED },
      payload: { display_name: 'Ann' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('CORS_ORIGINS validation', () => {
  it('normalises origins and refuses wildcards, paths and other schemes', () => {
    expect(
      loadConfig({ CORS_ORIGINS: 'https://App.Example.com/ ,http://localhost:5173' }).corsOrigins,
    ).toEqual(['https://app.example.com', 'http://localhost:5173']);
    expect(loadConfig({}).corsOrigins).toEqual([]);
    for (const bad of ['*', 'https://app.example.com/path', 'app.example.com', 'ftp://x.example']) {
      expect(() => loadConfig({ CORS_ORIGINS: bad }), bad).toThrow(ConfigError);
    }
  });
});
