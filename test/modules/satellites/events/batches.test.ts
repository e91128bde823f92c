import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../helpers/app.js';
import { register, type Account } from '../../../helpers/accounts.js';
import { createServer, installServer } from '../../../helpers/catalogue.js';
import { event, pair, postEvents } from '../../../helpers/satellites.js';

// How a batch is applied: all valid events together, in batch order, and event by event only
// when the database refuses something.
let t: TestApp;
let alice: Account;
let team: string;
let installation: string;
let instance: string;
let sat: Awaited<ReturnType<typeof pair>>;

beforeAll(async () => {
  // Room for the large batch below (10,100 rows by its events' count) in one slice, so that
  // one statement would carry more values than PostgreSQL takes.
  t = await createTestApp({
    env: {
      SATELLITE_EVENT_BATCH_MAX_ROWS: '20000',
      SATELLITE_EVENT_SLICE_ROWS: '20000',
      SATELLITE_EVENT_SLICE_BYTES: '10000000',
    },
  });
  const root = await register(t.app, 'root');
  alice = await register(t.app, 'alice');
  team = (await t.app.inject({ url: '/api/teams/me/default', headers: alice.headers })).json().data
    .team.id;
  sat = await pair(t.app, alice.headers, { scope: 'team', team_id: team });
  await createServer(t.app, root.headers, { name: 'Clock' });
  const installed = await installServer(t.app, team, alice.headers, { server_id: 'clock' });
  installation = installed.id;
  instance = installed.my_instance.id;
});
afterAll(async () => t?.close());

const executed = (tool: string) =>
  event('mcp.tool.executed', {
    tool_name: tool,
    server_id: installation,
    team_id: team,
    duration_ms: 3,
    success: true,
  });
const status = (value: string, message: string) =>
  event('mcp.server.status_changed', {
    installation_id: installation,
    team_id: team,
    user_id: alice.id,
    status: value,
    timestamp: new Date().toISOString(),
    status_message: message,
  });
const started = (pid: number) =>
  event('mcp.server.started', {
    process_id: instance,
    server_id: installation,
    server_slug: 'clock',
    team_id: team,
    transport: 'stdio',
    tool_count: 2,
    spawn_duration_ms: 50,
    pid,
  });
const crashed = (at: string, exitCode = 1) =>
  event(
    'mcp.server.crashed',
    {
      process_id: instance,
      server_id: installation,
      server_slug: 'clock',
      team_id: team,
      exit_code: exitCode,
      signal: null,
      uptime_seconds: 1,
      crash_count: 1,
      will_restart: true,
    },
    at,
  );

const processRow = async () =>
  (
    await t.database.db.query<any>(
      'SELECT status, pid, exit_code, transport FROM satellite_processes WHERE process_id = $1',
      [instance],
    )
  )[0];
const instanceRow = async () =>
  (
    await t.database.db.query<any>(
      'SELECT status, status_message FROM mcp_server_instances WHERE id = $1',
      [instance],
    )
  )[0];

describe('one batch, applied in order', () => {
  it('lets the later of two changes to one record win', async () => {
    const res = await postEvents(t.app, sat, [
      status('connecting', 'first'),
      started(11),
      crashed('2026-03-01T10:00:00.000Z', 7),
      status('online', 'second'),
    ]);
    expect(res.json()).toMatchObject({ processed: 4, failed: 0 });
    expect(res.json().event_ids).toEqual([instance, instance, instance, instance]);
    // The crash keeps what the start reported and adds its own columns.
    expect(await processRow()).toEqual({
      status: 'failed',
      pid: 11,
      exit_code: 7,
      transport: 'stdio',
    });
    expect(await instanceRow()).toEqual({ status: 'online', status_message: 'second' });

    await postEvents(t.app, sat, [crashed('2026-03-01T10:10:00.000Z', 9), started(12)]);
    expect(await processRow()).toEqual({
      status: 'running',
      pid: 12,
      exit_code: null,
      transport: 'stdio',
    });
  });

  it('counts crashes of the same batch by event time, and a later status still wins', async () => {
    const base = Date.UTC(2026, 3, 1, 9, 0);
    const at = (minutes: number) => new Date(base + minutes * 60_000).toISOString();
    await postEvents(t.app, sat, [crashed(at(0)), crashed(at(1)), crashed(at(2))]);
    expect(await instanceRow()).toMatchObject({ status: 'permanently_failed' });
    expect((await instanceRow()).status_message).toMatch(/^Crashed 3 times within 5 minutes/);

    await postEvents(t.app, sat, [
      crashed(at(30)),
      crashed(at(31)),
      crashed(at(32)),
      status('provisioning', 'reset by the satellite'),
    ]);
    expect(await instanceRow()).toEqual({
      status: 'provisioning',
      status_message: 'reset by the satellite',
    });
  });
});

describe('isolation when the database refuses an event', () => {
  it('rolls back only the event whose write failed', async () => {
    // PostgreSQL cannot store a NUL character in text: a real storage failure.
    const res = await postEvents(t.app, sat, [
      executed('before'),
      status('online', 'kept'),
      executed('bad\u0000tool'),
      executed('after'),
    ]);
    const body = res.json();
    expect(res.statusCode).toBe(200);
    expect(body).toMatchObject({ processed: 3, failed: 1 });
    expect(body.failures).toHaveLength(1);
    expect(body.failures[0]).toMatchObject({ index: 2, type: 'mcp.tool.executed' });
    expect(body.failures[0].error).toMatch(/^storage failure: /);
    const tools = await t.database.db.query<{ tool_name: string }>(
      'SELECT tool_name FROM satellite_usage_logs WHERE installation_id = $1 ORDER BY tool_name',
      [installation],
    );
    expect(tools.map((r) => r.tool_name)).toEqual(['after', 'before']);
    expect(await instanceRow()).toEqual({ status: 'online', status_message: 'kept' });
    expect(body.event_ids).toHaveLength(3);
  });
});

describe('large batches', () => {
  it('stores 100 events of 100 log lines each (more values than one statement may carry)', async () => {
    const events = Array.from({ length: 100 }, (_, e) =>
      event('mcp.server.logs', {
        installation_id: installation,
        team_id: team,
        logs: Array.from({ length: 100 }, (_, l) => `event ${e} line ${l}`),
      }),
    );
    const res = await postEvents(t.app, sat, events);
    expect(res.json()).toMatchObject({ processed: 100, failed: 0 });
    const rows = await t.database.db.query<{ message: string }>(
      'SELECT message FROM mcp_server_logs WHERE installation_id = $1 ORDER BY seq',
      [installation],
    );
    expect(rows).toHaveLength(100);
    expect(rows[0]!.message).toBe('event 99 line 0');
    expect(rows.at(-1)!.message).toBe('event 99 line 99');
  });
});
