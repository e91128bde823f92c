import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../../../src/db/client.js';
import { createTestApp, type TestApp } from '../../../helpers/app.js';
import { json, register, type Account } from '../../../helpers/accounts.js';
import { createServer, installServer } from '../../../helpers/catalogue.js';
import { usingPostgres } from '../../../helpers/database.js';
import { event, pair, postEvents } from '../../../helpers/satellites.js';

// What a satellite may claim in its events: whose records they are, and when they happened.
let t: TestApp;
let root: Account;
let alice: Account; // admin of team A
let carol: Account; // member of team A
let bob: Account; // team B only
let teamA: string;
let sat: Awaited<ReturnType<typeof pair>>;
let installation: string;
let instance: string; // alice's instance, also the process id the satellite uses

beforeAll(async () => {
  t = await createTestApp();
  root = await register(t.app, 'root');
  alice = await register(t.app, 'alice');
  carol = await register(t.app, 'carol');
  bob = await register(t.app, 'bob');
  const teamOf = async (who: Account) =>
    (await t.app.inject({ url: '/api/teams/me/default', headers: who.headers })).json().data.team
      .id as string;
  teamA = await teamOf(alice);
  const added = await t.app.inject({
    method: 'POST',
    url: `/api/teams/${teamA}/members`,
    headers: { ...json, ...alice.headers },
    payload: { login: 'carol' },
  });
  expect(added.statusCode, added.body).toBe(201);
  sat = await pair(t.app, alice.headers, { scope: 'team', team_id: teamA });
  await createServer(t.app, root.headers, { name: 'Clock' });
  const installed = await installServer(t.app, teamA, alice.headers, { server_id: 'clock' });
  installation = installed.id;
  instance = installed.my_instance.id;
});
afterAll(async () => t?.close());

const executed = (tool: string, userId?: string) =>
  event('mcp.tool.executed', {
    tool_name: tool,
    server_id: installation,
    team_id: teamA,
    duration_ms: 3,
    success: true,
    ...(userId ? { user_id: userId } : {}),
  });
const requested = (tool: string, userId: string) =>
  event('mcp.request.logs', {
    installation_id: installation,
    team_id: teamA,
    tool_name: tool,
    request_params: {},
    duration_ms: 3,
    success: true,
    user_id: userId,
  });
const statusChanged = (userId: string, status = 'online', timestamp = new Date().toISOString()) =>
  event('mcp.server.status_changed', {
    installation_id: installation,
    team_id: teamA,
    user_id: userId,
    status,
    timestamp,
  });
const crashed = (at: string, processId = instance, installationId = installation) =>
  event(
    'mcp.server.crashed',
    {
      process_id: processId,
      server_id: installationId,
      server_slug: 'clock',
      team_id: teamA,
      exit_code: 1,
      signal: null,
      uptime_seconds: 1,
      crash_count: 1,
      will_restart: true,
    },
    at,
  );

const feedOf = async (who: Account) =>
  (await t.app.inject({ url: '/api/users/me/mcp/client-activity', headers: who.headers })).json()
    .data.activity as Array<{ tool_name: string }>;
const instanceStatus = async (id = instance) =>
  (
    await t.database.db.query<{ status: string; status_message: string | null }>(
      'SELECT status, status_message FROM mcp_server_instances WHERE id = $1',
      [id],
    )
  )[0]!;
const minute = (base: number, minutes: number) => new Date(base + minutes * 60_000).toISOString();

