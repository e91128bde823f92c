import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mcpServerInstances,
  teamNotifications,
  upstreamOauthTokens,
} from '../../../src/db/schema/index.js';
import { createLogger } from '../../../src/lib/logger.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { json, register, type Account } from '../../helpers/accounts.js';
import { auditEntries, lastOf } from '../../helpers/audit.js';
import { createServer, installServer } from '../../helpers/catalogue.js';
import { usingPostgres } from '../../helpers/database.js';
import { freePort } from '../../helpers/process.js';
import { secondReplica } from '../../helpers/replicas.js';
import { pair } from '../../helpers/satellites.js';
import { browserSignIn, startUpstream, type Upstream } from '../../helpers/upstream-oauth.js';

const secret = () => randomBytes(32).toString('hex');
/** Two replicas share secrets and the database (the second one joins for the refresh race). */
const ENV = {
  UPSTREAM_OAUTH_ALLOW_PRIVATE_ADDRESSES: 'true',
  SESSION_SECRET: secret(),
  ENCRYPTION_KEY: secret(),
  JWT_SECRET: secret(),
};

/** Everything the first replica logs, at every level. */
const logged: string[] = [];
/** Every token the satellite was given, to look for in the logs. */
const seen = new Set<string>();

let t: TestApp;
let other: TestApp;
let base: string;
let upstream: Upstream;
let admin: Account;
let bob: Account;
let team: string;
let installation: string;
let satellite: Awaited<ReturnType<typeof pair>>;
let foreign: Awaited<ReturnType<typeof pair>>;

const teamOf = async (account: Account) =>
  (await t.app.inject({ url: '/api/teams/me/default', headers: account.headers })).json().data.team
    .id as string;

