// npm run bench:growth — seeds a large usage history (BENCH_USAGE_ROWS, default 1,000,000; the
// operations issue's figure is 10,000,000) over 100 installations, with request logs and
// notifications beside it, then times the list routes that read those tables over HTTP, the
// posting of event batches of 100 (bench/event-mixes.ts, the spec's shapes) into that history,
// and on PostgreSQL one bounded retention batch. Prints medians and p99s in milliseconds.
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';
import { mcpServers } from '../src/db/schema/index.js';
import { applyRetention } from '../src/jobs/retention.js';
import { openPostgres } from '../src/db/client.js';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { normalizeConfigSchema } from '../src/modules/catalogue/service.js';
import { MIXES } from './event-mixes.js';
import { json, ms, pairSatellite, printTable, startTarget, targetsToRun, time } from './lib.js';

const USAGE_ROWS = Number(process.env.BENCH_USAGE_ROWS ?? 1_000_000);
const REQUEST_ROWS = Math.ceil(USAGE_ROWS / 10);
const NOTIFICATIONS = Math.min(100_000, Math.ceil(USAGE_ROWS / 20));
const INSTALLATIONS = 100;
/** Rows per INSERT … SELECT: large enough to be quick, small enough for PGlite's memory. */
const CHUNK = 100_000;
/** The history spans this many days, so retention has old rows to find. */
const SPAN_DAYS = 120;
const PASSWORD = 'bench password 123';
const USER = 'usr_benchgrowth0000000000000';
const TEAM = 'team_benchgrowth00000000000';
const installation = (i: number) => `ins_benchgrowth${String(i).padStart(13, '0')}`;

