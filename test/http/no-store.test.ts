import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { json, login, PASSWORD, register, type Account } from '../helpers/accounts.js';
import {
  approveThroughConsent,
  authorizeQuery,
  CLIENT_ID,
  pkce,
  REDIRECT_URI,
  tokenRequest,
} from '../helpers/oauth.js';

let t: TestApp;
let admin: Account;
beforeAll(async () => {
  t = await createTestApp();
  admin = await register(t.app, 'root');
});
afterAll(async () => t?.close());

/** Responses that carry a secret shown once must never be kept by a browser or proxy cache. */
const expectNoStore = (res: { statusCode: number; headers: Record<string, unknown> }) =>
  expect(res.headers['cache-control'], `status ${res.statusCode}`).toBe('no-store');

describe('security: one-time secrets are served with Cache-Control: no-store', () => {
  it('satellite registration tokens, pairing and key rotation', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/satellites/registration-tokens',
      headers: { ...json, ...admin.headers },
      payload: { scope: 'global' },
    });
    expect(created.statusCode).toBe(201);
    expectNoStore(created);
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/satellites/register',
      headers: { ...json, authorization: `Bearer ${created.json().data.token}` },
      payload: { name: 'sat-no-store' },
    });
    expect(registered.statusCode).toBe(201);
    expectNoStore(registered);
    const rotated = await t.app.inject({
      method: 'POST',
      url: `/api/satellites/${registered.json().data.satellite.id}/rotate-key`,
      headers: admin.headers,
    });
    expect(rotated.statusCode).toBe(200);
    expectNoStore(rotated);
  });

  it('OAuth tokens, token errors and redirects that carry an authorization code', async () => {
    const { verifier, challenge } = pkce();
    const query = authorizeQuery({ scope: 'teams:read offline_access' }, challenge);
    const callback = await approveThroughConsent(t.app, admin.cookie, query);
    // The consent is remembered now, so the authorization endpoint redirects with a code itself.
    const again = await t.app.inject({ url: `/api/oauth2/auth?${query}`, headers: admin.headers });
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toMatch(/[?&]code=/);
    expectNoStore(again);
    const tokens = await tokenRequest(t.app, {
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code')!,
      redirect_uri: REDIRECT_URI,
      client_id: CLIENT_ID,
      code_verifier: verifier,
    });
    expect(tokens.statusCode).toBe(200);
    expectNoStore(tokens);
    const refused = await tokenRequest(t.app, { grant_type: 'password', client_id: CLIENT_ID });
    expect(refused.statusCode).toBe(400);
    expectNoStore(refused);
  });

  it('responses that set a session cookie', async () => {
    const signedUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/email/register',
      headers: json,
      payload: { username: 'cookie', email: 'cookie@example.com', password: PASSWORD },
    });
    expect(signedUp.statusCode).toBe(201);
    expectNoStore(signedUp);
    const signedIn = await login(t.app, 'cookie');
    expect(signedIn.statusCode).toBe(200);
    expectNoStore(signedIn);
    const fromPage = await t.app.inject({
      method: 'POST',
      url: '/api/oauth2/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ login: 'cookie', password: PASSWORD }).toString(),
    });
    expect(fromPage.statusCode).toBe(303);
    expectNoStore(fromPage);
  });
});