beforeAll(async () => {
  upstream = await startUpstream();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logged.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({
    env: { ...ENV, BASE_URL: base },
    logger: createLogger('trace', stream),
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  // On PostgreSQL a replica of its own, with its own pool; PGlite has one process only.
  other = usingPostgres()
    ? await secondReplica(t, { ...ENV, BASE_URL: base })
    : await createTestApp({
        env: { ...ENV, BASE_URL: base },
        database: { db: t.database.db, url: null, dispose: async () => {} },
      });
  admin = await register(t.app, 'admin');
  bob = await register(t.app, 'bob');
  team = await teamOf(admin);
  const server = await createServer(t.app, admin.headers, {
    name: 'Tracker',
    transport: 'http',
    command: null,
    url: upstream.mcpUrl,
    requires_oauth: true,
  });
  installation = (await installServer(t.app, team, admin.headers, { server_id: server.id })).id;
  satellite = await pair(t.app, admin.headers, { scope: 'team', team_id: team }, 'sat-a');
  foreign = await pair(t.app, bob.headers, { scope: 'team', team_id: await teamOf(bob) }, 'sat-b');
});
afterAll(async () => {
  await other?.close();
  await t?.close();
  await upstream?.close();
});

const oauthPath = () => `/api/teams/${team}/mcp/installations/${installation}/oauth`;

/** What a browser does: start, the (auto-approving) authorization server, the callback. */
const signIn = (cookie = admin.cookie) => browserSignIn(base, oauthPath(), cookie);

const backAt = (callback: URL, cookie = admin.cookie) =>
  fetch(callback, { redirect: 'manual', headers: { cookie } });

const instance = async () =>
  (
    await t.database.db.orm
      .select()
      .from(mcpServerInstances)
      .where(eq(mcpServerInstances.installationId, installation))
  )[0]!;

const tokenRow = async () =>
  (
    await t.database.db.orm
      .select()
      .from(upstreamOauthTokens)
      .where(eq(upstreamOauthTokens.instanceId, (await instance()).id))
  )[0];

async function ask(app: TestApp, sat: typeof satellite, what: 'status' | 'retrieve') {
  const res = await app.app.inject({
    method: 'POST',
    url: `/api/satellites/${sat.id}/tokens/${what}`,
    headers: { ...json, ...sat.headers },
    payload: { installation_id: installation, user_id: admin.id, team_id: team },
  });
  if (what === 'retrieve' && res.statusCode === 200) seen.add(res.json().access_token);
  return res;
}

const expireNow = () =>
  t.database.db.orm
    .update(upstreamOauthTokens)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(upstreamOauthTokens.instanceId, upstreamOauthTokens.instanceId));

describe('connecting', () => {
  it('serves its client metadata document and a connect flow with PKCE and resource', async () => {
    const doc: any = await (await fetch(`${base}/api/upstream-oauth/client-metadata.json`)).json();
    expect(doc.redirect_uris).toEqual([`${base}/api/upstream-oauth/callback`]);
    expect((await instance()).status).toBe('awaiting_user_config');

    const { authorize, callback } = await signIn();
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('resource')).toBe(upstream.mcpUrl);
    // Only dynamic registration is offered: Groundstation registered itself there.
    expect(upstream.clients.has(authorize.searchParams.get('client_id')!)).toBe(true);
    const back = await backAt(callback);
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toMatch(/^\/servers\?upstream_oauth=connected/);

    const status = await t.app.inject({ url: oauthPath(), headers: admin.headers });
    expect(status.json().data).toMatchObject({ connected: true, can_refresh: true });
    expect((await instance()).status).toBe('provisioning');
    expect((await lastOf(t.app, admin.headers, 'upstream_oauth.connected')).target_id).toBe(
      (await instance()).id,
    );
  });

  it('keeps the tokens encrypted and out of every answer but tokens/retrieve', async () => {
    const row = (await tokenRow())!;
    const retrieved = (await ask(t, satellite, 'retrieve')).json();
    expect(retrieved.refresh_token).toBeNull();
    expect(upstream.accepts(retrieved.access_token)).toBe(true);
    expect(row.accessToken).toMatch(/^v2:/);
    expect(row.accessToken).not.toContain(retrieved.access_token);
    expect(row.refreshToken).toMatch(/^v2:/);
    const audit = JSON.stringify(await auditEntries(t.app, admin.headers));
    expect(audit).not.toContain(retrieved.access_token);
    const status = await t.app.inject({ url: oauthPath(), headers: admin.headers });
    expect(status.body).not.toContain(retrieved.access_token);
  });

  it('refuses a callback replayed, or brought back by another session', async () => {
    const { callback } = await signIn();
    expect((await backAt(callback, bob.cookie)).status).toBe(403);
    // The state was used up by that attempt.
    expect((await backAt(callback)).status).toBe(404);
  });

  it('sends a browser back to its page when the server refuses; an API caller gets 409', async () => {
    const before = (await tokenRow())!.accessToken;
    upstream.state.denyNext = true;
    const { callback } = await signIn();
    expect(callback.searchParams.get('error')).toBe('access_denied');
    const browser = await fetch(callback, {
      redirect: 'manual',
      headers: { cookie: admin.cookie, accept: 'text/html,application/xhtml+xml' },
    });
    expect(browser.status).toBe(302);
    const back = new URL(browser.headers.get('location')!, base);
    expect(back.pathname).toBe('/servers');
    expect(Object.fromEntries(back.searchParams)).toEqual({
      upstream_oauth: 'refused',
      installation_id: installation,
      upstream_error: 'access_denied',
    });
    // Used up, and the sign-in the member had is kept.
    expect((await backAt(callback)).status).toBe(404);
    expect((await tokenRow())!.accessToken).toBe(before);

    upstream.state.denyNext = true;
    const api = await backAt((await signIn()).callback);
    expect(api.status).toBe(409);
    expect(await api.json()).toMatchObject({ success: false, code: 'UPSTREAM_OAUTH_REFUSED' });
  });

  it('passes on only a well-formed error code', async () => {
    upstream.state.denyNext = true;
    const { callback } = await signIn();
    callback.searchParams.set('error', 'bad"code\\<script>');
    const browser = await fetch(callback, {
      redirect: 'manual',
      headers: { cookie: admin.cookie, accept: 'text/html' },
    });
    const back = new URL(browser.headers.get('location')!, base);
    expect(back.searchParams.get('upstream_error')).toBe('unknown_error');
  });
});

