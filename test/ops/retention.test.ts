import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyRetention } from '../../src/jobs/retention.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { json, register, type Account } from '../helpers/accounts.js';
import { createServer } from '../helpers/catalogue.js';
import { manualClock, DAY } from '../helpers/clock.js';
import { pair } from '../helpers/satellites.js';

const clock = manualClock(new Date());
let t: TestApp;
let root: Account;
let teamId: string;
let installationId: string;
let satelliteId: string;

beforeAll(async () => {
  t = await createTestApp({
    clock,
    env: {
      USAGE_RETENTION_DAYS: '30',
      REQUEST_LOG_RETENTION_DAYS: '30',
      SERVER_LOG_RETENTION_DAYS: '30',
      CLIENT_ACTIVITY_RETENTION_DAYS: '30',
      NOTIFICATION_RETENTION_DAYS: '30',
      SATELLITE_COMMAND_RETENTION_DAYS: '30',
      RETENTION_BATCH_SIZE: '2',
      RETENTION_MAX_BATCHES_PER_RUN: '2',
    },
  });
  root = await register(t.app, 'root');
  const team = await t.app.inject({
    method: 'POST',
    url: '/api/teams',
    headers: { ...json, ...root.headers },
    payload: { name: 'Growth' },
  });
  teamId = team.json().data.team.id;
  const server = await createServer(t.app, root.headers, { name: 'Counter' });
  const installed = await t.app.inject({
    method: 'POST',
    url: `/api/teams/${teamId}/mcp/installations`,
    headers: { ...json, ...root.headers },
    payload: { server_id: server.id },
  });
  expect(installed.statusCode, installed.body).toBe(201);
  installationId = installed.json().data.installation.id;
  satelliteId = (await pair(t.app, root.headers, { scope: 'global' }, 'retention-sat')).id;
});
afterAll(async () => t?.close());

const daysAgo = (days: number) => new Date(clock().getTime() - days * DAY * 1000).toISOString();
let serial = 0;

/** Inserts a row of each growing table, `age` days old. */
async function seed(age: number) {
  const at = daysAgo(age);
  const n = ++serial;
  const q = (text: string, params: unknown[]) => t.database.db.query(text, params);
  await q(
    `INSERT INTO satellite_usage_logs (id, satellite_id, installation_id, team_id, user_id, tool_name,
       duration_ms, success, metrics, occurred_at, created_at)
     VALUES ($1, 'sat', $2, $3, $4, 'tool', 1, true, '{}', $5, $5)`,
    [`rt-use-${n}`, installationId, teamId, root.id, at],
  );
  await q(
    `INSERT INTO mcp_request_logs (id, satellite_id, installation_id, team_id, tool_name,
       request_params, duration_ms, success, occurred_at, created_at)
     VALUES ($1, 'sat', $2, $3, 'tool', '{}', 1, true, $4, $4)`,
    [`rt-req-${n}`, installationId, teamId, at],
  );
  await q(
    `INSERT INTO mcp_server_logs (id, satellite_id, installation_id, team_id, level, message, logged_at)
     VALUES ($1, 'sat', $2, $3, 'info', 'line', $4)`,
    [`rt-log-${n}`, installationId, teamId, at],
  );
  await q(
    `INSERT INTO mcp_client_activity (id, satellite_id, user_id, team_id, oauth_client_id, client_name,
       auth_type, request_count, tool_call_count, last_activity_at, created_at)
     VALUES ($1, 'sat', $2, $3, 'client', 'Client', 'oauth', 1, 1, $4, $4)`,
    [`rt-act-${n}`, root.id, teamId, at],
  );
  await q(
    `INSERT INTO team_notifications (id, team_id, type, severity, title, message, data, created_at)
     VALUES ($1, $2, 'test', 'info', 'Title', 'Message', '{}', $3)`,
    [`rt-ntf-${n}`, teamId, at],
  );
  await q(
    `INSERT INTO satellite_commands (id, satellite_id, type, priority, payload, status,
       created_at, expires_at)
     VALUES ($1, $2, 'configure', 1, '{}', 'expired', $3, $3::timestamptz + interval '5 minutes')`,
    [`rt-cmd-${n}`, satelliteId, at],
  );
}

