import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unnamedStatements } from '../../../../src/db/prepared.js';
import { mcpRequestLogs } from '../../../../src/db/schema/index.js';
import { applyWrites } from '../../../../src/modules/satellites/events/apply.js';
import { logLine } from '../../../../src/modules/satellites/events/log-lines.js';
import { BatchWrites } from '../../../../src/modules/satellites/events/writes.js';
import { json, register, type Account } from '../../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../../helpers/app.js';
import { createServer } from '../../../helpers/catalogue.js';
import { usingPostgres } from '../../../helpers/database.js';
import { until } from '../../../helpers/process.js';
import { event, pair, postEvents } from '../../../helpers/satellites.js';

// Request logs, server log lines and usage rows name their installation without a foreign key
// (migration 0030): the batch's statement holds the installations instead, and a trigger deletes
// the rows with them. These tests hold both to what the foreign key guaranteed.

const TABLES = ['mcp_request_logs', 'mcp_server_logs', 'satellite_usage_logs'] as const;

interface World {
  alice: Account;
  team: string;
  satellite: Awaited<ReturnType<typeof pair>>;
  server: string;
}

/** The first account (root, who adds the server to the catalogue) and alice's team satellite. */
async function buildWorld(t: TestApp): Promise<World> {
  const root = await register(t.app, 'root');
  const alice = await register(t.app, 'alice');
  const team = (await t.app.inject({ url: '/api/teams/me/default', headers: alice.headers })).json()
    .data.team.id as string;
  const satellite = await pair(t.app, alice.headers, { scope: 'team', team_id: team }, 'sat');
  const server = (await createServer(t.app, root.headers, { name: 'Clock' })).id;
  return { alice, team, satellite, server };
}

let installed = 0;
async function install(t: TestApp, w: World): Promise<string> {
  const created = await t.app.inject({
    method: 'POST',
    url: `/api/teams/${w.team}/mcp/installations`,
    headers: { ...json, ...w.alice.headers },
    payload: {
      server_id: w.server,
      name: `clock-${installed++}`,
      satellite_id: w.satellite.id,
      settings: { request_logging_enabled: true },
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data.installation.id as string;
}

let sequence = 0;
const at = () => new Date(Date.UTC(2026, 10, 29, 8, 0, 0, sequence++)).toISOString();

/** One event of each kind that writes into the three tables. */
const rowsFor = (w: World, installation: string) => [
  event(
    'mcp.request.logs',
    {
      installation_id: installation,
      team_id: w.team,
      requests: [
        {
          user_id: w.alice.id,
          tool_name: 'now',
          tool_params: {},
          tool_response: { text: 'noon' },
          response_time_ms: 4,
          success: true,
          timestamp: at(),
        },
      ],
    },
    at(),
  ),
  event('mcp.server.logs', { installation_id: installation, team_id: w.team, logs: ['up'] }, at()),
  event(
    'mcp.tool.executed',
    {
      tool_name: 'now',
      server_id: installation,
      team_id: w.team,
      duration_ms: 3,
      success: true,
      user_id: w.alice.id,
    },
    at(),
  ),
];

async function countsOf(t: TestApp, installation: string) {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const [row] = await t.database.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${table} WHERE installation_id = $1`,
      [installation],
    );
    counts[table] = Number(row!.n);
  }
  return counts;
}

const none = Object.fromEntries(TABLES.map((table) => [table, 0]));
const one = Object.fromEntries(TABLES.map((table) => [table, 1]));

async function written(t: TestApp, w: World, installation: string) {
  const res = await postEvents(t.app, w.satellite, rowsFor(w, installation));
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().processed, res.body).toBe(3);
  expect(await countsOf(t, installation)).toEqual(one);
}

describe('rows that name an installation', () => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    t = await createTestApp();
    w = await buildWorld(t);
  });
  afterAll(async () => t?.close());

  it('go with their installation, and only its own', async () => {
    const [gone, kept] = [await install(t, w), await install(t, w)];
    await written(t, w, gone);
    await written(t, w, kept);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/teams/${w.team}/mcp/installations/${gone}`,
      headers: w.alice.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await countsOf(t, gone)).toEqual(none);
    expect(await countsOf(t, kept)).toEqual(one);
  });

  it('are not written for an installation that is gone, and the batch says so', async () => {
    const installation = await install(t, w);
    const writes = new BatchWrites();
    writes.insert(mcpRequestLogs, [
      {
        id: 'req_guard_test',
        satelliteId: w.satellite.id,
        installationId: 'inst_that_never_was',
        teamId: w.team,
        userId: null,
        toolName: 'now',
        requestParams: {},
        durationMs: 1,
        success: true,
        occurredAt: new Date(),
      },
    ]);
    writes.addLogLines(installation, [
      logLine(
        { satelliteId: w.satellite.id },
        { id: installation, teamId: w.team },
        {
          level: 'info',
          message: 'beside a missing installation',
          loggedAt: new Date(),
        },
      ),
    ]);
    const failure = await applyWrites(t.database.db.orm, writes, unnamedStatements).then(
      () => null,
      (error: unknown) => error as { cause?: { code?: string } },
    );
    expect(failure?.cause?.code ?? (failure as { code?: string } | null)?.code).toBe('23503');
    // The statement is one: the line of the installation that exists is not written either.
    expect(await countsOf(t, installation)).toEqual(none);
    expect(await countsOf(t, 'inst_that_never_was')).toEqual(none);
  });

  it('go with their team', async () => {
    const installation = await install(t, w);
    await written(t, w, installation);
    await t.database.db.query('DELETE FROM teams WHERE id = $1', [w.team]);
    expect(await countsOf(t, installation)).toEqual(none);
  });
});

