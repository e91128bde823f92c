import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { json, register, type Account } from '../../helpers/accounts.js';
import { manualClock } from '../../helpers/clock.js';
import {
  approveThroughConsent,
  authorizeQuery,
  CLIENT_ID,
  formFields,
  pkce,
  tokenRequest,
} from '../../helpers/oauth.js';
import { introspectAs, registerClient, satelliteAt } from '../../helpers/oauth-mcp.js';
import { UNLIMITED_ENV } from '../../helpers/world.js';

const clock = manualClock(new Date());
const REDIRECT = 'http://127.0.0.1:7777/callback';
const SAT_A = 'https://sat-a.example.com';
const SAT_B = 'https://sat-b.example.com';
const RESOURCE = `${SAT_A}/mcp`;

let t: TestApp;
let root: Account;
let alice: Account;
let bob: Account;
let teamT: string;
let satA: Awaited<ReturnType<typeof satelliteAt>>;
let satB: Awaited<ReturnType<typeof satelliteAt>>;
let satNoUrl: Awaited<ReturnType<typeof satelliteAt>>;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const inactive = { success: true, active: false };

async function call(method: string, url: string, headers: Record<string, string>, body?: unknown) {
  const res = await t.app.inject({
    method: method as 'POST',
    url,
    headers: body === undefined ? headers : { ...json, ...headers },
    payload: body as string,
  });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}

interface Flow {
  clientId: string;
  redirectUri?: string;
  scope?: string;
  resource?: string;
  team?: string;
  tokenResource?: string;
}

