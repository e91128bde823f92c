// The event-batch flood (docs/security.md, "Event batches"): a self-registered user pairs a
// satellite for their own team and ten connections send event batches as fast as the service
// answers: the old attack (100 events of 1,000 calls, 9.7 MB) and the largest batch still
// allowed (100 events of 20 calls, just under the body limit). Meanwhile health and a signed-in
// read are probed every 25 ms. Reports their latency and the service's memory before, during and
// after the flood, on PGlite and PostgreSQL.
import http from 'node:http';
import {
  json,
  ms,
  percentile,
  printTable,
  registerAccount,
  rssMb,
  startTarget,
  targetsToRun,
  type Target,
} from './lib.js';

const ATTACKERS = Number(process.env.BENCH_FLOOD_CONNECTIONS ?? 10);
const FLOOD_S = Number(process.env.BENCH_FLOOD_SECONDS ?? 20);
const QUIET_S = Number(process.env.BENCH_FLOOD_QUIET_SECONDS ?? 10);
const PROBE_EVERY_MS = 25;

interface Victim {
  teamId: string;
  installation: string;
  userId: string;
  satellite: { id: string; key: string };
}

/** An administrator's catalogue, and a stranger who signs up and pairs their own satellite. */
async function stage(base: string): Promise<{ adminCookie: string; victim: Victim }> {
  const adminCookie = await registerAccount(base, 'benchadmin');
  await json(base, '/api/mcp/servers/global', {
    method: 'POST',
    cookie: adminCookie,
    body: JSON.stringify({ name: 'Bench', transport: 'stdio', command: 'npx' }),
  });
  const cookie = await registerAccount(base, 'mallory');
  const me = await json(base, '/api/users/me', { cookie });
  const teamId = me.data.teams[0].id as string;
  const token = await json(base, '/api/satellites/registration-tokens', {
    method: 'POST',
    cookie,
    body: JSON.stringify({ scope: 'team', team_id: teamId }),
  });
  const paired = await json(base, '/api/satellites/register', {
    method: 'POST',
    bearer: token.data.token,
    body: JSON.stringify({ name: 'flood' }),
  });
  const installed = await json(base, `/api/teams/${teamId}/mcp/installations`, {
    method: 'POST',
    cookie,
    body: JSON.stringify({ server_id: 'bench', name: 'flood' }),
  });
  return {
    adminCookie,
    victim: {
      teamId,
      installation: installed.data.installation.id,
      userId: me.data.id,
      satellite: { id: paired.data.satellite.id, key: paired.data.api_key },
    },
  };
}

/**
 * A batch text with a `@@T<e>@@` mark where each event's timestamp goes: each send gives its
 * events their own timestamps, so that none is a resend (which would cost the service nothing).
 */
function batchTemplate(v: Victim, calls: number, paramBytes: number): string {
  const filler = 'x'.repeat(paramBytes);
  const events = Array.from({ length: 100 }, (_, e) => ({
    type: 'mcp.request.logs',
    timestamp: `@@T${e}@@`,
    data: {
      installation_id: v.installation,
      team_id: v.teamId,
      requests: Array.from({ length: calls }, (_, c) => ({
        user_id: v.userId,
        tool_name: `t-${c}`,
        tool_params: { q: filler },
        response_time_ms: 3,
        success: true,
      })),
    },
  }));
  return JSON.stringify({ events });
}

function post(agent: http.Agent, base: string, path: string, key: string, body: Buffer) {
  const url = new URL(path, base);
  return new Promise<number>((resolve) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

function get(agent: http.Agent, base: string, path: string, cookie?: string) {
  return new Promise<number>((resolve) => {
    const started = performance.now();
    const req = http.get(
      new URL(path, base),
      { agent, headers: cookie ? { cookie } : {} },
      (res) => {
        res.resume();
        res.on('end', () => resolve(performance.now() - started));
      },
    );
    req.on('error', () => resolve(Number.POSITIVE_INFINITY));
  });
}

/** Probes health and a signed-in read every 25 ms until `until`; their latencies in ms. */
async function probe(base: string, cookie: string, until: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  const health: number[] = [];
  const read: number[] = [];
  while (Date.now() < until) {
    const tick = Date.now();
    const [h, r] = await Promise.all([
      get(agent, base, '/api/health'),
      get(agent, base, '/api/users/me', cookie),
    ]);
    health.push(h);
    read.push(r);
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, PROBE_EVERY_MS - (Date.now() - tick))),
    );
  }
  agent.destroy();
  return { health, read };
}

