/**
 * A remote MCP server that wants each member to sign in (OAuth), end to end through the built-in
 * satellite: the member connects once through Groundstation in Chromium (the connect route, the
 * server's authorization server, Groundstation's callback with the member's session cookie), then
 * calls the server's tools from
 * an MCP client; an access token the server stopped accepting is refreshed; a refresh the server
 * refuses asks the member again; reconnecting and disconnecting work. The server and its
 * authorization server are real HTTP servers on this machine (test/helpers/upstream-oauth.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSatellite, type RunningSatellite } from '#satellite';
import type { Account } from '../helpers/accounts.js';
import type { TestApp } from '../helpers/app.js';
import { createServer, installServer } from '../helpers/catalogue.js';
import {
  aliceAndBob,
  connectMcp,
  mcpAccessToken,
  quietLog,
  serviceWithMcp,
  textOf,
} from '../helpers/mcp-hub.js';
import { startUpstream, type Upstream } from '../helpers/upstream-oauth.js';

let t: TestApp;
let base: string;
let satellite: RunningSatellite | null = null;
let dataDir: string;
let upstream: Upstream;
let alice: Account;
let team: string;
let installation: string;
let client: Client | null = null;
let browser: Browser | null = null;
const TOOL = 'tracker__whoami';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const oauthPath = () => `/api/teams/${team}/mcp/installations/${installation}/oauth`;

/**
 * What the member does in the browser, signed in to Groundstation: open the connect link; the
 * server's authorization server approves at once and sends the browser back to Groundstation's
 * callback, which checks the state against the member's session and lands on `return_to`.
 */
async function signIn() {
  const context = await browser!.newContext();
  try {
    const [name, ...value] = alice.cookie.split('=');
    await context.addCookies([{ name: name!, value: value.join('='), url: base }]);
    const page = await context.newPage();
    await page.goto(`${base}${oauthPath()}/connect?return_to=/servers`);
    await page.waitForURL(/upstream_oauth=connected/, { timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/servers');
  } finally {
    await context.close();
  }
  await satellite!.pollNow();
}

const instanceStatus = async () => {
  const res = await t.app.inject({
    url: `/api/teams/${team}/mcp/installations/${installation}`,
    headers: alice.headers,
  });
  return res.json().data.installation.my_instance.status as string;
};

/** The tool's answer, or the error's text. */
const call = async () => {
  try {
    return textOf(await client!.callTool({ name: TOOL, arguments: {} }));
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
};
const tools = async () => (await client!.listTools()).tools.map((tool) => tool.name);

beforeAll(async () => {
  upstream = await startUpstream();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'gs-satellite-oauth-'));
  const service = await serviceWithMcp({ env: { UPSTREAM_OAUTH_ALLOW_PRIVATE_ADDRESSES: 'true' } });
  ({ t, base } = service);
  ({ alice, team } = await aliceAndBob(t.app));
  const server = await createServer(t.app, alice.headers, {
    name: 'Tracker',
    slug: 'tracker',
    transport: 'http',
    command: null,
    url: upstream.mcpUrl,
    requires_oauth: true,
  });
  installation = (await installServer(t.app, team, alice.headers, { server_id: server.id })).id;
  satellite = await startSatellite({
    backendUrl: base,
    publicUrl: `${base}/mcp`,
    dataDir,
    name: 'built-in-oauth-test',
    registrationToken: () => t.app.builtInSatellite.issueToken(),
    log: quietLog,
    pollIntervalMs: 300,
    eventIntervalMs: 200,
  });
  service.attach(satellite);
  client = await connectMcp(`${base}/mcp`, await mcpAccessToken(t.app, alice, team, `${base}/mcp`));
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await client?.close();
  await satellite?.close();
  await t?.close();
  await upstream?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('a remote server that needs each member to sign in', () => {
  it('waits for the member, then serves its tools once they have signed in', async () => {
    expect(await instanceStatus()).toBe('awaiting_user_config');
    expect(await tools()).not.toContain(TOOL);

    await signIn();
    await expect.poll(tools, { timeout: 15_000, interval: 250 }).toContain(TOOL);
    expect(await call()).toBe('signed in');
    expect(upstream.state.toolCalls).toBeGreaterThan(0);
  });

  it('refreshes an access token the server stopped accepting', async () => {
    const before = upstream.state.refreshes;
    upstream.dropAccessTokens();
    await expect.poll(call, { timeout: 20_000, interval: 300 }).toBe('signed in');
    expect(upstream.state.refreshes).toBeGreaterThan(before);
  });

  it('asks the member again when the server refuses the refresh, and works after reconnecting', async () => {
    upstream.revokeAll();
    // The member's next call meets the server's refusal; the refresh that follows is refused too.
    const afterCall = async () => {
      expect(await call()).not.toBe('signed in');
      return instanceStatus();
    };
    await expect.poll(afterCall, { timeout: 20_000, interval: 300 }).toBe('requires_reauth');

    await signIn();
    await expect.poll(call, { timeout: 20_000, interval: 300 }).toBe('signed in');
  });

  it('disconnects: tokens revoked at the server, the tools gone', async () => {
    const revoked = upstream.state.revoked.length;
    const res = await t.app.inject({ method: 'DELETE', url: oauthPath(), headers: alice.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(upstream.state.revoked.length).toBeGreaterThan(revoked);
    await satellite!.pollNow();
    await expect.poll(call, { timeout: 20_000, interval: 300 }).not.toBe('signed in');
  });
});
