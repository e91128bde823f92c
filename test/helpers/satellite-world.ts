import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { json, register, type Account } from './accounts.js';
import { createServer, installServer } from './catalogue.js';
import {
  approveThroughConsent,
  authorizeQuery,
  CLIENT_ID,
  pkce,
  REDIRECT_URI,
  tokenRequest,
} from './oauth.js';
import {
  sendWire,
  wireRequest,
  type WireAnswer,
  type WireFixture,
  type WireValues,
} from './satellite-wire.js';
import { UNLIMITED_ENV } from './world.js';

/** The service as the real satellite needs it: tokens it accepts, no request limits in the way. */
export const SATELLITE_WIRE_ENV = { ...UNLIMITED_ENV, SATELLITE_TOKEN_PREFIX: 'deploystack_' };

type Headers = Record<string, string>;

export async function apiCall(
  app: FastifyInstance,
  method: string,
  url: string,
  headers: Headers,
  body?: unknown,
) {
  const res = await app.inject({
    method: method as 'GET',
    url,
    headers: body === undefined ? headers : { ...json, ...headers },
    payload: body as string,
  });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}

/**
 * The people and catalogue a satellite serves: an administrator (`root`, global_admin) who owns
 * team Acme, a member `mia` (team_user), a stdio server and an http server.
 */
export async function buildTeam(app: FastifyInstance) {
  const root = await register(app, 'root');
  const member = await register(app, 'mia');
  const team = await apiCall(app, 'POST', '/api/teams', root.headers, { name: 'Acme' });
  const teamId = team.data.team.id as string;
  await apiCall(app, 'POST', `/api/teams/${teamId}/members`, root.headers, {
    login: member.username,
    role: 'team_user',
  });
  const stdioServer = await createServer(app, root.headers, {
    name: 'Filesystem',
    slug: 'filesystem',
    transport: 'stdio',
    command: 'npx',
    args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'],
  });
  const httpServer = await createServer(app, root.headers, {
    name: 'Notion',
    slug: 'notion',
    transport: 'http',
    command: null,
    url: 'https://mcp.example.com/mcp',
  });
  return { root, member, teamId, stdioServer, httpServer };
}

/** A global registration token as an administrator creates it. */
export async function registrationToken(app: FastifyInstance, admin: Account) {
  const body = await apiCall(app, 'POST', '/api/satellites/registration-tokens', admin.headers, {
    scope: 'global',
  });
  return body.data.token as string;
}

export async function install(
  app: FastifyInstance,
  admin: Account,
  teamId: string,
  serverId: string,
  name: string,
) {
  return installServer(app, teamId, admin.headers, { server_id: serverId, name });
}

/** The member's own instance of an installation, as the team API shows it. */
export async function instanceOf(
  app: FastifyInstance,
  member: Account,
  teamId: string,
  installationId: string,
) {
  const body = await apiCall(
    app,
    'GET',
    `/api/teams/${teamId}/mcp/installations/${installationId}/status`,
    member.headers,
  );
  return body.data.instance as { id: string; status: string };
}

/** An access token of the member from the real OAuth flow (consent page, code, PKCE exchange). */
export async function memberAccessToken(app: FastifyInstance, member: Account, teamId: string) {
  const { verifier, challenge } = pkce();
  // Consent binds the token to the team whose MCP servers the client may use.
  const callback = await approveThroughConsent(
    app,
    member.cookie,
    authorizeQuery({ scope: 'mcp:read offline_access' }, challenge),
    'approve',
    { team_id: teamId },
  );
  const res = await tokenRequest(app, {
    grant_type: 'authorization_code',
    code: callback.searchParams.get('code')!,
    redirect_uri: REDIRECT_URI,
    client_id: CLIENT_ID,
    code_verifier: verifier,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { accessToken: res.json().access_token as string, clientId: CLIENT_ID };
}

/** Sends one variant of a fixture (by its position, or its name) and returns the answer. */
export function replay(
  origin: string,
  fixtures: WireFixture[],
  kind: string,
  values: WireValues,
  variant: number | string = 0,
) {
  const fixture = fixtures.find((f) => f.kind === kind);
  if (!fixture) throw new Error(`no fixture of kind ${kind}`);
  const chosen =
    typeof variant === 'number'
      ? fixture.requests[variant]
      : fixture.requests.find((r) => r.name.startsWith(variant));
  if (!chosen) throw new Error(`no variant ${variant} of ${kind}`);
  return sendWire(origin, wireRequest(fixture, chosen, values));
}

/** The registration answer's credentials, where the satellite reads them (top level). */
export function credentialsOf(answer: WireAnswer) {
  const satellite = answer.json?.satellite as { id?: unknown; api_key?: unknown } | undefined;
  if (
    answer.status >= 300 ||
    typeof satellite?.id !== 'string' ||
    typeof satellite.api_key !== 'string'
  ) {
    throw new Error(`registration gave no satellite.id and satellite.api_key: ${answer.text}`);
  }
  return { id: satellite.id, key: satellite.api_key };
}

/** The key of a member's entry for an installation in a configuration answer's `mcp_servers`. */
export function serverKeyOf(answer: WireAnswer, userId: string, installationId: string) {
  const servers = (answer.json?.mcp_servers ?? {}) as Record<string, Record<string, unknown>>;
  const key = Object.keys(servers).find(
    (k) => servers[k]!.user_id === userId && servers[k]!.installation_id === installationId,
  );
  if (!key)
    throw new Error(`no mcp_servers entry for ${userId} / ${installationId}: ${answer.text}`);
  return key;
}