describe('a batch about an installation deleted behind its remembered scope', () => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    t = await createTestApp({ env: { SATELLITE_SCOPE_CACHE_MS: '600000' } });
    w = await buildWorld(t);
  });
  afterAll(async () => t?.close());

  it('is answered as naming an installation that does not exist, and writes nothing', async () => {
    const installation = await install(t, w);
    await written(t, w, installation);
    // Deleted where no signal tells this replica (as if it were lost): its scope stays remembered.
    for (const table of ['mcp_server_installations', 'mcp_server_instances'])
      await t.database.db.query(`ALTER TABLE ${table} DISABLE TRIGGER scope_changed`);
    await t.database.db.query('DELETE FROM mcp_server_installations WHERE id = $1', [installation]);
    // Server log lines are left out: numbering them inserts the installation's counter row
    // afresh, whose own foreign key would fail the batch without the hold.
    const [request, , usage] = rowsFor(w, installation);
    const res = await postEvents(t.app, w.satellite, [request, usage]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { processed: number; failures: Array<{ error: string }> };
    expect(body.processed).toBe(0);
    expect(body.failures.map((f) => f.error)).toEqual(
      Array(2).fill(`installation ${installation} does not exist in team ${w.team}`),
    );
    expect(await countsOf(t, installation)).toEqual(none);
  });
});

describe.skipIf(!usingPostgres())(
  'an installation deleted while a batch writes (PostgreSQL)',
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => t?.close());

    it('waits for the batch to commit, then takes its rows with it', async () => {
      const w = await buildWorld(t);
      const installation = await install(t, w);
      const batch = new pg.Client({ connectionString: t.database.url! });
      const remover = new pg.Client({ connectionString: t.database.url! });
      await Promise.all([batch.connect(), remover.connect()]);
      try {
        // What a batch's statement does, held open: the hold, then a row.
        await batch.query('BEGIN');
        await batch.query('SELECT installations_held($1::jsonb)', [JSON.stringify([installation])]);
        await batch.query(
          `INSERT INTO mcp_server_logs (id, satellite_id, installation_id, team_id, level, message, logged_at)
         VALUES ('log_racing', $1, $2, $3, 'info', 'written while deleted', now())`,
          [w.satellite.id, installation, w.team],
        );
        const removing = remover.query('DELETE FROM mcp_server_installations WHERE id = $1', [
          installation,
        ]);
        await until(async () => {
          const { rows } = await batch.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE wait_event_type = 'Lock' AND query LIKE 'DELETE FROM mcp_server_installations%'`,
          );
          return rows[0].n === 1 ? true : undefined;
        }, 'the deletion waiting for the batch');
        await batch.query('COMMIT');
        expect((await removing).rowCount).toBe(1);
        expect(await countsOf(t, installation)).toEqual(none);

        // And a hold taken once it is gone fails as a foreign key check does.
        await expect(
          batch.query('SELECT installations_held($1::jsonb)', [JSON.stringify([installation])]),
        ).rejects.toMatchObject({ code: '23503' });
      } finally {
        await Promise.all([batch.end(), remover.end()]);
      }
    });
  },
);