const TABLES = [
  'satellite_usage_logs',
  'mcp_request_logs',
  'mcp_server_logs',
  'mcp_client_activity',
  'team_notifications',
  'satellite_commands',
];

async function counts(prefixOf: (table: string) => string) {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    const [row] = await t.database.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${table} WHERE id LIKE $1`,
      [`${prefixOf(table)}%`],
    );
    out[table] = row!.n;
  }
  return out;
}

const prefix: Record<string, string> = {
  satellite_usage_logs: 'rt-use-',
  mcp_request_logs: 'rt-req-',
  mcp_server_logs: 'rt-log-',
  mcp_client_activity: 'rt-act-',
  team_notifications: 'rt-ntf-',
  satellite_commands: 'rt-cmd-',
};

describe('retention', () => {
  it('deletes rows past their retention in bounded batches, over several runs, keeping the rest', async () => {
    for (let i = 0; i < 7; i++) await seed(31 + i);
    for (let i = 0; i < 3; i++) await seed(29 - i);
    const all = Object.fromEntries(TABLES.map((table) => [table, 10]));
    expect(await counts((table) => prefix[table]!)).toEqual(all);

    // Batches of 2, at most 2 per run: 4 of the 7 old rows go in the first run.
    expect(await t.app.jobs.run('retention')).toBe(true);
    expect(await counts((table) => prefix[table]!)).toEqual(
      Object.fromEntries(TABLES.map((table) => [table, 6])),
    );
    expect(await t.app.jobs.run('retention')).toBe(true);
    expect(await counts((table) => prefix[table]!)).toEqual(
      Object.fromEntries(TABLES.map((table) => [table, 3])),
    );
    // The newer rows stay until they are old enough.
    clock.advance(2.5 * DAY);
    await t.app.jobs.run('retention');
    expect(await counts((table) => prefix[table]!)).toEqual(
      Object.fromEntries(TABLES.map((table) => [table, 1])),
    );
  });

  it('keeps rows for ever when a retention is 0', async () => {
    await seed(400);
    const deleted = await applyRetention(
      t.database.db.orm,
      clock,
      [{ table: 'satellite_usage_logs', column: 'created_at', days: 0 }],
      { batchSize: 10, maxBatchesPerRun: 10 },
    );
    expect(deleted).toEqual({});
    const [row] = await t.database.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM satellite_usage_logs WHERE id = $1`,
      [`rt-use-${serial}`],
    );
    expect(row!.n).toBe(1);
  });

  it('answers how many rows went per table', async () => {
    const deleted = await applyRetention(
      t.database.db.orm,
      clock,
      [{ table: 'satellite_usage_logs', column: 'created_at', days: 30 }],
      { batchSize: 1000, maxBatchesPerRun: 1 },
    );
    expect(deleted).toEqual({ satellite_usage_logs: 1 });
  });

  it('finds old rows through an index on every table it trims', async () => {
    const rows = await t.database.db.query<{ tablename: string; indexdef: string }>(
      `SELECT tablename, indexdef FROM pg_indexes WHERE schemaname = current_schema()`,
    );
    const columns: Record<string, string> = {
      satellite_usage_logs: 'created_at',
      mcp_request_logs: 'created_at',
      mcp_server_logs: 'logged_at',
      mcp_client_activity: 'created_at',
      team_notifications: 'created_at',
      satellite_commands: 'created_at',
      satellite_event_history: 'created_at',
      satellite_heartbeats: 'created_at',
    };
    for (const [table, column] of Object.entries(columns)) {
      expect(
        rows.some((r) => r.tablename === table && r.indexdef.endsWith(`(${column})`)),
        table,
      ).toBe(true);
    }
  });

  it('refuses a retention setting that is not a number of days', async () => {
    const { loadConfig } = await import('../../src/config.js');
    expect(() => loadConfig({ USAGE_RETENTION_DAYS: 'forever' })).toThrow(/USAGE_RETENTION_DAYS/);
    expect(loadConfig({}).retention).toMatchObject({ usageDays: 90, batchSize: 5000 });
  });
});
