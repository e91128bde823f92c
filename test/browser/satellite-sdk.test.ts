/**
 * The built-in satellite with an MCP client made of the official TypeScript SDK, end to end: the
 * SDK meets the satellite's 401, discovers Groundstation from its RFC 9728 metadata, registers
 * itself, sends the user to Groundstation in Chromium (sign-in, consent with the team and the
 * satellite as resource), exchanges the code and then lists and calls the team's tools at
 * `/mcp`. When the user revokes the client, the satellite stops accepting the token.
 */
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  UnauthorizedError,
  type OAuthClientProvider,
} from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSatellite, type RunningSatellite } from '#satellite';
import { json, PASSWORD, register, type Account } from '../helpers/accounts.js';
import type { TestApp } from '../helpers/app.js';
import { createServer, installServer } from '../helpers/catalogue.js';
import { EVERYTHING, listToolsRaw, quietLog, serviceWithMcp, textOf } from '../helpers/mcp-hub.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let t: TestApp;
let base: string;
let mcpUrl: string;
let satellite: RunningSatellite | null = null;
let dataDir: string;
let browser: Browser;
let alice: Account;
let team: string;
let callback: Awaited<ReturnType<typeof callbackServer>>;

const listen = async (server: http.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};
const closeServer = (server: http.Server | undefined) =>
  new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));

/** The client's loopback redirect target: records the authorization responses it receives. */
async function callbackServer() {
  const received: URL[] = [];
  const server = http.createServer((req, res) => {
    received.push(new URL(req.url!, 'http://127.0.0.1'));
    res.writeHead(200, { 'content-type': 'text/html' }).end('<p id="done">Signed in.</p>');
  });
  const port = await listen(server);
  return { server, url: `http://127.0.0.1:${port}/callback`, received };
}

/** An in-memory OAuthClientProvider, as an MCP client application would keep one. */
function memoryProvider() {
  const state: {
    client?: OAuthClientInformationMixed;
    tokens?: OAuthTokens;
    verifier?: string;
    authorizationUrls: URL[];
  } = { authorizationUrls: [] };
  const provider: OAuthClientProvider = {
    get redirectUrl() {
      return callback.url;
    },
    get clientMetadata(): OAuthClientMetadata {
      return {
        client_name: 'SDK satellite assistant',
        redirect_uris: [callback.url],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      };
    },
    clientInformation: () => state.client,
    saveClientInformation: (info) => {
      state.client = info;
    },
    tokens: () => state.tokens,
    saveTokens: (tokens) => {
      state.tokens = tokens;
    },
    redirectToAuthorization: (url) => {
      state.authorizationUrls.push(url);
    },
    saveCodeVerifier: (verifier) => {
      state.verifier = verifier;
    },
    codeVerifier: () => state.verifier!,
  };
  return { provider, state };
}

const sdkClient = () => new Client({ name: 'sdk-satellite-assistant', version: '1.0.0' });
const sdkTransport = (provider: OAuthClientProvider) =>
  new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: provider });

/** What the user does in the browser: sign in, read the consent page, choose the team, allow. */
async function signInAndConsent(authorizationUrl: URL) {
  const page = await browser.newPage();
  try {
    await page.goto(authorizationUrl.toString());
    await expect(page.title()).resolves.toBe('Sign in · Groundstation');
    await page.fill('#login', 'alice');
    await page.fill('#password', PASSWORD);
    await page.click('button[type=submit]');
    await page.waitForURL(/\/api\/oauth2\/consent/);
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toContain('SDK satellite assistant');
    expect(text).toContain('Registered itself with this Groundstation (not verified)');
    // The consent names the satellite the token will be good for.
    await expect(page.locator('#resource').textContent()).resolves.toBe(mcpUrl);
    await page.selectOption('#team_id', team);
    const before = callback.received.length;
    await page.click('button[value=approve]');
    await page.waitForURL((url) => url.pathname === '/callback');
    await expect(page.locator('#done').isVisible()).resolves.toBe(true);
    const arrived = callback.received
      .slice(before)
      .filter((u) => u.pathname === '/callback')
      .at(-1)!;
    expect(arrived.searchParams.get('iss')).toBe(base);
    return arrived.searchParams.get('code')!;
  } finally {
    await page.close();
  }
}

/** Alice asks Groundstation about her own token (RFC 7662, with her session cookie). */
async function introspect(token: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/oauth2/introspect',
    headers: { ...json, ...alice.headers },
    payload: { token },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Record<string, unknown>;
}

