import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpServerInstances } from '../../../src/db/schema/index.js';
import { wantsOAuth } from '../../../src/modules/upstream-oauth/detection.js';
import { SCHEMA_URL } from '../../../src/modules/registry/server-json.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { json, register, type Account } from '../../helpers/accounts.js';
import { createServer, installServer } from '../../helpers/catalogue.js';
import { pair } from '../../helpers/satellites.js';
import { startUpstream, type Upstream } from '../../helpers/upstream-oauth.js';

let t: TestApp;
let upstream: Upstream;
let admin: Account;
let team: string;

const ENV = {
  UPSTREAM_OAUTH_ALLOW_PRIVATE_ADDRESSES: 'true',
  REGISTRY_ALLOW_PRIVATE_ADDRESSES: 'true',
};

beforeAll(async () => {
  upstream = await startUpstream();
  t = await createTestApp({ env: ENV });
  admin = await register(t.app, 'admin');
  team = (await t.app.inject({ url: '/api/teams/me/default', headers: admin.headers })).json().data
    .team.id;
});
afterAll(async () => {
  await t?.close();
  await upstream?.close();
});

const getServer = async (id: string) =>
  (await t.app.inject({ url: `/api/mcp/servers/${id}`, headers: admin.headers })).json().data
    .server;

/** Detection runs in the background: the answer comes before it, the mark soon after. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean) {
  for (let i = 0; i < 100; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
  return read();
}

describe('requires_oauth in the catalogue', () => {
  it('detects an http server that answers 401 naming its RFC 9728 metadata', async () => {
    const server = await createServer(t.app, admin.headers, {
      name: 'Protected',
      transport: 'http',
      command: null,
      url: upstream.mcpUrl,
    });
    const marked = await eventually(
      () => getServer(server.id),
      (s) => s.requires_oauth === true,
    );
    expect(marked.requires_oauth).toBe(true);
  });

  it('leaves a server that needs no sign-in unmarked', async () => {
    // The authorization server itself answers the MCP request with 404, not a 401 challenge.
    expect(
      await wantsOAuth(
        { id: 'srv', transport: 'http', url: `${upstream.issuer}/mcp` },
        { allowPrivateAddresses: true, timeoutMs: 2000, maxBytes: 4096 },
      ),
    ).toBe(false);
    expect(
      await wantsOAuth(
        { id: 'srv', transport: 'http', url: upstream.mcpUrl },
        { allowPrivateAddresses: true, timeoutMs: 2000, maxBytes: 4096 },
      ),
    ).toBe(true);
  });

  it('never asks a private address unless the setting allows it', async () => {
    await expect(
      wantsOAuth(
        { id: 'srv', transport: 'http', url: upstream.mcpUrl },
        { allowPrivateAddresses: false, timeoutMs: 2000, maxBytes: 4096 },
      ),
    ).rejects.toThrow(/private address/);
  });

  it('lets administrators set it, and refuses it for stdio servers with 400', async () => {
    const server = await createServer(t.app, admin.headers, {
      name: 'Hand marked',
      transport: 'sse',
      command: null,
      url: 'https://sse.example.com/sse',
      requires_oauth: true,
    });
    expect((await getServer(server.id)).requires_oauth).toBe(true);
    const stdio = await t.app.inject({
      method: 'POST',
      url: '/api/mcp/servers/global',
      headers: { ...json, ...admin.headers },
      payload: { name: 'Local', transport: 'stdio', command: 'npx', requires_oauth: true },
    });
    expect(stdio.statusCode).toBe(400);
    expect(stdio.json().error).toMatch(/requires_oauth/);
  });

  it('carries the mark from registry entries that say so', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/registry/import',
      headers: { ...json, ...admin.headers },
      payload: JSON.stringify({
        $schema: SCHEMA_URL,
        name: 'com.example/signed-in',
        description: 'Each user signs in',
        version: '1.0.0',
        remotes: [{ type: 'streamable-http', url: 'https://signed-in.example.com/mcp' }],
        _meta: { 'dev.groundstation/catalogue': { requires_oauth: true } },
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await getServer('com-example-signed-in')).requires_oauth).toBe(true);
  });

  it('says so in the registry API for servers typed in here, for other catalogues to carry', async () => {
    // The registry API serves a hand-made server once it has a version.
    const version = await t.app.inject({
      method: 'POST',
      url: '/api/mcp/servers/hand-marked/versions',
      headers: { ...json, ...admin.headers },
      payload: { version: '1.0.0' },
    });
    expect(version.statusCode, version.body).toBe(201);
    const res = await t.app.inject({ url: '/v0.1/servers?limit=100', headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    const marked = (res.json().servers as Array<{ server: any }>).find(
      (entry) => entry.server.title === 'Hand marked',
    );
    expect(marked?.server._meta).toEqual({
      'dev.groundstation/catalogue': { requires_oauth: true },
    });
  });
});

describe('instances of a server that wants OAuth', () => {
  it('wait for each member, stay out of the satellite configuration, and follow the mark', async () => {
    const server = await createServer(t.app, admin.headers, {
      name: 'Tracker',
      transport: 'http',
      command: null,
      url: 'https://tracker.example.com/mcp',
      requires_oauth: true,
    });
    const satellite = await pair(t.app, admin.headers, { scope: 'team', team_id: team }, 'sat');
    const installation = await installServer(t.app, team, admin.headers, { server_id: server.id });
    const instance = async () =>
      (
        await t.database.db.orm
          .select()
          .from(mcpServerInstances)
          .where(eq(mcpServerInstances.installationId, installation.id))
      )[0]!;
    expect((await instance()).status).toBe('awaiting_user_config');
    const config = async () => {
      const res = await t.app.inject({
        url: `/api/satellites/${satellite.id}/config`,
        headers: satellite.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    expect(Object.keys((await config()).mcp_servers)).toHaveLength(0);

    const edit = (requires_oauth: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/mcp/servers/global/${server.id}`,
        headers: { ...json, ...admin.headers },
        payload: { requires_oauth },
      });
    expect((await edit(false)).statusCode).toBe(200);
    expect((await instance()).status).toBe('provisioning');
    const entries = Object.values((await config()).mcp_servers) as Array<Record<string, unknown>>;
    expect(entries.map((e) => e.requires_oauth)).toEqual([false]);

    expect((await edit(true)).statusCode).toBe(200);
    expect((await instance()).status).toBe('awaiting_user_config');

    // A member who has signed in (step 2 makes that happen) runs with the satellite asking
    // for the token: the entry says so.
    await t.database.db.orm
      .update(mcpServerInstances)
      .set({ status: 'online' })
      .where(eq(mcpServerInstances.installationId, installation.id));
    const signedIn = Object.values((await config()).mcp_servers) as Array<Record<string, unknown>>;
    expect(signedIn.map((e) => e.requires_oauth)).toEqual([true]);
  });
});
