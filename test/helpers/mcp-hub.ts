import type { Logger } from 'pino';
// What the satellite's end-to-end tests share: the service listening on a real port with the
// satellite's endpoint mounted as src/server.ts mounts it, tokens from the real OAuth flow, and
// MCP SDK clients at the satellite's URL.
import { createRequire } from 'node:module';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { RunningSatellite } from '#satellite';
import { mountMcp } from '../../src/http/mcp-mount.js';
import { json, register, type Account } from './accounts.js';
import { createTestApp, type TestApp } from './app.js';
import {
  approveThroughConsent,
  authorizeQuery,
  CLIENT_ID,
  pkce,
  REDIRECT_URI,
  tokenRequest,
} from './oauth.js';
import { freePort } from './process.js';
import { UNLIMITED_ENV } from './world.js';

const require = createRequire(import.meta.url);
/** The stdio entry of `@modelcontextprotocol/server-everything` (a dev dependency). */
export const EVERYTHING = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');

/** A satellite log that keeps quiet. */
export const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * The service on a real port (the satellite reaches it over loopback HTTP), with `/mcp` served
 * by whichever satellite `attach` is given, as src/server.ts does for its built-in one.
 */
export async function serviceWithMcp(
  options: { mount?: boolean; env?: Record<string, string>; logger?: Logger } = {},
) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let satellite: RunningSatellite | null = null;
  const t: TestApp = await createTestApp({
    env: { ...UNLIMITED_ENV, ...options.env, BASE_URL: base },
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.mount === false
      ? {}
      : { extend: (app) => mountMcp(app, () => satellite?.handle ?? null) }),
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  return {
    t,
    base,
    attach(running: RunningSatellite) {
      satellite = running;
    },
  };
}

/**
 * An access token from the real flow (consent, code, PKCE), bound to `teamId` and, when
 * `resource` is given, to that URL as its audience.
 */
export async function mcpAccessToken(
  app: FastifyInstance,
  who: Account,
  teamId: string,
  resource: string | undefined,
  scope = 'mcp:read mcp:tools:execute',
) {
  const { verifier, challenge } = pkce();
  const callback = await approveThroughConsent(
    app,
    who.cookie,
    authorizeQuery({ scope, resource }, challenge),
    'approve',
    { team_id: teamId },
  );
  const res = await tokenRequest(app, {
    grant_type: 'authorization_code',
    code: callback.searchParams.get('code')!,
    redirect_uri: REDIRECT_URI,
    client_id: CLIENT_ID,
    code_verifier: verifier,
    ...(resource === undefined ? {} : { resource }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token as string;
}

/** An MCP SDK client connected to `url` with a bearer token. */
export async function connectMcp(url: string, token: string) {
  const client = new Client({ name: 'test-assistant', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

/** A raw tools/list, to see the HTTP status a token gets (the SDK would only throw). */
export function listToolsRaw(url: string, token: string) {
  return fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
}

/** The text parts of a tool result. */
export const textOf = (result: Record<string, unknown>) =>
  ((result.content as Array<{ type: string; text?: string }>) ?? [])
    .map((c) => c.text ?? '')
    .join('\n');

/** alice (the first account: a global administrator) and bob, a member of alice's default team. */
export async function aliceAndBob(app: FastifyInstance) {
  const alice = await register(app, 'alice');
  const bob = await register(app, 'bobby');
  const team = (await app.inject({ url: '/api/teams/me/default', headers: alice.headers })).json()
    .data.team.id as string;
  const added = await app.inject({
    method: 'POST',
    url: `/api/teams/${team}/members`,
    headers: { ...json, ...alice.headers },
    payload: { login: 'bobby' },
  });
  expect(added.statusCode, added.body).toBe(201);
  return { alice, bob, team };
}
