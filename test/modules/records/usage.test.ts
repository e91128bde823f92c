import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORE_MIGRATIONS_DIR, readMigrationFiles, runMigrations } from '../../../src/db/migrate.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { createEmptyDatabase, type TestDatabase } from '../../helpers/database.js';
import { event, postEvents } from '../../helpers/satellites.js';
import { buildWorld, UNLIMITED_ENV, type World } from '../../helpers/world.js';

// An installation's tool executions are its usage rows (mcp.tool.executed) and the calls of
// batched request logs by known users, which are stored once, as request logs that count as
// usage (migrations/0028_request_logs_count_as_usage.sql).

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp({ env: UNLIMITED_ENV });
  w = await buildWorld(t);
});
afterAll(async () => t?.close());

const at = (minute: number) => new Date(Date.UTC(2026, 10, 29, 4, minute)).toISOString();
const rowsIn = async (table: string) =>
  (
    await t.database.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${table} WHERE installation_id = $1`,
      [w.installationId],
    )
  )[0]!.n;

async function usagePage(offset = 0, limit = 20) {
  const res = await t.app.inject({
    url: `/api/teams/${w.teamId}/mcp/installations/${w.installationId}/usage?offset=${offset}&limit=${limit}`,
    headers: w.alice.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    usage: Array<{ id: string; tool_name: string; user_id: string | null; occurred_at: string }>;
    pagination: { total: number };
  };
}

const executed = (tool: string, minute: number) =>
  event(
    'mcp.tool.executed',
    {
      server_id: w.installationId,
      team_id: w.teamId,
      user_id: w.alice.id,
      tool_name: tool,
      duration_ms: 3,
      success: true,
    },
    at(minute),
  );
const batched = (tools: Array<{ tool: string; minute: number; user?: string }>) =>
  event(
    'mcp.request.logs',
    {
      installation_id: w.installationId,
      team_id: w.teamId,
      requests: tools.map(({ tool, minute, user }) => ({
        ...(user ? { user_id: user } : {}),
        tool_name: tool,
        tool_params: {},
        response_time_ms: 5,
        success: true,
        timestamp: at(minute),
      })),
    },
    at(30),
  );

describe('an installation’s usage', () => {
  it('stores each call of a batched request log once and lists it with the usage rows', async () => {
    const usageRowsBefore = await rowsIn('satellite_usage_logs');
    const requestsBefore = await rowsIn('mcp_request_logs');
    const res = await postEvents(t.app, w.satT, [
      executed('u:first', 1),
      batched([
        { tool: 'u:second', minute: 2, user: w.bob.id },
        { tool: 'u:anonymous', minute: 3 },
        { tool: 'u:fourth', minute: 4, user: w.alice.id },
      ]),
      executed('u:fifth', 5),
      // The spec's form comes with its own mcp.tool.executed: it is a request, not usage.
      event(
        'mcp.request.logs',
        {
          installation_id: w.installationId,
          team_id: w.teamId,
          user_id: w.alice.id,
          tool_name: 'u:flat',
          duration_ms: 2,
          success: true,
          request_params: {},
        },
        at(6),
      ),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().failed, res.body).toBe(0);

    // One row per call: two usage rows, four request logs, and no copy of any call.
    expect(await rowsIn('satellite_usage_logs')).toBe(usageRowsBefore + 2);
    expect(await rowsIn('mcp_request_logs')).toBe(requestsBefore + 4);

    const page = await usagePage();
    const mine = page.usage.filter((u) => u.tool_name.startsWith('u:'));
    // Newest first across both tables; the anonymous call and the flat request are not usage.
    expect(mine.map((u) => u.tool_name)).toEqual(['u:fifth', 'u:fourth', 'u:second', 'u:first']);
    expect(mine.find((u) => u.tool_name === 'u:second')).toMatchObject({
      user_id: w.bob.id,
      occurred_at: at(2),
    });
    // A call counted as usage is listed under its request log's id.
    const requests = await t.database.db.query<{ id: string; tool_name: string }>(
      `SELECT id, tool_name FROM mcp_request_logs WHERE tool_name IN ('u:second', 'u:fourth')`,
    );
    for (const request of requests)
      expect(mine.find((u) => u.tool_name === request.tool_name)?.id).toBe(request.id);
    expect(page.pagination.total).toBe(usageRowsBefore + 4);
  });

  it('pages across both tables in one order, with the kept total', async () => {
    const whole = await usagePage(0, 100);
    const pages = [];
    for (let offset = 0; offset < whole.pagination.total; offset += 3)
      pages.push(...(await usagePage(offset, 3)).usage);
    expect(pages.map((u) => u.id)).toEqual(whole.usage.map((u) => u.id));
    expect(whole.usage).toHaveLength(whole.pagination.total);
    const times = whole.usage.map((u) => u.occurred_at);
    expect([...times].sort().reverse()).toEqual(times);
  });
});

describe('upgrading a database that holds a call twice', () => {
  const FOLD = '0028_request_logs_count_as_usage.sql';
  let database: TestDatabase;
  let earlier: string;

  beforeAll(async () => {
    database = await createEmptyDatabase();
    earlier = await mkdtemp(path.join(os.tmpdir(), 'gs-usage-upgrade-'));
    const files = await readMigrationFiles(CORE_MIGRATIONS_DIR);
    for (const file of files.filter((f) => f.name < FOLD))
      await writeFile(path.join(earlier, file.name), file.sql);
    await runMigrations(database.db, { dir: earlier });
  });
  afterAll(async () => {
    await database?.dispose();
    if (earlier) await rm(earlier, { recursive: true, force: true });
  });

  const kept = async (list: string, scope: string) =>
    Number(
      (
        await database.db.query<{ n: string }>(
          `SELECT coalesce(sum(n), 0)::text AS n FROM list_counts WHERE list = $1 AND scope_id = $2`,
          [list, scope],
        )
      )[0]!.n,
    );

  it('keeps the request log, marks it as usage, drops the copy, and moves no count', async () => {
    await database.db.withSession(async (session) => {
      // Rows as the earlier version wrote them; the installation they name is left out.
      await session.exec(`SET session_replication_role = replica`);
      await session.exec(
        `INSERT INTO mcp_request_logs (id, satellite_id, installation_id, team_id, user_id,
           tool_name, request_params, duration_ms, success, occurred_at)
         VALUES ('req_1', 'sat', 'ins', 'team', 'usr', 'search', '{}', 5, true, now()),
                ('req_2', 'sat', 'ins', 'team', NULL, 'search', '{}', 5, true, now());
         INSERT INTO satellite_usage_logs (id, satellite_id, installation_id, team_id, user_id,
           tool_name, duration_ms, success, metrics, occurred_at, request_log_id)
         VALUES ('use_1', 'sat', 'ins', 'team', 'usr', 'search', 5, true, '{}', now(), 'req_1'),
                ('use_2', 'sat', 'ins', 'team', 'usr', 'fetch', 5, true, '{}', now(), NULL);`,
      );
      await session.exec(`SET session_replication_role = origin`);
      await session.exec(`SELECT list_counts_recount()`);
    });
    expect([await kept('usage', 'ins'), await kept('activity', 'usr')]).toEqual([2, 2]);

    expect((await runMigrations(database.db)).applied).toContain(FOLD);

    const requests = await database.db.query<{ id: string; counts_as_usage: boolean }>(
      `SELECT id, counts_as_usage FROM mcp_request_logs ORDER BY id`,
    );
    expect(requests).toEqual([
      { id: 'req_1', counts_as_usage: true },
      { id: 'req_2', counts_as_usage: false },
    ]);
    const usage = await database.db.query<{ id: string }>(`SELECT id FROM satellite_usage_logs`);
    expect(usage).toEqual([{ id: 'use_2' }]);
    expect([await kept('usage', 'ins'), await kept('activity', 'usr')]).toEqual([2, 2]);
    expect(await kept('requests', 'ins')).toBe(2);
  });
});
