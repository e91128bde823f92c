/**
 * End to end with the official MCP TypeScript SDK's client-side OAuth: a protected resource
 * standing in for a satellite points at Groundstation (RFC 9728), the SDK discovers, registers
 * (or uses a client ID metadata document), the user signs in and consents in Chromium, the SDK
 * exchanges the code with PKCE and `resource` and refreshes, and the resource introspects each
 * token with its satellite key.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  auth,
  extractResourceMetadataUrl,
  type OAuthClientProvider,
} from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { json, PASSWORD, register, type Account } from '../helpers/accounts.js';
import { LOOPBACK_CA_FILE, loopbackDocumentServer, satelliteAt } from '../helpers/oauth-mcp.js';
import { freePort } from '../helpers/process.js';
import { UNLIMITED_ENV } from '../helpers/world.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let t: TestApp;
let base: string;
let browser: Browser;
let alice: Account;
let teamT: string;
let satelliteKey: string;
let resource: Awaited<ReturnType<typeof protectedResource>>;
let callback: Awaited<ReturnType<typeof callbackServer>>;
let documents: Awaited<ReturnType<typeof loopbackDocumentServer>>;

const listen = async (server: http.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};
const closeServer = (server: http.Server | undefined) =>
  new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));

/**
 * The satellite stand-in: an MCP endpoint at /mcp that wants a bearer token, advertises its
 * authorization server in RFC 9728 metadata, and checks each token by introspection.
 */
async function protectedResource() {
  const introspections: Array<Record<string, unknown>> = [];
  let origin = '';
  const server = http.createServer(async (req, res) => {
    const path = new URL(req.url!, 'http://x').pathname;
    if (path.startsWith('/.well-known/oauth-protected-resource')) {
      return res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          resource: `${origin}/mcp`,
          authorization_servers: [base],
          scopes_supported: ['mcp:tools:execute', 'offline_access'],
          bearer_methods_supported: ['header'],
        }),
      );
    }
    if (path !== '/mcp') return res.writeHead(404).end();
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    let answer: Record<string, unknown> = { active: false };
    if (token) {
      const checked = await fetch(`${base}/api/oauth2/introspect`, {
        method: 'POST',
        headers: { ...json, authorization: `Bearer ${satelliteKey}` },
        body: JSON.stringify({ token }),
      });
      answer = (await checked.json()) as Record<string, unknown>;
      introspections.push(answer);
    }
    if (answer.active !== true) {
      return res
        .writeHead(401, {
          'www-authenticate': `Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`,
        })
        .end();
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  const port = await listen(server);
  origin = `http://127.0.0.1:${port}`;
  return { server, origin, url: `${origin}/mcp`, introspections };
}

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
function memoryProvider(options: { clientMetadataUrl?: string } = {}) {
  const state: {
    client?: OAuthClientInformationMixed;
    tokens?: OAuthTokens;
    verifier?: string;
    authorizationUrl?: URL;
  } = {};
  const provider: OAuthClientProvider = {
    get redirectUrl() {
      return callback.url;
    },
    get clientMetadata(): OAuthClientMetadata {
      return {
        client_name: 'SDK test assistant',
        redirect_uris: [callback.url],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      };
    },
    ...(options.clientMetadataUrl ? { clientMetadataUrl: options.clientMetadataUrl } : {}),
    clientInformation: () => state.client,
    saveClientInformation: (info) => {
      state.client = info;
    },
    tokens: () => state.tokens,
    saveTokens: (tokens) => {
      state.tokens = tokens;
    },
    redirectToAuthorization: (url) => {
      state.authorizationUrl = url;
    },
    saveCodeVerifier: (verifier) => {
      state.verifier = verifier;
    },
    codeVerifier: () => state.verifier!,
  };
  return { provider, state };
}

