/**
 * The built-in satellite end to end, as `npm start` runs it: the real service, the satellite
 * paired by the service's own token and talking to it over loopback HTTP, real MCP servers from
 * the npm registry run per member, and MCP TypeScript SDK clients with tokens from the real OAuth
 * flow (consent, code, PKCE, resource).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSatellite, type RunningSatellite } from '#satellite';
import { json, type Account } from '../helpers/accounts.js';
import type { TestApp } from '../helpers/app.js';
import { createServer, installServer } from '../helpers/catalogue.js';
import {
  aliceAndBob,
  connectMcp,
  EVERYTHING,
  mcpAccessToken,
  quietLog,
  serviceWithMcp,
  textOf,
} from '../helpers/mcp-hub.js';

let t: TestApp;
let base: string;
let satellite: RunningSatellite | null = null;
let dataDir: string;
let alice: Account;
let bob: Account;
let team: string;
let installation: string;
// A secret in this process's environment, which runs the service: no server may see it.
const SERVICE_SECRET = 'service-secret-that-must-not-leak';
process.env.GS_TEST_SERVICE_SECRET = SERVICE_SECRET;
/** A token bound to the team and to this satellite (`resource`). */
const accessToken = (who: Account, scope?: string) =>
  mcpAccessToken(t.app, who, team, `${base}/mcp`, scope);