async function seed(db: Database) {
  const started = performance.now();
  const passwordHash = await hashPassword(PASSWORD);
  await db.query(
    `INSERT INTO users (id, username, email, password_hash, global_role, email_verified_at)
     VALUES ($1, 'growth', 'growth@example.com', $2, 'global_admin', now())`,
    [USER, passwordHash],
  );
  await db.query(`INSERT INTO teams (id, name, slug) VALUES ($1, 'Growth', 'growth')`, [TEAM]);
  await db.query(
    `INSERT INTO team_members (team_id, user_id, role) VALUES ($1, $2, 'team_admin')`,
    [TEAM, USER],
  );
  await db.orm.insert(mcpServers).values({
    id: 'srv_benchgrowth0000000000000',
    name: 'Growth server',
    slug: 'growth-server',
    transport: 'stdio',
    command: 'npx',
    configSchema: normalizeConfigSchema(undefined),
    searchVector: sql`to_tsvector('english', 'growth server')`,
  });
  for (let i = 0; i < INSTALLATIONS; i++) {
    await db.query(
      `INSERT INTO mcp_server_installations (id, team_id, server_id, name, team_config, settings)
       VALUES ($1, $2, 'srv_benchgrowth0000000000000', $3,
               '{"args":{},"env":{},"headers":{}}', '{"request_logging_enabled":true}')`,
      [installation(i), TEAM, `Growth ${i}`],
    );
  }
  const ids = `ARRAY[${Array.from({ length: INSTALLATIONS }, (_, i) => `'${installation(i)}'`).join(',')}]`;
  // Row g is g/rows of the way back through the span: the oldest rows have the lowest numbers.
  const age = (rows: number) =>
    `make_interval(secs => ${SPAN_DAYS * 86_400} * (${rows} - g)::float8 / ${rows})`;
  for (let start = 0; start < USAGE_ROWS; start += CHUNK) {
    const end = Math.min(USAGE_ROWS, start + CHUNK) - 1;
    await db.query(
      `INSERT INTO satellite_usage_logs (id, satellite_id, installation_id, team_id, user_id, tool_name,
         duration_ms, success, metrics, occurred_at, created_at)
       SELECT 'use_' || lpad(g::text, 24, '0'), 'sat_growth', (${ids})[1 + g % ${INSTALLATIONS}],
              '${TEAM}', '${USER}', 'tool_' || (g % 20), (g % 500)::float8, g % 17 <> 0, '{}',
              now() - ${age(USAGE_ROWS)}, now() - ${age(USAGE_ROWS)}
       FROM generate_series(${start}, ${end}) AS g`,
    );
    process.stderr.write(`  usage rows: ${end + 1}/${USAGE_ROWS}\r`);
  }
  for (let start = 0; start < REQUEST_ROWS; start += CHUNK) {
    const end = Math.min(REQUEST_ROWS, start + CHUNK) - 1;
    await db.query(
      `INSERT INTO mcp_request_logs (id, satellite_id, installation_id, team_id, user_id, tool_name,
         request_params, duration_ms, success, occurred_at, created_at)
       SELECT 'req_' || lpad(g::text, 24, '0'), 'sat_growth', (${ids})[1 + g % ${INSTALLATIONS}],
              '${TEAM}', '${USER}', 'tool_' || (g % 20), '{"q":"x"}', (g % 500)::float8, true,
              now() - ${age(REQUEST_ROWS)}, now() - ${age(REQUEST_ROWS)}
       FROM generate_series(${start}, ${end}) AS g`,
    );
  }
  await db.query(
    `INSERT INTO team_notifications (id, team_id, type, severity, title, message, data, created_at)
     SELECT 'ntf_' || lpad(g::text, 24, '0'), '${TEAM}', 'satellite.offline', 'warning', 'Offline',
            'A satellite went offline', '{}', now() - ${age(NOTIFICATIONS)}
     FROM generate_series(0, ${NOTIFICATIONS - 1}) AS g`,
  );
  process.stderr.write(
    `\n  seeded ${USAGE_ROWS} usage rows, ${REQUEST_ROWS} request logs, ${NOTIFICATIONS} notifications in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
  );
}

async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/email/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'growth', password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .find((c) => c.startsWith('auth_session='))!
    .split(';')[0]!;
}

/**
 * Event batches of 100 posted while the history is there: a satellite paired over the API and an
 * installation it serves, with the account's instance, so every batch lands in the same
 * account's tool calls and feed as the seeded rows.
 */
async function eventBatches(base: string, cookie: string) {
  const satellite = await pairSatellite(base, cookie, 'growth-events');
  const installed = await json(base, `/api/teams/${TEAM}/mcp/installations`, {
    method: 'POST',
    cookie,
    body: JSON.stringify({
      server_id: 'growth-server',
      name: 'Growth events',
      satellite_id: satellite.id,
      settings: { request_logging_enabled: true },
    }),
  });
  const ctx = {
    installation: installed.data.installation.id as string,
    team: TEAM,
    user: USER,
    instance: installed.data.installation.my_instance.id as string,
  };
  const mix = MIXES[0]!;
  // A batch number of its own for every call, so that no batch is a resent one.
  let next = 0;
  return time(async () => {
    const body = await json(base, `/api/satellites/${satellite.id}/events`, {
      method: 'POST',
      bearer: satellite.key,
      body: JSON.stringify(mix.batch(next++, ctx)),
    });
    if (body.failed !== 0) throw new Error(`event batch failed: ${JSON.stringify(body.failures)}`);
  });
}

/** One bounded retention batch on a large table, timed on a direct connection (PostgreSQL). */
async function retentionBatch(url: string) {
  const db = await openPostgres({ url, poolMax: 1 });
  try {
    // Rows older than 110 of the 120 days: a twelfth of the table is due.
    const rule = { table: 'satellite_usage_logs', column: 'created_at', days: 110 };
    const limits = { batchSize: 5000, maxBatchesPerRun: 1 };
    return await time(
      async () => {
        await applyRetention(db.orm, () => new Date(), [rule], limits);
      },
      10,
      1,
    );
  } finally {
    await db.close();
  }
}

async function main() {
  const results: string[][] = [];
  for (const name of targetsToRun()) {
    const target = await startTarget(name, seed, {
      // The benchmark, not the retention job, decides what is deleted.
      USAGE_RETENTION_DAYS: '0',
      REQUEST_LOG_RETENTION_DAYS: '0',
      NOTIFICATION_RETENTION_DAYS: '0',
    });
    try {
      const cookie = await login(target.base);
      const get = async (path: string) => {
        const res = await fetch(`${target.base}${path}`, { headers: { cookie } });
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
      };
      const base = (i: number) =>
        `/api/teams/${TEAM}/mcp/installations/${installation((i * 37) % INSTALLATIONS)}`;
      const scenarios: Array<[string, (i: number) => string]> = [
        ['usage, first page', (i) => `${base(i)}/usage`],
        ['usage, offset 1,000', (i) => `${base(i)}/usage?offset=1000`],
        ['request logs, first page', (i) => `${base(i)}/requests`],
        ['client activity feed, first page', () => '/api/users/me/mcp/client-activity'],
        ['team notifications, first page', () => `/api/teams/${TEAM}/notifications`],
      ];
      for (const [label, path] of scenarios) {
        const t = await time((i) => get(path(i)));
        results.push([name, label, ms(t.median), ms(t.p99), String(t.samples)]);
      }
      const batches = await eventBatches(target.base, cookie);
      results.push([
        name,
        `event batch of 100 (${MIXES[0]!.name})`,
        ms(batches.median),
        ms(batches.p99),
        String(batches.samples),
      ]);
      if (target.url) {
        const t = await retentionBatch(target.url);
        results.push([name, 'retention: delete one batch of 5,000', ms(t.median), ms(t.p99), '10']);
      }
    } finally {
      await target.close();
    }
  }
  printTable(
    `Lists over a large history: ${USAGE_ROWS} usage rows, ${REQUEST_ROWS} request logs, ${NOTIFICATIONS} notifications (ms)`,
    ['database', 'request', 'median', 'p99', 'samples'],
    results,
  );
}

await main();