describe('security: user_id in events names a team member with an instance', () => {
  it('refuses tool executions and request logs for users outside the installation’s team, alone', async () => {
    const res = await postEvents(t.app, sat, [
      executed('for-alice', alice.id),
      executed('for-bob', bob.id),
      requested('req-for-bob', bob.id),
      executed('for-nobody', 'usr_doesnotexist0000000000'),
      // A global administrator who is not in the team has no instance there either.
      requested('req-for-root', root.id),
      executed('for-carol', carol.id),
      requested('req-for-alice', alice.id),
      executed('anonymous'),
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ processed: 4, failed: 4 });
    expect(res.json().failures.map((f: any) => [f.index, f.type, f.error])).toEqual([
      [
        1,
        'mcp.tool.executed',
        `user ${bob.id} is not a member of team ${teamA} with an instance of installation ${installation}`,
      ],
      [
        2,
        'mcp.request.logs',
        `user ${bob.id} is not a member of team ${teamA} with an instance of installation ${installation}`,
      ],
      [
        3,
        'mcp.tool.executed',
        `user usr_doesnotexist0000000000 is not a member of team ${teamA} with an instance of installation ${installation}`,
      ],
      [
        4,
        'mcp.request.logs',
        `user ${root.id} is not a member of team ${teamA} with an instance of installation ${installation}`,
      ],
    ]);
    expect(await feedOf(bob)).toEqual([]);
    expect(await feedOf(root)).toEqual([]);
    expect((await feedOf(alice)).map((a) => a.tool_name).sort()).toEqual([
      'for-alice',
      'req-for-alice',
    ]);
    expect((await feedOf(carol)).map((a) => a.tool_name)).toEqual(['for-carol']);
  });

  it('refuses a user who left the team, for status changes too', async () => {
    const left = await t.app.inject({
      method: 'DELETE',
      url: `/api/teams/${teamA}/members/${carol.id}`,
      headers: carol.headers,
    });
    expect(left.statusCode, left.body).toBe(200);
    const res = await postEvents(t.app, sat, [
      executed('carol-gone', carol.id),
      statusChanged(carol.id),
      executed('alice-still', alice.id),
    ]);
    expect(res.json()).toMatchObject({ processed: 1, failed: 2 });
    expect(res.json().failures.map((f: any) => f.index)).toEqual([0, 1]);
    expect((await feedOf(carol)).map((a) => a.tool_name)).toEqual(['for-carol']);
  });
});

describe('security: calendar-invalid event timestamps are refused', () => {
  it('refuses 2026-02-30 and T24:00 as the event’s timestamp instead of storing another date', async () => {
    const res = await postEvents(t.app, sat, [
      { ...executed('feb-30'), timestamp: '2026-02-30T00:00:00Z' },
      { ...executed('hour-24'), timestamp: '2026-01-01T24:00:00Z' },
      { ...executed('leap-second'), timestamp: '2026-12-31T23:59:60Z' },
      { ...executed('leap-day'), timestamp: '2028-02-29T12:00:00Z' },
    ]);
    expect(res.json()).toMatchObject({ processed: 1, failed: 3 });
    expect(res.json().failures.map((f: any) => [f.index, f.error])).toEqual([
      [0, 'timestamp must be an ISO 8601 date-time'],
      [1, 'timestamp must be an ISO 8601 date-time'],
      [2, 'timestamp must be an ISO 8601 date-time'],
    ]);
    const rows = await t.database.db.query<{ tool_name: string; occurred_at: Date }>(
      "SELECT tool_name, occurred_at FROM satellite_usage_logs WHERE tool_name IN ('feb-30', 'hour-24', 'leap-second', 'leap-day')",
    );
    expect(rows.map((r) => [r.tool_name, new Date(r.occurred_at).toISOString()])).toEqual([
      ['leap-day', '2028-02-29T12:00:00.000Z'],
    ]);
  });

  it('refuses them in date-time fields of event data (status_changed timestamp, log lines)', async () => {
    const res = await postEvents(t.app, sat, [
      statusChanged(alice.id, 'online', '2026-02-30T00:00:00Z'),
      statusChanged(alice.id, 'online', '2026-01-01T24:00:00Z'),
      statusChanged(alice.id, 'online', '2026-12-31T23:59:60Z'),
      event('mcp.server.logs', {
        installation_id: installation,
        team_id: teamA,
        logs: [{ message: 'at a time that is not', timestamp: '2026-04-31T10:00:00Z' }],
      }),
    ]);
    expect(res.json()).toMatchObject({ processed: 0, failed: 4 });
    expect(res.json().failures.map((f: any) => f.error)).toEqual([
      'data.timestamp must match format "date-time"',
      'data.timestamp must match format "date-time"',
      'data.timestamp must match format "date-time"',
      // A line is a string or an object: the union reports its first branch.
      'data.logs.0 must be string',
    ]);
  });
});