/**
 * Batch bodies made before the flood, each with its own timestamps, so that the flooding client
 * spends its CPU (on the same machine as the service) on sending, not on building bodies.
 */
function bodies(v: Victim, calls: number, paramBytes: number, count: number): Buffer[] {
  const template = batchTemplate(v, calls, paramBytes);
  return Array.from({ length: count }, (_, n) =>
    Buffer.from(
      template.replace(/@@T(\d+)@@/g, (_, e: string) =>
        new Date(Date.UTC(2026, 10, 1) + n * 100 + Number(e)).toISOString(),
      ),
    ),
  );
}

/** Connections sending batches back to back until `until`; answers counted by status. */
async function flood(base: string, v: Victim, until: number) {
  const kinds = [bodies(v, 1000, 30, 4), bodies(v, 20, 1800, 24)];
  const statuses = new Map<number, number>();
  let n = 0;
  const path = `/api/satellites/${v.satellite.id}/events`;
  await Promise.all(
    Array.from({ length: ATTACKERS }, async (_, a) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      while (Date.now() < until) {
        const kind = kinds[a % 2]!;
        const status = await post(agent, base, path, v.satellite.key, kind[n++ % kind.length]!);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
      agent.destroy();
    }),
  );
  return statuses;
}

const row = (phase: string, lat: { health: number[]; read: number[] }, rss: number) => {
  const h = [...lat.health].sort((a, b) => a - b);
  const r = [...lat.read].sort((a, b) => a - b);
  return [
    phase,
    ms(percentile(h, 50)),
    ms(percentile(h, 99)),
    ms(percentile(r, 50)),
    ms(percentile(r, 99)),
    rss.toFixed(0),
  ];
};

async function run(target: Target) {
  const { adminCookie, victim } = await stage(target.base);
  const idle = await probe(target.base, adminCookie, Date.now() + 5000);
  const idleRss = await rssMb(target.pid);
  let peakRss = idleRss;
  const sampler = setInterval(() => {
    rssMb(target.pid).then(
      (v) => (peakRss = Math.max(peakRss, v)),
      () => undefined,
    );
  }, 250);
  const until = Date.now() + FLOOD_S * 1000;
  const [during, statuses] = await Promise.all([
    probe(target.base, adminCookie, until),
    flood(target.base, victim, until),
  ]);
  clearInterval(sampler);
  await new Promise((resolve) => setTimeout(resolve, QUIET_S * 1000));
  const after = await probe(target.base, adminCookie, Date.now() + 5000);
  const afterRss = await rssMb(target.pid);
  const answers = [...statuses.entries()]
    .sort()
    .map(([s, c]) => `${c}× ${s}`)
    .join(', ');
  return {
    rows: [
      row(`${target.name}: idle`, idle, idleRss),
      row(`${target.name}: during the flood (peak RSS)`, during, peakRss),
      row(`${target.name}: ${QUIET_S} s after`, after, afterRss),
    ],
    answers: [target.name, answers],
  };
}

async function main() {
  const rows: string[][] = [];
  const answers: string[][] = [];
  for (const name of targetsToRun()) {
    // The service's defaults, as a deployment runs them: the limits are what is measured.
    const target = await startTarget(name, async () => undefined, {
      ...JSON.parse(process.env.BENCH_FLOOD_ENV ?? '{}'),
      SATELLITE_LIMIT_PER_SATELLITE: '200',
      SATELLITE_LIMIT_PER_ADDRESS: '1000',
      REGISTER_LIMIT_PER_ADDRESS: '0',
      SATELLITE_REGISTER_LIMIT_PER_ADDRESS: '0',
    });
    try {
      const result = await run(target);
      rows.push(...result.rows);
      answers.push(result.answers);
    } finally {
      await target.close();
    }
  }
  printTable(
    `Event-batch flood: ${ATTACKERS} connections for ${FLOOD_S} s, probes every ${PROBE_EVERY_MS} ms (latency in ms, RSS in MB)`,
    ['phase', 'health p50', 'health p99', 'signed-in read p50', 'signed-in read p99', 'RSS'],
    rows,
  );
  printTable('Answers to the flood', ['database', 'answers by status'], answers);
}

await main();
