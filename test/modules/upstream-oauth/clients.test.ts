import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpServers } from '../../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { json, register, type Account } from '../../helpers/accounts.js';
import { createServer, installServer } from '../../helpers/catalogue.js';
import { freePort } from '../../helpers/process.js';
import { startUpstream, type Upstream } from '../../helpers/upstream-oauth.js';

// The service's public URL is https (a TLS-terminating proxy in front); the test reaches its
// plain-http listener behind it, as the proxy would.
let t: TestApp;
let publicBase: string;
let listenBase: string;
let admin: Account;
let team: string;
const upstreams: Upstream[] = [];
const behindProxy = (url: string) => url.replace(publicBase, listenBase);

beforeAll(async () => {
  const port = await freePort();
  publicBase = `https://127.0.0.1:${port}`;
  listenBase = `http://127.0.0.1:${port}`;
  t = await createTestApp({
    env: { BASE_URL: publicBase, UPSTREAM_OAUTH_ALLOW_PRIVATE_ADDRESSES: 'true' },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  admin = await register(t.app, 'admin');
  team = (await t.app.inject({ url: '/api/teams/me/default', headers: admin.headers })).json().data
    .team.id;
});
afterAll(async () => {
  await t?.close();
  for (const upstream of upstreams) await upstream.close();
});

async function installed(upstream: Upstream, name: string, extra: Record<string, unknown> = {}) {
  const server = await createServer(t.app, admin.headers, {
    name,
    transport: 'http',
    command: null,
    url: upstream.mcpUrl,
    requires_oauth: true,
    ...extra,
  });
  const installation = await installServer(t.app, team, admin.headers, { server_id: server.id });
  return { server, path: `/api/teams/${team}/mcp/installations/${installation.id}/oauth` };
}

const start = (path: string) =>
  t.app.inject({
    method: 'POST',
    url: `${path}/connect`,
    headers: { ...json, ...admin.headers },
    payload: {},
  });

/** The browser: the authorization server approves, then comes back to the callback. */
async function finish(authorizationUrl: string) {
  const approved = await fetch(authorizationUrl, { redirect: 'manual' });
  expect(approved.status).toBe(302);
  const back = await fetch(behindProxy(approved.headers.get('location')!), {
    redirect: 'manual',
    headers: { cookie: admin.cookie },
  });
  expect(back.status, await back.clone().text()).toBe(302);
}

describe('how Groundstation names itself to an authorization server', () => {
  it('uses its client ID metadata document where the server accepts those', async () => {
    const upstream = await startUpstream({
      clientMetadataDocuments: true,
      dynamicRegistration: false,
      fetchClientMetadata: async (id) => (await fetch(behindProxy(id))).json(),
    });
    upstreams.push(upstream);
    const { path } = await installed(upstream, 'Documents');
    const res = await start(path);
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(res.json().data.authorization_url);
    expect(url.searchParams.get('client_id')).toBe(
      `${publicBase}/api/upstream-oauth/client-metadata.json`,
    );
    await finish(url.href);
    const status = await t.app.inject({ url: path, headers: admin.headers });
    expect(status.json().data.connected).toBe(true);
  });

  it('uses a client an administrator entered, keeping its secret encrypted and unshown', async () => {
    const callback = `${publicBase}/api/upstream-oauth/callback`;
    const upstream = await startUpstream({
      dynamicRegistration: false,
      clients: [{ id: 'gs-by-hand', secret: 'hand-secret-value', redirectUris: [callback] }],
    });
    upstreams.push(upstream);
    const { server, path } = await installed(upstream, 'Chat');
    expect((await start(path)).json().code).toBe('UPSTREAM_OAUTH_NO_CLIENT');

    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/mcp/servers/global/${server.id}`,
      headers: { ...json, ...admin.headers },
      payload: { oauth_client: { client_id: 'gs-by-hand', client_secret: 'hand-secret-value' } },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data.server.oauth_client).toEqual({
      client_id: 'gs-by-hand',
      has_secret: true,
    });
    expect(edit.body).not.toContain('hand-secret-value');
    const [row] = await t.database.db.orm
      .select({ secret: mcpServers.oauthClientSecret })
      .from(mcpServers)
      .where(eq(mcpServers.id, server.id));
    expect(row!.secret).toMatch(/^v2:/);

    const res = await start(path);
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(res.json().data.authorization_url);
    expect(url.searchParams.get('client_id')).toBe('gs-by-hand');
    await finish(url.href);
  });

  it('answers 409 for a server that does not use OAuth, and 404 for another team', async () => {
    const plain = await createServer(t.app, admin.headers, {
      name: 'Plain',
      transport: 'http',
      command: null,
      url: 'https://plain.example.com/mcp',
      requires_oauth: false,
    });
    const installation = await installServer(t.app, team, admin.headers, { server_id: plain.id });
    const res = await start(`/api/teams/${team}/mcp/installations/${installation.id}/oauth`);
    expect(res.statusCode).toBe(409);
    const bob = await register(t.app, 'bob');
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/teams/${team}/mcp/installations/${installation.id}/oauth/connect`,
      headers: { ...json, ...bob.headers },
      payload: {},
    });
    expect(foreign.statusCode).toBe(404);
  });
});