describe('security: permanently_failed from any 5 minutes of crashes, whatever the order', () => {
  it('marks the instance when a resent older batch completes three crashes within 5 minutes', async () => {
    const base = Date.UTC(2026, 6, 1, 12, 0);
    await postEvents(t.app, sat, [crashed(minute(base, 2)), crashed(minute(base, 4))]);
    expect((await instanceStatus()).status).not.toBe('permanently_failed');
    // The satellite resends an older batch: its crash comes before the two already stored.
    const res = await postEvents(t.app, sat, [crashed(minute(base, 0))]);
    expect(res.json()).toMatchObject({ processed: 1, failed: 0 });
    expect(await instanceStatus()).toMatchObject({ status: 'permanently_failed' });
    expect((await instanceStatus()).status_message).toMatch(/^Crashed 3 times within 5 minutes/);
  });

  it('lets a later status_changed(online) clear it', async () => {
    await postEvents(t.app, sat, [statusChanged(alice.id, 'online')]);
    expect((await instanceStatus()).status).toBe('online');
  });

  it('does not mark it when no 5 minutes hold three crashes, in any order', async () => {
    const base = Date.UTC(2026, 7, 1, 12, 0);
    await postEvents(t.app, sat, [crashed(minute(base, 6)), crashed(minute(base, 12))]);
    await postEvents(t.app, sat, [crashed(minute(base, 0))]);
    expect((await instanceStatus()).status).toBe('online');
  });
});

// Two application instances on one PostgreSQL database, as two replicas behind a load balancer,
// each applying one of two concurrent batches about the same process.
describe.skipIf(!usingPostgres())(
  'security: permanently_failed with concurrent crash batches on two replicas',
  () => {
    let second: TestApp;
    beforeAll(async () => {
      const db = await openPostgres({ url: t.database.url!, poolMax: 5 });
      second = await createTestApp({
        database: { db, url: t.database.url, dispose: () => db.close() },
      });
    });
    afterAll(async () => second?.close());

    it('marks the instance whichever replica commits last', async () => {
      const trials = 8;
      const processes: Array<{ installation: string; instance: string }> = [];
      for (let i = 0; i < trials; i++) {
        const installed = await installServer(t.app, teamA, alice.headers, {
          server_id: 'clock',
          name: `clock-replica-${i}`,
        });
        processes.push({ installation: installed.id, instance: installed.my_instance.id });
      }
      const base = Date.UTC(2026, 8, 1, 12, 0);
      await Promise.all(
        processes.map(async (p, i) => {
          const crash = (m: number) => crashed(minute(base, m), p.instance, p.installation);
          // Half the trials send the two earlier crashes together, half the two later ones.
          const [one, other] =
            i % 2 ? [[crash(0), crash(1)], [crash(2)]] : [[crash(1), crash(2)], [crash(0)]];
          const answers = await Promise.all([
            postEvents(t.app, sat, one),
            postEvents(second.app, sat, other),
          ]);
          for (const a of answers) expect(a.json(), a.body).toMatchObject({ failed: 0 });
        }),
      );
      const statuses = await Promise.all(processes.map((p) => instanceStatus(p.instance)));
      expect(statuses.map((s) => s.status)).toEqual(
        Array.from({ length: trials }, () => 'permanently_failed'),
      );
    });
  },
);
