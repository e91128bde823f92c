/**
 * Groundstation's satellite run standalone (`groundstation satellite`), as a team administrator
 * deploys one: a team registration token, the satellite on its own port talking to the service
 * over HTTP, an installation assigned to it, and an MCP TypeScript SDK client with a token from
 * the real OAuth flow whose audience (RFC 8707 `resource`) is the satellite's public URL.
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStandalone, type StandaloneSettings } from '#satellite';
import { register, type Account } from '../helpers/accounts.js';
import type { TestApp } from '../helpers/app.js';
import { createServer, installServer } from '../helpers/catalogue.js';
import {
  connectMcp,
  EVERYTHING,
  listToolsRaw as rawListTools,
  mcpAccessToken,
  serviceWithMcp,
  textOf,
} from '../helpers/mcp-hub.js';
import { freePort } from '../helpers/process.js';
import { createToken } from '../helpers/satellites.js';

// runStandalone makes its own pino logger from LOG_LEVEL; the service's is silenced already.
process.env.LOG_LEVEL ??= 'silent';

type Standalone = Awaited<ReturnType<typeof runStandalone>>;

let t: TestApp;
let base: string;
let alice: Account;
let team: string;
let installation: string;
let dataDir: string;
let settings: StandaloneSettings;
let running: Standalone | null = null;
/** The satellite's MCP URL as clients reach it, and the audience of their tokens. */
let satelliteUrl: string;
let satelliteOrigin: string;

/**
 * A token bound to alice's team and, when `resource` is given, to that URL as its audience;
 * undefined asks for a token without one.
 */
const accessToken = (who: Account, resource: string | undefined) =>
  mcpAccessToken(t.app, who, team, resource);
const connect = (token: string) => connectMcp(satelliteUrl, token);
const listToolsRaw = (token: string) => rawListTools(satelliteUrl, token);

/** Lists and calls echo through the satellite: what every client of it does first. */
async function echoThrough(token: string, message: string) {
  const client = await connect(token);
  try {
    const tools = (await client.listTools()).tools.map((tool) => tool.name);
    expect(tools).toContain('everything__echo');
    const echoed = await client.callTool({ name: 'everything__echo', arguments: { message } });
    expect(textOf(echoed)).toContain(message);
  } finally {
    await client.close();
  }
}

beforeAll(async () => {
  // The satellite serves its own port: nothing is mounted on the service's.
  ({ t, base } = await serviceWithMcp({ mount: false }));
  alice = await register(t.app, 'alice');
  team = (await t.app.inject({ url: '/api/teams/me/default', headers: alice.headers })).json().data
    .team.id;
  await createServer(t.app, alice.headers, {
    name: 'Everything',
    slug: 'everything',
    command: process.execPath,
    args: [EVERYTHING, 'stdio'],
  });

  // As the team's administrator, not as a global one: a team token pairs a team satellite.
  const { token } = await createToken(t.app, alice.headers, { scope: 'team', team_id: team });
  const satPort = await freePort();
  satelliteOrigin = `http://127.0.0.1:${satPort}`;
  satelliteUrl = `${satelliteOrigin}/mcp`;
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'gs-standalone-'));
  settings = {
    backendUrl: base,
    registrationToken: token,
    publicUrl: satelliteUrl,
    port: satPort,
    host: '127.0.0.1',
    dataDir,
    name: 'team-satellite-1',
  };
  running = await runStandalone(settings);

  installation = (
    await installServer(t.app, team, alice.headers, {
      server_id: 'everything',
      satellite_id: running.satellite.id,
    })
  ).id;
  // The installation reaches the satellite as a `configure` command; no waiting for the 5 s poll.
  await running.satellite.pollNow();
}, 60_000);

afterAll(async () => {
  await running?.close();
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('a standalone team satellite', () => {
  it('answers its health check and names Groundstation as its authorization server', async () => {
    const health = await fetch(`${satelliteOrigin}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });

    const res = await fetch(satelliteUrl, { method: 'POST' });
    expect(res.status).toBe(401);
    const metadataUrl = `${satelliteOrigin}/.well-known/oauth-protected-resource/mcp`;
    expect(res.headers.get('www-authenticate') ?? '').toContain(
      `resource_metadata="${metadataUrl}"`,
    );
    const metadata = await (await fetch(metadataUrl)).json();
    expect(metadata).toMatchObject({ resource: satelliteUrl, authorization_servers: [base] });
  });

  it('is paired as a satellite of the team at its public URL', async () => {
    const res = await t.app.inject({
      url: `/api/satellites/${running!.satellite.id}`,
      headers: alice.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.satellite).toMatchObject({
      id: running!.satellite.id,
      name: 'team-satellite-1',
      type: 'team',
      team_id: team,
      satellite_url: satelliteUrl,
    });
  });

  it('serves the installation assigned to it to a token for its URL', async () => {
    await echoThrough(await accessToken(alice, satelliteUrl), 'hello from the team satellite');
    // Its events reach Groundstation: the member's instance is online.
    await expect
      .poll(
        async () => {
          await running!.satellite.flushEvents();
          const res = await t.app.inject({
            url: `/api/teams/${team}/mcp/installations/${installation}/status`,
            headers: alice.headers,
          });
          return res.json().data.instance.status as string;
        },
        { timeout: 15_000, interval: 300 },
      )
      .toBe('online');
  });

  it('refuses a token meant for another satellite, and takes one meant for none', async () => {
    // The audience is the service's own /mcp (the built-in satellite's URL), not this one.
    const elsewhere = await accessToken(alice, `${base}/mcp`);
    const refused = await listToolsRaw(elsewhere);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate') ?? '').toContain('error="invalid_token"');
    // A token without a resource works at every satellite of its team (oauth/service.ts).
    await echoThrough(await accessToken(alice, undefined), 'no audience');
  });

  it('keeps its credentials private and pairs again from them without a token', async () => {
    const file = path.join(dataDir, 'credentials.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(await readFile(file, 'utf8')) as { id: string; key: string };
    const id = running!.satellite.id;
    expect(saved.id).toBe(id);

    await running!.close();
    running = null;
    // The registration token is used up; a restart must not need another.
    running = await runStandalone({ ...settings, registrationToken: undefined });
    expect(running.satellite.id).toBe(id);
    const listed = await t.app.inject({ url: '/api/satellites', headers: alice.headers });
    expect((listed.json().data.satellites as Array<{ id: string }>).map((s) => s.id)).toStrictEqual(
      [id],
    );
    // It fetched its configuration at start: the same installation is served again.
    await echoThrough(await accessToken(alice, satelliteUrl), 'after the restart');
  });
});