/** What the user does in the browser: sign in, choose team T, allow. Returns the code. */
async function signInAndConsent(authorizationUrl: URL, expectOnPage: string[]) {
  const page = await browser.newPage();
  try {
    await page.goto(authorizationUrl.toString());
    await expect(page.title()).resolves.toBe('Sign in · Groundstation');
    await page.fill('#login', 'alice');
    await page.fill('#password', PASSWORD);
    await page.click('button[type=submit]');
    await page.waitForURL(/\/api\/oauth2\/consent/);
    const text = (await page.locator('main').textContent()) ?? '';
    for (const expected of expectOnPage) expect(text).toContain(expected);
    await page.selectOption('#team_id', teamT);
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

/** The resource's 401 tells the SDK where its metadata is (RFC 9728 §5.1). */
async function metadataUrlFromChallenge() {
  const challenged = await fetch(resource.url, { method: 'POST' });
  expect(challenged.status).toBe(401);
  const metadataUrl = extractResourceMetadataUrl(challenged);
  expect(metadataUrl?.toString()).toBe(
    `${resource.origin}/.well-known/oauth-protected-resource/mcp`,
  );
  return metadataUrl!;
}

async function callResource(token: string) {
  return fetch(resource.url, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
}

/** The SDK's first step: discovery, registration if needed, and the authorization URL. */
async function startWithSdk(provider: OAuthClientProvider) {
  const resourceMetadataUrl = await metadataUrlFromChallenge();
  const first = await auth(provider, { serverUrl: resource.url, resourceMetadataUrl });
  expect(first).toBe('REDIRECT');
  return resourceMetadataUrl;
}

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await createTestApp({
    env: {
      ...UNLIMITED_ENV,
      BASE_URL: base,
      OAUTH_CLIENT_METADATA_ALLOW_PRIVATE: 'true',
      OAUTH_CLIENT_METADATA_CA_FILE: LOOPBACK_CA_FILE,
    },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  alice = await register(t.app, 'alice');
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/teams',
    headers: { ...json, ...alice.headers },
    payload: { name: 'Team T' },
  });
  teamT = created.json().data.team.id;
  resource = await protectedResource();
  callback = await callbackServer();
  const satellite = await satelliteAt(t.app, alice.headers, teamT, 'sat-e2e', resource.origin);
  satelliteKey = satellite.headers.authorization.slice('Bearer '.length);
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
});

afterAll(async () => {
  await browser?.close();
  await closeServer(resource?.server);
  await closeServer(callback?.server);
  await documents?.close();
  await t?.close();
});

describe('an MCP client through the SDK', () => {
  it('discovers, registers, signs in and consents, exchanges, calls the resource and refreshes', async () => {
    const { provider, state } = memoryProvider();
    const resourceMetadataUrl = await startWithSdk(provider);
    // Dynamic registration happened, for a public client with the loopback redirect URI.
    expect(state.client?.client_id).toMatch(/^ocl_/);
    const authorizationUrl = state.authorizationUrl!;
    expect(authorizationUrl.searchParams.get('resource')).toBe(resource.url);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');

    const code = await signInAndConsent(authorizationUrl, [
      'SDK test assistant',
      'Registered itself with this Groundstation (not verified)',
      'Call tools of the chosen team’s MCP servers through a satellite',
      'Keep access when the application is not in active use',
    ]);
    expect(
      await auth(provider, {
        serverUrl: resource.url,
        authorizationCode: code,
        resourceMetadataUrl,
      }),
    ).toBe('AUTHORIZED');
    const first = state.tokens!;
    expect(first.scope).toBe('mcp:tools:execute offline_access');
    expect(first.refresh_token).toBeTruthy();

    expect((await callResource(first.access_token)).status).toBe(200);
    expect(resource.introspections.at(-1)).toMatchObject({
      active: true,
      sub: alice.id,
      username: 'alice',
      client_id: state.client!.client_id,
      scope: 'mcp:tools:execute offline_access',
      aud: resource.url,
      team_id: teamT,
      team_name: 'Team T',
      team_role: 'team_admin',
    });

    // The SDK refreshes with the stored refresh token (and the same resource).
    expect(await auth(provider, { serverUrl: resource.url, resourceMetadataUrl })).toBe(
      'AUTHORIZED',
    );
    const second = state.tokens!;
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await callResource(second.access_token)).status).toBe(200);
    expect(resource.introspections.at(-1)).toMatchObject({
      active: true,
      sub: alice.id,
      aud: resource.url,
      team_id: teamT,
    });
  });

  it('uses a client ID metadata document instead of registering', async () => {
    const routes: Parameters<typeof loopbackDocumentServer>[0] = {};
    documents = await loopbackDocumentServer(routes);
    const clientId = `${documents.origin}/oauth/client.json`;
    routes['/oauth/client.json'] = {
      body: JSON.stringify({
        client_id: clientId,
        client_name: 'Document-identified assistant',
        redirect_uris: [callback.url],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      }),
    };
    const { provider, state } = memoryProvider({ clientMetadataUrl: clientId });
    const resourceMetadataUrl = await startWithSdk(provider);
    expect(state.client?.client_id).toBe(clientId);

    const code = await signInAndConsent(state.authorizationUrl!, [
      'Document-identified assistant',
      'Identified by a client metadata document',
    ]);
    expect(
      await auth(provider, {
        serverUrl: resource.url,
        authorizationCode: code,
        resourceMetadataUrl,
      }),
    ).toBe('AUTHORIZED');
    expect((await callResource(state.tokens!.access_token)).status).toBe(200);
    expect(resource.introspections.at(-1)).toMatchObject({
      active: true,
      sub: alice.id,
      client_id: clientId,
      aud: resource.url,
      team_id: teamT,
    });
    expect(documents.hits['/oauth/client.json']).toBe(1);
  });
});