/** A bare MCP request with the bearer token, as any client would send it. */
const listToolsWith = (token: string) => listToolsRaw(mcpUrl, token);

beforeAll(async () => {
  const service = await serviceWithMcp();
  ({ t, base } = service);
  mcpUrl = `${base}/mcp`;
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'gs-satellite-sdk-'));
  alice = await register(t.app, 'alice');
  team = (await t.app.inject({ url: '/api/teams/me/default', headers: alice.headers })).json().data
    .team.id;
  // A second team, so that the team on the consent page is a real choice.
  const other = await t.app.inject({
    method: 'POST',
    url: '/api/teams',
    headers: { ...json, ...alice.headers },
    payload: { name: 'Other team' },
  });
  expect(other.statusCode, other.body).toBe(201);
  await createServer(t.app, alice.headers, {
    name: 'Everything',
    slug: 'everything',
    command: process.execPath,
    args: [EVERYTHING, 'stdio'],
  });
  await installServer(t.app, team, alice.headers, { server_id: 'everything' });
  satellite = await startSatellite({
    backendUrl: base,
    publicUrl: mcpUrl,
    dataDir,
    name: 'built-in-under-sdk-test',
    registrationToken: () => t.app.builtInSatellite.issueToken(),
    log: quietLog,
    pollIntervalMs: 300,
    eventIntervalMs: 200,
  });
  service.attach(satellite);
  callback = await callbackServer();
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await closeServer(callback?.server);
  await satellite?.close();
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('an MCP SDK client at the built-in satellite', () => {
  const { provider, state } = memoryProvider();

  it('signs in through Groundstation from the satellite’s 401, then lists and calls the team’s tools', async () => {
    // First connection: the satellite answers 401, the SDK discovers and registers and sends
    // the user to Groundstation; the connection fails until the user is back.
    const transport = sdkTransport(provider);
    await expect(sdkClient().connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(state.client?.client_id).toMatch(/^ocl_/);
    expect(state.authorizationUrls).toHaveLength(1);
    const authorizationUrl = state.authorizationUrls[0]!;
    expect(authorizationUrl.origin).toBe(base);
    expect(authorizationUrl.searchParams.get('client_id')).toBe(state.client!.client_id);
    expect(authorizationUrl.searchParams.get('resource')).toBe(mcpUrl);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('scope')).toBe('mcp:read mcp:tools:execute');

    const code = await signInAndConsent(authorizationUrl);
    await transport.finishAuth(code);
    const token = state.tokens!.access_token;
    expect(token).toBeTruthy();
    expect(state.tokens!.scope).toBe('mcp:read mcp:tools:execute');

    // The token is alice's, for the team she chose and bound to this satellite.
    expect(await introspect(token)).toMatchObject({
      active: true,
      sub: alice.id,
      client_id: state.client!.client_id,
      aud: mcpUrl,
      team_id: team,
    });

    // A new connection with the same provider carries the token and is let in.
    const client = sdkClient();
    await client.connect(sdkTransport(provider));
    try {
      const tools = (await client.listTools()).tools.map((tool) => tool.name);
      expect(tools).toContain('everything__echo');
      const echoed = await client.callTool({
        name: 'everything__echo',
        arguments: { message: 'hello from the SDK' },
      });
      expect(textOf(echoed)).toContain('hello from the SDK');
    } finally {
      await client.close();
    }
    // No second trip to the browser was needed.
    expect(state.authorizationUrls).toHaveLength(1);
  });

  it('stops accepting the token at the satellite once the user revokes the client', async () => {
    const token = state.tokens!.access_token;
    const clientId = state.client!.client_id;
    expect((await listToolsWith(token)).status).toBe(200);

    const listed = await t.app.inject({
      url: '/api/oauth2/authorized-clients',
      headers: alice.headers,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data.clients).toEqual([
      expect.objectContaining({
        client_id: clientId,
        client_name: 'SDK satellite assistant',
        resources: [mcpUrl],
        teams: [expect.objectContaining({ id: team })],
      }),
    ]);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/oauth2/authorized-clients/${encodeURIComponent(clientId)}`,
      headers: alice.headers,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    // Groundstation ends the token at once …
    expect(await introspect(token)).toEqual(expect.objectContaining({ active: false }));

    // … and the satellite, which cached its last answer, hears of it by its next poll.
    await satellite!.pollNow();
    const res = await listToolsWith(token);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"');

    // The SDK client with the same provider is sent back to sign in.
    await expect(sdkClient().connect(sdkTransport(provider))).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    expect(state.authorizationUrls).toHaveLength(2);
  });
});