/** The whole browser flow and code exchange for `account`; returns the token answer. */
async function tokensFor(account: Account, flow: Flow) {
  const { verifier, challenge } = pkce();
  const redirectUri = flow.redirectUri ?? REDIRECT;
  const callback = await approveThroughConsent(
    t.app,
    account.cookie,
    authorizeQuery(
      {
        client_id: flow.clientId,
        redirect_uri: redirectUri,
        scope: flow.scope ?? 'mcp:tools:execute offline_access',
        resource: flow.resource,
      },
      challenge,
    ),
    'approve',
    flow.team ? { team_id: flow.team } : {},
  );
  const res = await tokenRequest(t.app, {
    grant_type: 'authorization_code',
    code: callback.searchParams.get('code')!,
    redirect_uri: redirectUri,
    client_id: flow.clientId,
    code_verifier: verifier,
    ...(flow.tokenResource ? { resource: flow.tokenResource } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { access_token: string; refresh_token?: string; scope: string };
}

beforeAll(async () => {
  t = await createTestApp({ clock, env: UNLIMITED_ENV });
  root = await register(t.app, 'root');
  alice = await register(t.app, 'alice');
  bob = await register(t.app, 'bob');
  teamT = (await call('POST', '/api/teams', alice.headers, { name: 'Team T' })).data.team.id;
  await call('POST', `/api/teams/${teamT}/members`, alice.headers, {
    login: 'bob',
    role: 'team_user',
  });
  satA = await satelliteAt(t.app, alice.headers, teamT, 'sat-a', SAT_A);
  satB = await satelliteAt(t.app, alice.headers, teamT, 'sat-b', SAT_B);
  satNoUrl = await satelliteAt(t.app, alice.headers, teamT, 'sat-no-url', null);
});
afterAll(async () => t?.close());

describe('discovery', () => {
  it('serves the same RFC 8414 metadata at both well-known addresses', async () => {
    const oauth = await t.app.inject({ url: '/.well-known/oauth-authorization-server' });
    const openid = await t.app.inject({ url: '/.well-known/openid-configuration' });
    expect(oauth.statusCode).toBe(200);
    expect(openid.json()).toEqual(oauth.json());
    const base = t.config.baseUrl;
    expect(oauth.json()).toMatchObject({
      issuer: base,
      registration_endpoint: `${base}/api/oauth2/register`,
      introspection_endpoint: `${base}/api/oauth2/introspect`,
      revocation_endpoint: `${base}/api/oauth2/revoke`,
      userinfo_endpoint: `${base}/api/oauth2/userinfo`,
      client_id_metadata_document_supported: true,
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
    });
    expect(oauth.json().scopes_supported).toEqual(
      expect.arrayContaining(['mcp:tools:execute', 'mcp:read', 'offline_access']),
    );
  });
});

describe('dynamic client registration (RFC 7591)', () => {
  it('registers a public client with exactly the given redirect URIs', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/oauth2/register',
      headers: json,
      payload: {
        client_name: 'Desk assistant',
        redirect_uris: [REDIRECT, 'https://app.example.com/oauth/cb'],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
        logo_uri: 'https://app.example.com/logo.png',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({
      client_name: 'Desk assistant',
      redirect_uris: [REDIRECT, 'https://app.example.com/oauth/cb'],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    });
    expect(body.client_id).toMatch(/^ocl_/);
    expect(body.client_secret).toBeUndefined();
  });

  it.each([
    [
      'a foreign http redirect URI',
      { redirect_uris: ['http://evil.example/cb'] },
      'invalid_redirect_uri',
    ],
    ['a custom scheme', { redirect_uris: ['myapp://callback'] }, 'invalid_redirect_uri'],
    [
      'a redirect URI with a fragment',
      { redirect_uris: [`${REDIRECT}#x`] },
      'invalid_redirect_uri',
    ],
    ['no redirect URI', { redirect_uris: [] }, 'invalid_redirect_uri'],
    ['redirect URIs that are not a list', { redirect_uris: REDIRECT }, 'invalid_client_metadata'],
    [
      'a confidential client',
      { token_endpoint_auth_method: 'client_secret_basic' },
      'invalid_client_metadata',
    ],
    ['another grant type', { grant_types: ['client_credentials'] }, 'invalid_client_metadata'],
    ['another response type', { response_types: ['token'] }, 'invalid_client_metadata'],
  ])('refuses %s with 400 %s', async (_, metadata, error) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/oauth2/register',
      headers: json,
      payload: { redirect_uris: [REDIRECT], ...metadata },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error });
    expect(res.json().error_description).toEqual(expect.any(String));
  });

  it('refuses a body that is not an object', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/oauth2/register',
      headers: json,
      payload: '[1,2]',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });

  it('matches redirect URIs exactly, refusing others without redirecting', async () => {
    const { client_id } = await registerClient(t.app);
    for (const redirect_uri of [
      'http://127.0.0.1:7777/callback/other',
      'http://127.0.0.1:7777/callback?x=1',
      'http://127.0.0.1:7778/callback',
      'http://localhost:7777/callback',
    ]) {
      const res = await t.app.inject({
        url: `/api/oauth2/auth?${authorizeQuery({ client_id, redirect_uri })}`,
        headers: bob.headers,
      });
      expect(res.statusCode, redirect_uri).toBe(400);
      expect(res.headers.location).toBeUndefined();
    }
  });

  it('limits registrations per address', async () => {
    const limited = await createTestApp({
      env: { ...UNLIMITED_ENV, OAUTH_REGISTER_LIMIT_PER_ADDRESS: '2' },
    });
    try {
      const ask = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/oauth2/register',
          headers: json,
          payload: { redirect_uris: [REDIRECT] },
        });
      expect((await ask()).statusCode).toBe(201);
      expect((await ask()).statusCode).toBe(201);
      const refused = await ask();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ error: 'temporarily_unavailable' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('consent bound to a team', () => {
  it('shows the client, how it is known, the scopes in words and the user’s teams', async () => {
    const { client_id } = await registerClient(t.app, { client_name: 'Desk <b>assistant</b>' });
    const query = authorizeQuery({
      client_id,
      redirect_uri: REDIRECT,
      scope: 'mcp:tools:execute offline_access files:write',
      resource: RESOURCE,
    });
    const auth = await t.app.inject({ url: `/api/oauth2/auth?${query}`, headers: bob.headers });
    expect(auth.headers.location).toMatch(/^\/api\/oauth2\/consent\?/);
    const page = await t.app.inject({ url: auth.headers.location!, headers: bob.headers });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Desk &#60;b&#62;assistant&#60;/b&#62;');
    expect(page.body).toContain('Registered itself with this Groundstation (not verified)');
    expect(page.body).toContain('Call tools of the chosen team’s MCP servers through a satellite');
    expect(page.body).toContain('<code>files:write</code>');
    expect(page.body).toContain(RESOURCE);
    // bob's own default team first and preselected, then team T.
    const options = [...page.body.matchAll(/<option value="([^"]+)"( selected)?>([^<]+)</g)];
    expect(options.map((o) => o[3])).toEqual([
      expect.stringContaining('(your default team)'),
      'Team T',
    ]);
    expect(options[0]![2]).toBe(' selected');
    expect(options[1]![1]).toBe(teamT);
    // The form's answer redirects to the client, so the page's CSP allows that origin.
    expect(page.headers['content-security-policy']).toContain(
      "form-action 'self' http://127.0.0.1:7777",
    );
  });

  it('grants the known scopes only and says so in the token answer', async () => {
    const { client_id } = await registerClient(t.app);
    const tokens = await tokensFor(bob, {
      clientId: client_id,
      scope: 'mcp:tools:execute offline_access files:write admin',
      team: teamT,
    });
    expect(tokens.scope).toBe('mcp:tools:execute offline_access');
  });

  it('refuses a team the user does not belong to', async () => {
    const { client_id } = await registerClient(t.app);
    const carl = await register(t.app, 'carl');
    const query = authorizeQuery({ client_id, redirect_uri: REDIRECT });
    const page = await t.app.inject({ url: `/api/oauth2/consent?${query}`, headers: carl.headers });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/oauth2/consent',
      headers: { ...carl.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        ...formFields(page.body),
        team_id: teamT,
        decision: 'approve',
      }).toString(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
  });
});

describe('resource indicators (RFC 8707) and satellite introspection', () => {
  it('gives a registry client that names the registry (RFC 9728) a token the registry takes', async () => {
    // What a registry tool does after reading /.well-known/oauth-protected-resource/v0.1.
    const metadata = await t.app.inject({ url: '/.well-known/oauth-protected-resource/v0.1' });
    const { resource } = metadata.json() as { resource: string };
    expect(resource).toBe(`${t.config.baseUrl}/v0.1`);
    const { client_id } = await registerClient(t.app);
    const tokens = await tokensFor(bob, { clientId: client_id, resource, scope: 'registry:read' });
    const servers = await t.app.inject({
      url: '/v0.1/servers',
      headers: bearer(tokens.access_token),
    });
    expect(servers.statusCode, servers.body).toBe(200);
    // It is no credential for the rest of the API, which takes unbound tokens only.
    const me = await t.app.inject({ url: '/api/users/me', headers: bearer(tokens.access_token) });
    expect(me.statusCode).toBe(401);
  });

  it('refuses at the registry a token bound to a satellite', async () => {
    const { client_id } = await registerClient(t.app);
    const tokens = await tokensFor(bob, {
      clientId: client_id,
      resource: RESOURCE,
      team: teamT,
      scope: 'registry:read mcp:tools:execute',
    });
    const servers = await t.app.inject({
      url: '/v0.1/servers',
      headers: bearer(tokens.access_token),
    });
    expect(servers.statusCode).toBe(401);
    expect(servers.headers['www-authenticate']).toMatch(/error="invalid_token"/);
  });

  it('binds the token to the satellite named, active there and nowhere else', async () => {
    const { client_id } = await registerClient(t.app);
    const tokens = await tokensFor(bob, { clientId: client_id, resource: RESOURCE, team: teamT });
    const atA = await introspectAs(t.app, satA, tokens.access_token);
    expect(atA.json()).toMatchObject({
      active: true,
      sub: bob.id,
      username: 'bob',
      client_id,
      scope: 'mcp:tools:execute offline_access',
      aud: RESOURCE,
      team_id: teamT,
      team_name: 'Team T',
      team_role: 'team_user',
    });
    // Another satellite of the same team, and one that never said where it is.
    expect((await introspectAs(t.app, satB, tokens.access_token)).json()).toEqual(inactive);
    expect((await introspectAs(t.app, satNoUrl, tokens.access_token)).json()).toEqual(inactive);
    // The owner's own introspection reports the audience too.
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/oauth2/introspect',
      headers: { ...json, ...bob.headers },
      payload: { token: tokens.access_token },
    });
    expect(own.json()).toMatchObject({ active: true, aud: RESOURCE, team_id: teamT });
    // A token meant for a satellite is no credential for Groundstation's own API.
    const api = await t.app.inject({
      url: '/api/users/me/teams',
      headers: bearer(tokens.access_token),
    });
    expect(api.statusCode).toBe(401);

    // Refreshing keeps the audience; naming another one is refused.
    const other = await tokenRequest(t.app, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token!,
      client_id,
      resource: SAT_B,
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().error).toBe('invalid_target');
    const refreshed = await tokenRequest(t.app, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token!,
      client_id,
      resource: RESOURCE,
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const again = refreshed.json().access_token as string;
    expect((await introspectAs(t.app, satA, again)).json()).toMatchObject({
      active: true,
      aud: RESOURCE,
    });
    expect((await introspectAs(t.app, satB, again)).json()).toEqual(inactive);
  });

  it('takes the resource at the token request when the authorization request named none', async () => {
    const { client_id } = await registerClient(t.app);
    const tokens = await tokensFor(bob, { clientId: client_id, team: teamT, tokenResource: SAT_B });
    expect((await introspectAs(t.app, satB, tokens.access_token)).json()).toMatchObject({
      active: true,
      aud: SAT_B,
    });
    expect((await introspectAs(t.app, satA, tokens.access_token)).json()).toEqual(inactive);
  });

  it('refuses a token request naming another resource than the authorization request', async () => {
    const { client_id } = await registerClient(t.app);
    const { verifier, challenge } = pkce();
    const callback = await approveThroughConsent(
      t.app,
      bob.cookie,
      authorizeQuery({ client_id, redirect_uri: REDIRECT, resource: RESOURCE }, challenge),
      'approve',
      { team_id: teamT },
    );
    const res = await tokenRequest(t.app, {
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code')!,
      redirect_uri: REDIRECT,
      client_id,
      code_verifier: verifier,
      resource: SAT_B,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_target' });
  });

  it('answers {active:false} to a satellite of the team for a token bound to another team', async () => {
    const { client_id } = await registerClient(t.app);
    // No team chosen: bob's own default team, which satellite A does not serve.
    const tokens = await tokensFor(bob, { clientId: client_id, resource: RESOURCE });
    expect((await introspectAs(t.app, satA, tokens.access_token)).json()).toEqual(inactive);
  });
});

describe('userinfo', () => {
  it('names the user of any valid token, with the email only for account scopes', async () => {
    const { client_id } = await registerClient(t.app);
    const withProfile = await tokensFor(alice, {
      clientId: client_id,
      scope: 'mcp:tools:execute user:read',
      resource: RESOURCE,
    });
    const res = await t.app.inject({
      url: '/api/oauth2/userinfo',
      headers: bearer(withProfile.access_token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      success: true,
      sub: alice.id,
      preferred_username: 'alice',
      name: 'alice',
      email: 'alice@example.com',
      email_verified: false,
    });
    const other = await registerClient(t.app);
    const toolsOnly = await tokensFor(alice, {
      clientId: other.client_id,
      scope: 'mcp:tools:execute',
    });
    const narrow = await t.app.inject({
      url: '/api/oauth2/userinfo',
      headers: bearer(toolsOnly.access_token),
    });
    expect(narrow.json()).toEqual({
      success: true,
      sub: alice.id,
      preferred_username: 'alice',
      name: 'alice',
    });
  });

  it('answers 401 with WWW-Authenticate without a valid token', async () => {
    const none = await t.app.inject({ url: '/api/oauth2/userinfo' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    const wrong = await t.app.inject({
      url: '/api/oauth2/userinfo',
      headers: bearer(`oat_${'A'.repeat(22)}.${'B'.repeat(43)}`),
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    // A cookie session is no bearer token.
    expect(
      (await t.app.inject({ url: '/api/oauth2/userinfo', headers: alice.headers })).statusCode,
    ).toBe(401);
  });
});

describe('management', () => {
  it('lets a user list and revoke the clients they authorized', async () => {
    const dora = await register(t.app, 'dora');
    const { client_id } = await registerClient(t.app, { client_name: 'Dora’s agent' });
    const first = await tokensFor(dora, { clientId: client_id, resource: RESOURCE });
    await tokensFor(dora, {
      clientId: CLIENT_ID,
      redirectUri: 'http://127.0.0.1:8976/oauth/callback',
      scope: 'teams:read',
    });
    const listed = await call('GET', '/api/oauth2/authorized-clients', dora.headers);
    const byId = Object.fromEntries(
      (listed.data.clients as Array<{ client_id: string }>).map((c) => [c.client_id, c]),
    );
    expect(byId[client_id]).toMatchObject({
      client_name: 'Dora’s agent',
      client_kind: 'dynamic',
      scopes: ['mcp:tools:execute', 'offline_access'],
      resources: [RESOURCE],
      grants: 1,
    });
    expect(byId[CLIENT_ID]).toMatchObject({ client_kind: 'first_party' });
    // The grants page shows the client and the team.
    const page = await t.app.inject({ url: '/api/oauth2/grants/page', headers: dora.headers });
    expect(page.body).toContain('Dora’s agent');
    expect(page.body).toContain(RESOURCE);

    // Someone else cannot revoke dora's client; dora can.
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/oauth2/authorized-clients/${client_id}`,
      headers: bob.headers,
    });
    expect(foreign.statusCode).toBe(404);
    await call('DELETE', `/api/oauth2/authorized-clients/${client_id}`, dora.headers);
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/oauth2/introspect',
      headers: { ...json, ...dora.headers },
      payload: { token: first.access_token },
    });
    expect(after.json()).toEqual(inactive);
    const refresh = await tokenRequest(t.app, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token!,
      client_id,
    });
    expect(refresh.json().error).toBe('invalid_grant');
    const remaining = await call('GET', '/api/oauth2/authorized-clients', dora.headers);
    expect(remaining.data.clients.map((c: { client_id: string }) => c.client_id)).toEqual([
      CLIENT_ID,
    ]);
  });

  it('shows team administrators which clients hold tokens for the team', async () => {
    const { client_id } = await registerClient(t.app, { client_name: 'Team lister' });
    await tokensFor(bob, { clientId: client_id, resource: RESOURCE, team: teamT });
    const listed = await call('GET', `/api/teams/${teamT}/oauth-clients`, alice.headers);
    const entry = listed.data.clients.find((c: { client_id: string }) => c.client_id === client_id);
    expect(entry).toMatchObject({
      client_name: 'Team lister',
      client_kind: 'dynamic',
      users: [{ user_id: bob.id, username: 'bob' }],
      resources: [RESOURCE],
    });
    const asMember = await t.app.inject({
      url: `/api/teams/${teamT}/oauth-clients`,
      headers: bob.headers,
    });
    expect(asMember.statusCode).toBe(403);
  });
});

describe('what ends tokens at once', () => {
  it('revoking a registered client ends its tokens and its authorizations', async () => {
    const { client_id } = await registerClient(t.app, { client_name: 'Rogue' });
    const tokens = await tokensFor(bob, { clientId: client_id, resource: RESOURCE, team: teamT });
    expect((await introspectAs(t.app, satA, tokens.access_token)).json().active).toBe(true);

    const listed = await call('GET', '/api/oauth2/clients', root.headers);
    expect(listed.data.clients).toContainEqual(
      expect.objectContaining({
        client_id,
        client_name: 'Rogue',
        kind: 'dynamic',
        revoked_at: null,
      }),
    );
    const notAdmin = await t.app.inject({
      method: 'DELETE',
      url: `/api/oauth2/clients/${client_id}`,
      headers: alice.headers,
    });
    expect(notAdmin.statusCode).toBe(403);
    const poll = () =>
      t.app.inject({ url: `/api/satellites/${satA.id}/commands?limit=100`, headers: satA.headers });
    await poll();
    await call('DELETE', `/api/oauth2/clients/${client_id}`, root.headers);

    expect((await introspectAs(t.app, satA, tokens.access_token)).json()).toEqual(inactive);
    // The team's satellite forgets what it cached for bob now, not when its cache runs out.
    const forget = (await poll())
      .json()
      .data.commands.filter(
        (command: { type: string }) => command.type === 'invalidate_user_token_cache',
      );
    expect(forget).toEqual([
      expect.objectContaining({ payload: expect.objectContaining({ user_id: bob.id }) }),
    ]);
    const refresh = await tokenRequest(t.app, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token!,
      client_id,
    });
    expect(refresh.statusCode).toBe(401);
    expect(refresh.json().error).toBe('invalid_client');
    const auth = await t.app.inject({
      url: `/api/oauth2/auth?${authorizeQuery({ client_id, redirect_uri: REDIRECT })}`,
      headers: bob.headers,
    });
    expect(auth.statusCode).toBe(400);
    expect(auth.json().error_description).toMatch(/revoked/);
    const twice = await t.app.inject({
      method: 'DELETE',
      url: `/api/oauth2/clients/${client_id}`,
      headers: root.headers,
    });
    expect(twice.statusCode).toBe(404);
  });

  it('removing a member ends their tokens for that team, and rejoining revives nothing', async () => {
    const erin = await register(t.app, 'erin');
    await call('POST', `/api/teams/${teamT}/members`, alice.headers, {
      login: 'erin',
      role: 'team_user',
    });
    const { client_id } = await registerClient(t.app);
    const tokens = await tokensFor(erin, { clientId: client_id, resource: RESOURCE, team: teamT });
    expect((await introspectAs(t.app, satA, tokens.access_token)).json().active).toBe(true);

    await call('DELETE', `/api/teams/${teamT}/members/${erin.id}`, alice.headers);
    expect((await introspectAs(t.app, satA, tokens.access_token)).json()).toEqual(inactive);
    const userinfo = await t.app.inject({
      url: '/api/oauth2/userinfo',
      headers: bearer(tokens.access_token),
    });
    expect(userinfo.statusCode).toBe(401);
    const refresh = await tokenRequest(t.app, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token!,
      client_id,
    });
    expect(refresh.json().error).toBe('invalid_grant');

    await call('POST', `/api/teams/${teamT}/members`, alice.headers, {
      login: 'erin',
      role: 'team_user',
    });
    expect((await introspectAs(t.app, satA, tokens.access_token)).json()).toEqual(inactive);
  });

  it('disabling a user ends their tokens', async () => {
    const fay = await register(t.app, 'fay');
    await call('POST', `/api/teams/${teamT}/members`, alice.headers, {
      login: 'fay',
      role: 'team_user',
    });
    const { client_id } = await registerClient(t.app);
    const tokens = await tokensFor(fay, { clientId: client_id, resource: RESOURCE, team: teamT });
    expect((await introspectAs(t.app, satA, tokens.access_token)).json().active).toBe(true);
    await call('PATCH', `/api/users/${fay.id}`, root.headers, { disabled: true });
    expect((await introspectAs(t.app, satA, tokens.access_token)).json()).toEqual(inactive);
    expect(
      (await t.app.inject({ url: '/api/oauth2/userinfo', headers: bearer(tokens.access_token) }))
        .statusCode,
    ).toBe(401);
  });

  it('expired tokens are inactive', async () => {
    const { client_id } = await registerClient(t.app);
    const tokens = await tokensFor(bob, { clientId: client_id, resource: RESOURCE, team: teamT });
    clock.advance(3601);
    expect((await introspectAs(t.app, satA, tokens.access_token)).json()).toEqual(inactive);
  });
});
