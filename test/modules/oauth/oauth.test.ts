import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { DAY, manualClock } from '../../helpers/clock.js';
import { PASSWORD, register, type Account } from '../../helpers/accounts.js';
import {
  approveThroughConsent,
  authorizeQuery,
  CLIENT_ID,
  formFields,
  pkce,
  REDIRECT_URI,
  tokenRequest,
} from '../../helpers/oauth.js';

const clock = manualClock();
let t: TestApp;
let alice: Account;
let bob: Account;
beforeAll(async () => {
  t = await createTestApp({ clock });
  alice = await register(t.app, 'alice');
  bob = await register(t.app, 'bob');
});
afterAll(async () => t?.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const form = { 'content-type': 'application/x-www-form-urlencoded' };

/** A full approval and code exchange for `account`, returning the token response. */
async function tokensFor(account: Account, scope = 'teams:read offline_access') {
  const { verifier, challenge } = pkce();
  const callback = await approveThroughConsent(
    t.app,
    account.cookie,
    authorizeQuery({ scope }, challenge),
  );
  const code = callback.searchParams.get('code')!;
  const res = await tokenRequest(t.app, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT_URI,
    client_id: CLIENT_ID,
    code_verifier: verifier,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('authorization endpoint', () => {
  it('refuses an unregistered redirect URI or client without redirecting', async () => {
    for (const overrides of [
      { redirect_uri: 'http://evil.example/cb' },
      { redirect_uri: 'http://localhost:8976/oauth/callback/x' },
      { client_id: 'other' },
      { client_id: undefined },
    ]) {
      const res = await t.app.inject({
        url: `/api/oauth2/auth?${authorizeQuery(overrides)}`,
        headers: alice.headers,
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.json()).toMatchObject({ success: false, error: 'invalid_request' });
    }
  });

  it.each([
    [{ code_challenge_method: 'plain' }, 'invalid_request', /S256/],
    [{ code_challenge: undefined }, 'invalid_request', /code_challenge is required/],
    [{ code_challenge_method: undefined }, 'invalid_request', /S256/],
    [{ scope: 'admin:all other:thing' }, 'invalid_scope', /admin:all other:thing/],
    [{ resource: 'not a url' }, 'invalid_target', /resource/],
    [{ resource: 'https://sat.example/mcp#frag' }, 'invalid_target', /fragment/],
    [{ scope: undefined }, 'invalid_request', /scope is required/],
    [{ response_type: 'token' }, 'unsupported_response_type', /code/],
  ])(
    'sends %j back to the client as an error with the state',
    async (overrides, error, description) => {
      const res = await t.app.inject({
        url: `/api/oauth2/auth?${authorizeQuery(overrides)}`,
        headers: alice.headers,
      });
      expect(res.statusCode).toBe(302);
      const location = new URL(res.headers.location as string);
      expect(location.origin + location.pathname).toBe(REDIRECT_URI);
      expect(location.searchParams.get('error')).toBe(error);
      expect(location.searchParams.get('error_description')).toMatch(description);
      expect(location.searchParams.get('state')).toBe('xyz');
    },
  );

  it('sends a signed-out browser to the sign-in page and back', async () => {
    const query = authorizeQuery();
    const res = await t.app.inject({ url: `/api/oauth2/auth?${query}` });
    expect(res.statusCode).toBe(302);
    const loginUrl = res.headers.location as string;
    expect(loginUrl).toMatch(/^\/api\/oauth2\/login\?return_to=/);
    const page = await t.app.inject({ url: loginUrl });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const fields = formFields(page.body);
    expect(fields.return_to).toBe(`/api/oauth2/auth?${query}`);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/oauth2/login',
      headers: form,
      payload: new URLSearchParams({
        ...fields,
        login: 'alice',
        password: 'wrong password!!',
      }).toString(),
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('Invalid login or password');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/oauth2/login',
      headers: form,
      payload: new URLSearchParams({ ...fields, login: 'alice', password: PASSWORD }).toString(),
    });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe(`/api/oauth2/auth?${query}`);
    expect(ok.cookies.some((c) => c.name === 'auth_session')).toBe(true);
  });

  it('never sends the browser back anywhere but its own OAuth pages after sign-in', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/oauth2/login',
      headers: form,
      payload: new URLSearchParams({
        login: 'alice',
        password: PASSWORD,
        return_to: 'https://evil.example/',
      }).toString(),
    });
    expect(res.headers.location).toBe('/api/oauth2/grants/page');
  });

  it('security: percent-encodes a non-Latin-1 return_to in the redirect instead of failing', async () => {
    const cases: Array<[string, string]> = [
      ['/api/oauth2/auth?state=中文', '/api/oauth2/auth?state=%E4%B8%AD%E6%96%87'],
      ['/api/oauth2/auth?state=é', '/api/oauth2/auth?state=%C3%A9'],
      ['/api/oauth2/auth?state=\ud800', '/api/oauth2/auth?state=%EF%BF%BD'],
      ['/api/oauth2/auth?state=a b', '/api/oauth2/auth?state=a%20b'],
      ['/api/oauth2/grants/page?x=%E4', '/api/oauth2/grants/page?x=%E4'],
      ['/api/oauth2/中', '/api/oauth2/grants/page'],
      ['/api/oauth2/../users/me', '/api/oauth2/grants/page'],
      ['/\\evil.example/api/oauth2/auth', '/api/oauth2/grants/page'],
    ];
    for (const [returnTo, location] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/oauth2/login',
        headers: form,
        payload: new URLSearchParams({
          login: 'alice',
          password: PASSWORD,
          return_to: returnTo,
        }).toString(),
      });
      expect(res.statusCode, `${returnTo}: ${res.body}`).toBe(303);
      expect(res.headers.location).toBe(location);
    }
    const page = await t.app.inject({
      url: `/api/oauth2/login?return_to=${encodeURIComponent('/api/oauth2/auth?state=中文')}`,
    });
    expect(page.statusCode).toBe(200);
    expect(formFields(page.body).return_to).toBe('/api/oauth2/auth?state=%E4%B8%AD%E6%96%87');
  });

  it('refuses cross-origin form posts', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/oauth2/login',
      headers: { ...form, origin: 'https://evil.example' },
      payload: new URLSearchParams({ login: 'alice', password: PASSWORD }).toString(),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('consent', () => {
  it('names the client and each scope in plain words', async () => {
    const res = await t.app.inject({
      url: `/api/oauth2/consent?${authorizeQuery({ scope: 'mcp:read user:read' })}`,
      headers: bob.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Groundstation command-line gateway');
    expect(res.body).toContain('Read MCP server installations and configurations');
    expect(res.body).toContain('Read user profile information');
    expect(formFields(res.body).csrf_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('redirects with access_denied when the user denies', async () => {
    const callback = await approveThroughConsent(
      t.app,
      bob.cookie,
      authorizeQuery({ scope: 'account:read' }),
      'deny',
    );
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe('xyz');
  });

  it('refuses a decision without a valid CSRF token or session', async () => {
    const page = await t.app.inject({
      url: `/api/oauth2/consent?${authorizeQuery()}`,
      headers: bob.headers,
    });
    const fields = formFields(page.body);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/oauth2/consent',
      headers: { ...form, ...bob.headers },
      payload: new URLSearchParams({
        ...fields,
        csrf_token: 'x'.repeat(43),
        decision: 'approve',
      }).toString(),
    });
    expect(forged.statusCode).toBe(403);
    const otherSession = await t.app.inject({
      method: 'POST',
      url: '/api/oauth2/consent',
      headers: { ...form, ...alice.headers },
      payload: new URLSearchParams({ ...fields, decision: 'approve' }).toString(),
    });
    expect(otherSession.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/oauth2/consent',
      headers: form,
      payload: new URLSearchParams({ ...fields, decision: 'approve' }).toString(),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('remembers an approval, so the same scopes skip the page', async () => {
    await tokensFor(bob, 'user:read');
    const again = await t.app.inject({
      url: `/api/oauth2/auth?${authorizeQuery({ scope: 'user:read' })}`,
      headers: bob.headers,
    });
    const location = new URL(again.headers.location as string);
    expect(location.origin + location.pathname).toBe(REDIRECT_URI);
    expect(location.searchParams.get('code')).toBeTruthy();
    const wider = await t.app.inject({
      url: `/api/oauth2/auth?${authorizeQuery({ scope: 'user:read mcp:read' })}`,
      headers: bob.headers,
    });
    expect(wider.headers.location).toMatch(/^\/api\/oauth2\/consent/);
  });
});

describe('token endpoint', () => {
  it('answers per RFC 6749 §5.1 with no-store, refresh token only with offline_access', async () => {
    const withRefresh = await tokensFor(alice);
    expect(withRefresh).toMatchObject({
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'teams:read offline_access',
    });
    expect(withRefresh.refresh_token).toBeTypeOf('string');
    const without = await tokensFor(alice, 'teams:read');
    expect(without.refresh_token).toBeUndefined();
    const stored = await t.database.db.query<{ secret_hash: string }>(
      'SELECT secret_hash FROM oauth_access_tokens',
    );
    expect(stored.some((r) => withRefresh.access_token.includes(r.secret_hash))).toBe(false);
  });

  async function freshCode(account = alice, scope = 'teams:read offline_access') {
    const { verifier, challenge } = pkce();
    const callback = await approveThroughConsent(
      t.app,
      account.cookie,
      authorizeQuery({ scope }, challenge),
    );
    return { code: callback.searchParams.get('code')!, verifier };
  }

  const exchange = (code: string, verifier: string, extra: Record<string, string> = {}) =>
    tokenRequest(t.app, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      client_id: CLIENT_ID,
      code_verifier: verifier,
      ...extra,
    });

  it('refuses a wrong PKCE verifier', async () => {
    const { code } = await freshCode();
    const res = await exchange(code, pkce().verifier);
    expect(res.statusCode).toBe(400);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({
      success: false,
      error: 'invalid_grant',
      error_description: 'code_verifier does not match the code_challenge',
    });
  });

  it('refuses a reused code and revokes the tokens issued from it', async () => {
    const { code, verifier } = await freshCode();
    const first = await exchange(code, verifier);
    const access = first.json().access_token;
    expect(
      (await t.app.inject({ url: '/api/teams/me/default', headers: bearer(access) })).statusCode,
    ).toBe(200);
    const second = await exchange(code, verifier);
    expect(second.json().error).toBe('invalid_grant');
    expect(
      (await t.app.inject({ url: '/api/teams/me/default', headers: bearer(access) })).statusCode,
    ).toBe(401);
    const refresh = await tokenRequest(t.app, {
      grant_type: 'refresh_token',
      refresh_token: first.json().refresh_token,
      client_id: CLIENT_ID,
    });
    expect(refresh.json().error).toBe('invalid_grant');
  });

  it('refuses an expired code (10 minutes)', async () => {
    const { code, verifier } = await freshCode();
    clock.advance(601);
    const res = await exchange(code, verifier);
    expect(res.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: 'The authorization code has expired',
    });
  });

  it('binds the code to its redirect URI and client', async () => {
    const { code, verifier } = await freshCode();
    expect(
      (
        await exchange(code, verifier, { redirect_uri: 'http://localhost:8976/oauth/callback' })
      ).json().error,
    ).toBe('invalid_grant');
    const unknownClient = await exchange(code, verifier, { client_id: 'someone-else' });
    expect(unknownClient.statusCode).toBe(401);
    expect(unknownClient.json().error).toBe('invalid_client');
  });

  it.each([
    [{}, 'invalid_request'],
    [{ grant_type: 'password', client_id: CLIENT_ID }, 'unsupported_grant_type'],
    [{ grant_type: 'authorization_code', client_id: CLIENT_ID }, 'invalid_request'],
    [
      { grant_type: 'refresh_token', client_id: CLIENT_ID, refresh_token: 'nonsense' },
      'invalid_grant',
    ],
  ])('answers %j with %s', async (params, error) => {
    const res = await tokenRequest(t.app, params as Record<string, string>);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      error,
      error_description: expect.any(String),
    });
  });

  it('accepts JSON as well as forms', async () => {
    const { code, verifier } = await freshCode();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/oauth2/token',
      headers: { 'content-type': 'application/json' },
      payload: {
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT_URI,
        client_id: CLIENT_ID,
        code_verifier: verifier,
      },
    });
    expect(res.statusCode).toBe(200);
  });

  it('expires access tokens after an hour and refresh tokens after 30 days', async () => {
    const tokens = await tokensFor(alice);
    clock.advance(3601);
    expect(
      (await t.app.inject({ url: '/api/teams/me/default', headers: bearer(tokens.access_token) }))
        .statusCode,
    ).toBe(401);
    const refreshed = await tokenRequest(t.app, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: CLIENT_ID,
    });
    expect(refreshed.statusCode).toBe(200);
    clock.advance(30 * DAY + 1);
    const late = await tokenRequest(t.app, {
      grant_type: 'refresh_token',
      refresh_token: refreshed.json().refresh_token,
      client_id: CLIENT_ID,
    });
    expect(late.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: 'The refresh token has expired',
    });
  });

  it('lets a refresh narrow the scope but not widen it', async () => {
    const tokens = await tokensFor(
      await register(t.app, 'nora'),
      'teams:read user:read offline_access',
    );
    const narrow = await tokenRequest(t.app, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: CLIENT_ID,
      scope: 'user:read',
    });
    expect(narrow.json().scope).toBe('user:read');
    expect(
      (
        await t.app.inject({
          url: '/api/teams/me/default',
          headers: bearer(narrow.json().access_token),
        })
      ).statusCode,
    ).toBe(403);
    const wide = await tokenRequest(t.app, {
      grant_type: 'refresh_token',
      refresh_token: narrow.json().refresh_token,
      client_id: CLIENT_ID,
      scope: 'mcp:read',
    });
    expect(wide.json().error).toBe('invalid_scope');
  });
});