describe('satellites', () => {
  it('get the access token for an instance they serve, and use it against the server', async () => {
    const config = (
      await t.app.inject({
        url: `/api/satellites/${satellite.id}/config`,
        headers: satellite.headers,
      })
    ).json();
    expect(Object.values(config.mcp_servers).map((e: any) => e.requires_oauth)).toEqual([true]);
    const status = (await ask(t, satellite, 'status')).json();
    expect(status).toMatchObject({ exists: true, expired: false, can_refresh: true });
    const { access_token } = (await ask(t, satellite, 'retrieve')).json();
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(upstream.mcpUrl), {
        requestInit: { headers: { authorization: `Bearer ${access_token}` } },
      }),
    );
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['whoami']);
    await client.close();
  });

  it('are refused an instance they do not serve', async () => {
    expect((await ask(t, foreign, 'retrieve')).statusCode).toBe(404);
    expect((await ask(t, foreign, 'status')).statusCode).toBe(404);
  });
});

describe('keeping', () => {
  it('refreshes an expiring token once when two replicas ask at once, keeping the rotation', async () => {
    const before = (await ask(t, satellite, 'retrieve')).json().access_token;
    await expireNow();
    const [a, b] = await Promise.all([
      ask(t, satellite, 'retrieve'),
      ask(other, satellite, 'retrieve'),
    ]);
    expect(upstream.state.refreshes).toBe(1);
    expect(a.json().access_token).toBe(b.json().access_token);
    expect(a.json().access_token).not.toBe(before);
    expect(upstream.accepts(a.json().access_token)).toBe(true);
    // The rotated refresh token was kept: the next refresh works too.
    await expireNow();
    expect((await ask(t, satellite, 'retrieve')).statusCode).toBe(200);
    expect(upstream.state.refreshes).toBe(2);
  });

  it('refreshes at once when a satellite reports the server refused the token', async () => {
    const before = (await ask(t, satellite, 'retrieve')).json().access_token;
    upstream.dropAccessTokens();
    // What a satellite's mcp.server.status_changed event does after the server answered 401.
    await t.database.db.orm
      .update(mcpServerInstances)
      .set({ status: 'requires_reauth', statusUpdatedAt: new Date(Date.now() + 5) })
      .where(eq(mcpServerInstances.installationId, installation));
    const refreshes = upstream.state.refreshes;
    const after = (await ask(t, satellite, 'retrieve')).json().access_token;
    expect(after).not.toBe(before);
    expect(upstream.accepts(after)).toBe(true);
    expect((await ask(t, satellite, 'retrieve')).json().access_token).toBe(after);
    expect(upstream.state.refreshes).toBe(refreshes + 1);
  });

  it('marks the instance requires_reauth, notifies and audits when the refresh is refused', async () => {
    upstream.state.failRefresh = true;
    await expireNow();
    expect((await ask(t, satellite, 'retrieve')).statusCode).toBe(404);
    expect((await ask(t, satellite, 'status')).json().exists).toBe(false);
    expect((await instance()).status).toBe('requires_reauth');
    expect(await tokenRow()).toBeUndefined();
    const entry = await lastOf(t.app, admin.headers, 'upstream_oauth.refresh_failed');
    expect(entry.details.reason).toBe('invalid_grant');
    const notes = await t.database.db.orm
      .select()
      .from(teamNotifications)
      .where(eq(teamNotifications.type, 'instance.requires_reauth'));
    expect(notes).toHaveLength(1);
    upstream.state.failRefresh = false;
  });

  it('signs in again, then disconnects: revoked upstream and deleted', async () => {
    const { callback } = await signIn();
    expect((await backAt(callback)).status).toBe(302);
    expect((await instance()).status).toBe('provisioning');
    const { access_token } = (await ask(t, satellite, 'retrieve')).json();
    const res = await t.app.inject({ method: 'DELETE', url: oauthPath(), headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.revoked).toBe(true);
    expect(upstream.state.revoked).toContain(access_token);
    expect(upstream.accepts(access_token)).toBe(false);
    expect(await tokenRow()).toBeUndefined();
    expect((await instance()).status).toBe('awaiting_user_config');
    expect((await ask(t, satellite, 'retrieve')).statusCode).toBe(404);
    await lastOf(t.app, admin.headers, 'upstream_oauth.disconnected');
  });
});

describe('logs', () => {
  it('never hold a token, a code or a state', async () => {
    expect(seen.size).toBeGreaterThan(2);
    const text = logged.join('');
    expect(text.length).toBeGreaterThan(0);
    for (const token of seen) expect(text).not.toContain(token);
    expect(text).not.toMatch(/[?&](code|state)=/);
  });
});
