import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { bearerFor, json, register, type Account } from '../helpers/accounts.js';
import { pair } from '../helpers/satellites.js';

// BASE_URL is the service's own origin; CORS_ORIGINS adds trusted browser origins.
const SELF = 'https://gs.example.com';
const FRONTEND = 'https://app.example.com';
const EVIL = 'https://evil.example.net';

let t: TestApp;
let ann: Account;

beforeAll(async () => {
  t = await createTestApp({ env: { BASE_URL: SELF, CORS_ORIGINS: FRONTEND } });
  ann = await register(t.app, 'ann');
});
afterAll(async () => t?.close());

/** A cookie-authenticated, state-changing request: PATCH the caller's own profile. */
const patchMe = (headers: Record<string, string>, account = ann) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/users/me',
    headers: { ...json, ...account.headers, ...headers },
    payload: { display_name: `${account.username} the first` },
  });

describe('cookie-authenticated unsafe requests', () => {
  it('refuse another origin with 403 and the envelope, before anything changes', async () => {
    const res = await patchMe({ origin: EVIL });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(res.json().error).toMatch(/^Cross-origin request refused/);
  });

  it('refuse Origin: null and a foreign Referer when Origin is absent', async () => {
    expect((await patchMe({ origin: 'null' })).statusCode).toBe(403);
    expect((await patchMe({ referer: `${EVIL}/page` })).statusCode).toBe(403);
    expect((await patchMe({ referer: 'not a url' })).statusCode).toBe(403);
  });

  it('also guard logout, POST and DELETE routes', async () => {
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...ann.headers, origin: EVIL },
    });
    expect(logout.statusCode).toBe(403);
    expect(logout.json().error).toMatch(/^Cross-origin/);
    // The session survived the forged logout.
    expect((await t.app.inject({ url: '/api/users/me', headers: ann.headers })).statusCode).toBe(
      200,
    );
    const tokens = await t.app.inject({
      method: 'DELETE',
      url: '/api/satellites/registration-tokens/nope',
      headers: { ...ann.headers, origin: EVIL },
    });
    expect(tokens.statusCode).toBe(403);
    expect(tokens.json().error).toMatch(/^Cross-origin/);
  });

  it('accept the service’s own origin, a CORS_ORIGINS origin, and a same-origin Referer', async () => {
    expect((await patchMe({ origin: SELF })).statusCode).toBe(200);
    expect((await patchMe({ origin: FRONTEND })).statusCode).toBe(200);
    expect((await patchMe({ referer: `${SELF}/documentation` })).statusCode).toBe(200);
  });

  it('accept requests that carry neither Origin nor Referer (curl, SDKs)', async () => {
    expect((await patchMe({})).statusCode).toBe(200);
  });

  it('do not touch safe methods', async () => {
    const res = await t.app.inject({
      url: '/api/users/me',
      headers: { ...ann.headers, origin: EVIL },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('other credentials', () => {
  it('leave bearer-token requests alone, whatever their origin', async () => {
    const bearer = await bearerFor(t.database.db, ann.id, ['account:read']);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/oauth2/introspect',
      headers: { ...json, ...bearer, origin: EVIL },
      payload: { token: 'whatever' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('leave satellite-key requests alone', async () => {
    const sat = await pair(t.app, ann.headers, { scope: 'global' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/satellites/${sat.id}/heartbeat`,
      headers: { ...json, ...sat.headers, origin: EVIL },
      payload: { status: 'healthy' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('the OAuth HTML forms', () => {
  it('still refuse a cross-origin form post with their own check', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/oauth2/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: EVIL },
      payload: 'login=ann&password=x&return_to=/api/oauth2/grants/page',
    });
    expect(res.statusCode).toBe(403);
  });

  it('still want their CSRF token from a same-origin post', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/oauth2/grants/revoke',
      headers: {
        ...ann.headers,
        'content-type': 'application/x-www-form-urlencoded',
        origin: SELF,
      },
      payload: 'grant_id=ogr_nope&csrf_token=forged',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/form has expired/);
  });
});