describe('scopes on resource routes', () => {
  it('answers 403 to a token without the route’s scope', async () => {
    const tokens = await tokensFor(await register(t.app, 'sam'), 'teams:read');
    const res = await t.app.inject({ url: '/api/users/me', headers: bearer(tokens.access_token) });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/user:read/);
  });
});

describe('introspection, revocation and the grants page', () => {
  it('introspects the caller’s own tokens only', async () => {
    const ida = await register(t.app, 'ida');
    const other = await register(t.app, 'otto');
    const tokens = await tokensFor(ida, 'teams:read account:read');
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/oauth2/introspect',
      headers: { ...form, ...bearer(tokens.access_token) },
      payload: `token=${tokens.access_token}`,
    });
    expect(own.json()).toMatchObject({
      active: true,
      client_id: CLIENT_ID,
      username: 'ida',
      scope: 'teams:read account:read',
      token_type: 'access_token',
    });
    const asBob = await t.app.inject({
      method: 'POST',
      url: '/api/oauth2/introspect',
      headers: { ...form, ...other.headers },
      payload: `token=${tokens.access_token}`,
    });
    expect(asBob.json()).toEqual({ success: true, active: false });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/oauth2/introspect',
          headers: form,
          payload: `token=${tokens.access_token}`,
        })
      ).statusCode,
    ).toBe(401);
  });

  it('revokes per RFC 7009, answering 200 even for unknown tokens', async () => {
    const tokens = await tokensFor(await register(t.app, 'rita'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/oauth2/revoke',
      headers: form,
      payload: new URLSearchParams({
        token: tokens.refresh_token,
        client_id: CLIENT_ID,
      }).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/teams/me/default', headers: bearer(tokens.access_token) }))
        .statusCode,
    ).toBe(401);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/oauth2/revoke',
      headers: form,
      payload: `token=oat_nothing&client_id=${CLIENT_ID}`,
    });
    expect(unknown.statusCode).toBe(200);
  });

  it('lists grants and revokes one through the API and through the page', async () => {
    const carol = await register(t.app, 'carol');
    const first = await tokensFor(carol);
    const second = await tokensFor(carol, 'teams:read');
    const listed = await t.app.inject({ url: '/api/oauth2/grants', headers: carol.headers });
    const grants = listed.json().data.grants;
    expect(grants).toHaveLength(2);
    const stranger = await register(t.app, 'stranger');
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/oauth2/grants/${grants[0].id}`,
          headers: stranger.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/oauth2/grants/${grants[0].id}`,
          headers: carol.headers,
        })
      ).statusCode,
    ).toBe(200);
    const page = await t.app.inject({ url: '/api/oauth2/grants/page', headers: carol.headers });
    expect(page.body).toContain('Groundstation command-line gateway');
    const fields = formFields(page.body);
    const revoke = await t.app.inject({
      method: 'POST',
      url: '/api/oauth2/grants/revoke',
      headers: { ...form, ...carol.headers },
      payload: new URLSearchParams(fields).toString(),
    });
    expect(revoke.statusCode).toBe(303);
    for (const tokens of [first, second]) {
      expect(
        (await t.app.inject({ url: '/api/teams/me/default', headers: bearer(tokens.access_token) }))
          .statusCode,
      ).toBe(401);
    }
    expect(
      (await t.app.inject({ url: '/api/oauth2/grants', headers: carol.headers })).json().data
        .grants,
    ).toEqual([]);
  });

  it('publishes RFC 8414 metadata', async () => {
    const res = await t.app.inject({ url: '/.well-known/oauth-authorization-server' });
    expect(res.json()).toMatchObject({
      issuer: 'http://localhost:3000',
      token_endpoint: 'http://localhost:3000/api/oauth2/token',
      code_challenge_methods_supported: ['S256'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
    });
  });
});
