/**
 * A member's stdio server that keeps crashing, end to end: the built-in satellite (as `npm start`
 * runs it) restarts it after each crash and gives up at the 4th within 5 minutes, and Groundstation
 * shows the member's instance `permanently_failed` and the crashes in the satellite's event
 * history. The server is a fixture whose one tool exits its process.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
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
} from '../helpers/mcp-hub.js';

const CRASHING_SERVER = fileURLToPath(new URL('./fixtures/crashing-server.mjs', import.meta.url));

let t: TestApp;
let base: string;
let satellite: RunningSatellite | null = null;
let dataDir: string;
let alice: Account;
let bob: Account;
let team: string;
let installation: string;

/** A token bound to the team and to this satellite (`resource`). */
const accessToken = (who: Account) => mcpAccessToken(t.app, who, team, `${base}/mcp`);
const connect = (token: string) => connectMcp(`${base}/mcp`, token);

/** A call's failure as the client sees it: a JSON-RPC error, or a result flagged as an error. */
async function failureOf(client: Client, name: string): Promise<string> {
  try {
    const result = await client.callTool({ name, arguments: {} });
    expect(result.isError, JSON.stringify(result)).toBe(true);
    return JSON.stringify(result.content);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

async function statusOf(who: Account): Promise<string> {
  const res = await t.app.inject({
    url: `/api/teams/${team}/mcp/installations/${installation}/status`,
    headers: who.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.instance.status as string;
}

interface HistoryItem {
  type: string;
  installation_id: string | null;
  data: Record<string, unknown>;
}

/** The satellite's accepted events of one type, oldest first, as a global administrator sees them. */
async function history(type: string): Promise<HistoryItem[]> {
  const res = await t.app.inject({
    url: `/api/satellites/${satellite!.id}/event-history?type=${type}&limit=100`,
    headers: alice.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.events as HistoryItem[]).reverse();
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'gs-crashes-'));
  const service = await serviceWithMcp();
  ({ t, base } = service);
  // alice registers first: a global administrator, and administrator of her default team.
  ({ alice, bob, team } = await aliceAndBob(t.app));
  await createServer(t.app, alice.headers, {
    name: 'Crasher',
    slug: 'crasher',
    command: process.execPath,
    args: [CRASHING_SERVER],
  });
  installation = (await installServer(t.app, team, alice.headers, { server_id: 'crasher' })).id;
  satellite = await startSatellite({
    backendUrl: base,
    publicUrl: `${base}/mcp`,
    dataDir,
    name: 'built-in-under-test',
    registrationToken: () => t.app.builtInSatellite.issueToken(),
    log: quietLog,
    pollIntervalMs: 300,
    eventIntervalMs: 200,
    // The default waits (1, 5 and 15 s) would make this test last over 20 s.
    servers: { restartDelaysMs: [200, 200, 200] },
  });
  service.attach(satellite);
}, 60_000);

afterAll(async () => {
  await satellite?.close();
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('a stdio server that keeps crashing', () => {
  it('is restarted after each crash and fails for good at the 4th', async () => {
    const client = await connect(await accessToken(bob));
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['crasher__crash']);
      for (let crash = 1; crash <= 4; crash += 1) {
        // The call ends the process under it: the client sees the connection to it closed.
        expect(await failureOf(client, 'crasher__crash')).toContain('Connection closed');
        if (crash === 4) break;
        // Nobody calls, yet the satellite starts it again after the delay.
        await expect
          .poll(
            async () => {
              await satellite!.flushEvents();
              return (await history('mcp.server.restarted')).length;
            },
            { timeout: 10_000, interval: 100 },
          )
          .toBe(crash);
      }
      // Given up: the next call is refused without a process being started.
      expect(await failureOf(client, 'crasher__crash')).toContain('not available');
    } finally {
      await client.close();
    }

    await expect
      .poll(
        async () => {
          await satellite!.flushEvents();
          return statusOf(bob);
        },
        { timeout: 10_000, interval: 200 },
      )
      .toBe('permanently_failed');
    // One process per member: alice's instance of the installation is not failed.
    expect(await statusOf(alice)).not.toBe('permanently_failed');
  });

  it('shows the crashes, restarts and the end in the satellite’s event history', async () => {
    await satellite!.flushEvents();
    const crashed = await history('mcp.server.crashed');
    expect(crashed.map((e) => e.data.crash_count)).toEqual([1, 2, 3, 4]);
    expect(crashed.map((e) => e.data.will_restart)).toEqual([true, true, true, false]);
    for (const event of crashed) {
      expect(event.installation_id).toBe(installation);
      expect(event.data).toMatchObject({ exit_code: 3, user_id: bob.id });
    }
    const restarted = await history('mcp.server.restarted');
    expect(restarted.map((e) => e.data.attempt_number)).toEqual([1, 2, 3]);
    for (const event of restarted) expect(event.data.restart_reason).toBe('crash');
    const failed = await history('mcp.server.permanently_failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.data).toMatchObject({ total_crashes: 4, user_id: bob.id });
    expect(String(failed[0]!.data.last_error)).toContain('crashing on purpose');
  });
});