const connect = (token: string, url = `${base}/mcp`) => connectMcp(url, token);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'gs-satellite-'));
  const service = await serviceWithMcp();
  ({ t, base } = service);
  ({ alice, bob, team } = await aliceAndBob(t.app));
  await createServer(t.app, alice.headers, {
    name: 'Everything',
    slug: 'everything',
    command: process.execPath,
    args: [EVERYTHING, 'stdio'],
    config_schema: { user: { env: [{ name: 'MEMBER_TOKEN', secret: true }] } },
  });
  installation = (
    await installServer(t.app, team, alice.headers, {
      server_id: 'everything',
      settings: { request_logging_enabled: true },
    })
  ).id;
  for (const [who, value] of [
    [alice, 'alice-secret'],
    [bob, 'bob-secret'],
  ] as const) {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/teams/${team}/mcp/installations/${installation}/user-config`,
      headers: { ...json, ...who.headers },
      payload: { values: { env: { MEMBER_TOKEN: value } } },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
  }
  satellite = await startSatellite({
    backendUrl: base,
    publicUrl: `${base}/mcp`,
    dataDir,
    name: 'built-in-under-test',
    registrationToken: () => t.app.builtInSatellite.issueToken(),
    log: quietLog,
    pollIntervalMs: 300,
    eventIntervalMs: 200,
  });
  service.attach(satellite);
}, 60_000);

afterAll(async () => {
  await satellite?.close();
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the built-in satellite', () => {
  it('asks MCP clients without a token to sign in at Groundstation (RFC 9728)', async () => {
    const res = await fetch(`${base}/mcp`, { method: 'POST' });
    expect(res.status).toBe(401);
    await res.arrayBuffer();
    const challenge = res.headers.get('www-authenticate') ?? '';
    expect(challenge).toContain(
      `resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`,
    );
    const metadata = await (await fetch(`${base}/.well-known/oauth-protected-resource/mcp`)).json();
    expect(metadata).toMatchObject({ resource: `${base}/mcp`, authorization_servers: [base] });
  });

  it('lists and calls the team’s tools, each member on their own process with their own credentials', async () => {
    const aliceClient = await connect(await accessToken(alice));
    const bobClient = await connect(await accessToken(bob));
    try {
      const tools = (await aliceClient.listTools()).tools.map((tool) => tool.name);
      expect(tools).toContain('everything__echo');
      for (const name of tools) expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      const echoed = await aliceClient.callTool({
        name: 'everything__echo',
        arguments: { message: 'hello' },
      });
      expect(textOf(echoed)).toContain('hello');
      const aliceEnv = textOf(
        await aliceClient.callTool({ name: 'everything__get-env', arguments: {} }),
      );
      const bobEnv = textOf(
        await bobClient.callTool({ name: 'everything__get-env', arguments: {} }),
      );
      expect(aliceEnv).toContain('alice-secret');
      expect(aliceEnv).not.toContain('bob-secret');
      expect(bobEnv).toContain('bob-secret');
      expect(bobEnv).not.toContain('alice-secret');
      // Nothing of the service's own environment reaches a server.
      expect(aliceEnv).not.toContain(SERVICE_SECRET);
    } finally {
      await aliceClient.close();
      await bobClient.close();
    }
  });

  it('passes resources, prompts and progress through', async () => {
    const client = await connect(await accessToken(alice));
    try {
      const resources = (await client.listResources()).resources;
      expect(resources.length).toBeGreaterThan(0);
      const read = await client.readResource({ uri: resources[0]!.uri });
      expect(read.contents.length).toBeGreaterThan(0);
      const prompts = (await client.listPrompts()).prompts.map((p) => p.name);
      expect(prompts).toContain('everything__simple-prompt');
      const prompt = await client.getPrompt({ name: 'everything__simple-prompt' });
      expect(prompt.messages.length).toBeGreaterThan(0);
      const progress: number[] = [];
      await client.callTool(
        {
          name: 'everything__trigger-long-running-operation',
          arguments: { duration: 1, steps: 3 },
        },
        undefined,
        { onprogress: (p) => progress.push(p.progress) },
      );
      expect(progress.length).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
  });

  it('reports calls to Groundstation: request logs and the instance online', async () => {
    const client = await connect(await accessToken(alice));
    await client.callTool({ name: 'everything__echo', arguments: { message: 'logged' } });
    await client.close();
    await expect
      .poll(
        async () => {
          await satellite!.flushEvents();
          const res = await t.app.inject({
            url: `/api/teams/${team}/mcp/installations/${installation}/requests`,
            headers: alice.headers,
          });
          return JSON.stringify(res.json());
        },
        { timeout: 15_000, interval: 500 },
      )
      .toContain('logged');
  });

  it('reports configuration fetches and client connections, which Groundstation accepts', async () => {
    const client = await connect(await accessToken(alice));
    await client.listTools();
    await client.close();
    const history = async (type: string) => {
      await satellite!.flushEvents();
      const res = await t.app.inject({
        url: `/api/satellites/${satellite!.id}/event-history?type=${type}`,
        headers: alice.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.events.map((event: { data: unknown }) => event.data);
    };
    // The fetch at start found alice's and bob's instances of the installation.
    await expect
      .poll(() => history('config.refreshed'), { timeout: 15_000, interval: 300 })
      .toContainEqual(
        expect.objectContaining({
          config_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
          server_count: 2,
          teams_count: 1,
          change_detected: true,
        }),
      );
    await expect
      .poll(() => history('mcp.client.connected'), { timeout: 15_000, interval: 300 })
      .toContainEqual(
        expect.objectContaining({ team_id: team, transport: 'http', client_type: 'unknown' }),
      );
  });

  it('hides a tool an administrator switched off, until it is switched on again', async () => {
    const client = await connect(await accessToken(alice));
    const setEcho = async (isDisabled: boolean) => {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/teams/${team}/mcp/installations/${installation}/tools/echo`,
        headers: { ...json, ...alice.headers },
        payload: { is_disabled: isDisabled },
      });
      expect(res.statusCode, res.body).toBe(200);
      await satellite!.pollNow();
    };
    const names = async () => (await client.listTools()).tools.map((tool) => tool.name);
    try {
      expect(await names()).toContain('everything__echo');
      await setEcho(true);
      await expect
        .poll(names, { timeout: 10_000, interval: 200 })
        .not.toContain('everything__echo');
      await expect(
        client.callTool({ name: 'everything__echo', arguments: { message: 'x' } }),
      ).rejects.toThrow(/Unknown tool/);
      expect(await names()).toContain('everything__get-env');
      await setEcho(false);
      await expect.poll(names, { timeout: 10_000, interval: 200 }).toContain('everything__echo');
    } finally {
      await client.close();
    }
  });

  it('ends a removed member’s access within the poll interval', async () => {
    const token = await accessToken(bob);
    const before = await connect(token);
    await before.close();
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/teams/${team}/members/${bob.id}`,
      headers: alice.headers,
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    await satellite!.pollNow();
    const res = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(401);
    await res.arrayBuffer();
  });
});
