// npm run bench:audit — what the audit log costs the audited hot paths: password sign-in, and an
// installation's create, update and delete. Two services run side by side on fresh databases, one
// recording these routes and one built without audit writes (bench/audit-service.ts); the same
// load goes to each in short alternating slices (on/off, then off/on), so drift on a busy machine
// falls on both, and each round's on/off ratio is taken. Medians of the rounds are reported, for
// throughput and for the CPU each request cost the service (its process and, on PostgreSQL, the
// server processes of its database): a neighbour's load on a shared machine moves the first far
// more than the second. BENCH_AUDIT_ROUTE=<start of a route's name> times one route only.
import os from 'node:os';
import {
  cpuMeter,
  json,
  median,
  medianInterval,
  percentile,
  printTable,
  registerAccount,
  startTarget,
  targetsToRun,
} from './lib.js';

const ROUNDS = Number(process.env.BENCH_AUDIT_ROUNDS ?? 12);
const WARM_UP_SLICES = Number(process.env.BENCH_AUDIT_WARM_UP ?? 3);
const SECONDS = Number(process.env.BENCH_AUDIT_SECONDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_AUDIT_CONCURRENCY ?? 8);
/** Issue 18's target: auditing costs the audited routes under 5 % of their throughput. */
const TARGET_COST = 0.05;
const PASSWORD = 'bench password 123';

type Mode = 'on' | 'off';
interface Load {
  rate: number;
  median: number;
  requests: number;
}

/** A slice's load and the CPU its service spent per request, in ms. */
interface Slice extends Load {
  cpuPerRequest: number;
}

/** `workers` loops of `step` for SECONDS; requests per second and the median latency in ms. */
async function load(
  step: (
    worker: number,
    i: number,
    timed: (f: () => Promise<Response>) => Promise<Response>,
  ) => Promise<void>,
  seconds = SECONDS,
): Promise<Load> {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  const timed = async (f: () => Promise<Response>) => {
    const t0 = performance.now();
    const res = await f();
    latencies.push(performance.now() - t0);
    return res;
  };
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      for (let i = 0; performance.now() < until; i++) await step(worker, i, timed);
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    rate: latencies.length / elapsed,
    median: percentile(latencies, 50),
    requests: latencies.length,
  };
}

async function expectStatus(res: Response, status: number, what: string) {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return res;
}

/** A service with auditing on or off, set up with an account, a server and its team. */
async function prepare(name: 'PGlite' | 'PostgreSQL', mode: Mode) {
  const target = await startTarget(
    name,
    async () => undefined,
    { BENCH_AUDIT: mode },
    'bench/audit-service.ts',
  );
  try {
    const routes = await setUp(target.base, mode);
    const cpuSeconds = cpuMeter(target);
    /** Runs one slice of a route's load, with the CPU the service spent on it. */
    const slice = async (route: string): Promise<Slice> => {
      const before = await cpuSeconds();
      const loaded = await routes[route]!();
      const spent = (await cpuSeconds()) - before;
      return { ...loaded, cpuPerRequest: (spent * 1000) / loaded.requests };
    };
    return { target, routes, slice };
  } catch (error) {
    await target.close();
    throw error;
  }
}

/** The account, server and team the load uses; the routes' loads. */
async function setUp(base: string, mode: Mode) {
  const cookie = await registerAccount(base);
  const server = await json(base, '/api/mcp/servers/global', {
    method: 'POST',
    cookie,
    body: JSON.stringify({ name: 'Audited', transport: 'stdio', command: 'npx' }),
  });
  const team = await json(base, '/api/teams/me/default', { cookie });
  const installations = `${base}/api/teams/${team.data.team.id}/mcp/installations`;
  const headers = { 'content-type': 'application/json', cookie };
  const serverId = server.data.server.id as string;
  let cycle = 0;

  const routes: Record<string, () => Promise<Load>> = {
    'sign-in': () =>
      load(async (_w, _i, timed) => {
        const res = await timed(() =>
          fetch(`${base}/api/auth/email/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ login: 'benchadmin', password: PASSWORD }),
          }),
        );
        await (await expectStatus(res, 200, 'sign-in')).arrayBuffer();
      }),
    // One cycle per iteration: create, rename, delete; each request counts and is timed.
    'installation create/update/delete': () =>
      load((worker, _i, timed) =>
        installationCycle(installations, headers, serverId, `${mode}-${worker}-${cycle++}`, timed),
      ),
  };
  return routes;
}

async function installationCycle(
  installations: string,
  headers: Record<string, string>,
  serverId: string,
  name: string,
  timed: (f: () => Promise<Response>) => Promise<Response> = (f) => f(),
) {
  const made = await expectStatus(
    await timed(() =>
      fetch(installations, {
        method: 'POST',
        headers,
        body: JSON.stringify({ server_id: serverId, name }),
      }),
    ),
    201,
    'install',
  );
  const id = ((await made.json()) as any).data.installation.id as string;
  const renamed = await timed(() =>
    fetch(`${installations}/${id}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ name: `${name}-b` }),
    }),
  );
  await (await expectStatus(renamed, 200, 'update')).arrayBuffer();
  const removed = await timed(() =>
    fetch(`${installations}/${id}`, { method: 'DELETE', headers: { cookie: headers.cookie! } }),
  );
  await (await expectStatus(removed, 200, 'delete')).arrayBuffer();
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

async function main() {
  const rows: string[][] = [];
  for (const name of targetsToRun()) {
    const on = await prepare(name, 'on');
    const off = await prepare(name, 'off').catch(async (error: unknown) => {
      await on.target.close();
      throw error;
    });
    const services = { on, off };
    try {
      const only = process.env.BENCH_AUDIT_ROUTE;
      for (const route of Object.keys(services.on.routes).filter(
        (r) => !only || r.startsWith(only),
      )) {
        const runs: Record<Mode, Slice[]> = { on: [], off: [] };
        // Unmeasured slices first, alternating: compiled code, the pool's connections and the
        // tables' first growth (with the statistics autovacuum then gathers) otherwise fall on
        // the first measured rounds, which then run slower for both and spread the ratios.
        for (let warm = 0; warm < WARM_UP_SLICES; warm++)
          for (const mode of ['on', 'off'] as const) await services[mode].slice(route);
        for (let round = 0; round < ROUNDS; round++) {
          const order: Mode[] = round % 2 === 0 ? ['on', 'off'] : ['off', 'on'];
          for (const mode of order) runs[mode].push(await services[mode].slice(route));
          const [lastOn, lastOff] = [runs.on.at(-1)!, runs.off.at(-1)!];
          process.stderr.write(
            `${name} ${route} round ${round + 1}: on ${lastOn.rate.toFixed(1)} req/s ${lastOn.cpuPerRequest.toFixed(2)} ms CPU, off ${lastOff.rate.toFixed(1)} req/s ${lastOff.cpuPerRequest.toFixed(2)} ms CPU\n`,
          );
        }
        const ratios = runs.on.map((on, i) => on.rate / runs.off[i]!.rate).sort((a, b) => a - b);
        const ratio = median(ratios);
        const cost = 1 - ratio;
        // The middle half of the rounds' ratios: how far one round's figure can be trusted; and
        // how far the median itself can be from the one of many more rounds.
        const spread = `${percentile(ratios, 25).toFixed(3)}–${percentile(ratios, 75).toFixed(3)}`;
        const [low, high] = medianInterval(ratios);
        const interval = `${pct(1 - high)} – ${pct(1 - low)}`;
        const cpuRatios = runs.on
          .map((on, i) => on.cpuPerRequest / runs.off[i]!.cpuPerRequest)
          .sort((a, b) => a - b);
        const cpuCost = median(cpuRatios) - 1;
        const cpuSpread = `${pct(percentile(cpuRatios, 25) - 1)} – ${pct(percentile(cpuRatios, 75) - 1)}`;
        rows.push([
          name,
          route,
          median(runs.on.map((l) => l.rate)).toFixed(1),
          median(runs.off.map((l) => l.rate)).toFixed(1),
          median(runs.on.map((l) => l.median)).toFixed(1),
          median(runs.off.map((l) => l.median)).toFixed(1),
          `${ratio.toFixed(3)} (${pct(cost)})`,
          interval,
          spread,
          median(runs.on.map((l) => l.cpuPerRequest)).toFixed(2),
          median(runs.off.map((l) => l.cpuPerRequest)).toFixed(2),
          `${pct(cpuCost)} (${cpuSpread})`,
          cost < TARGET_COST ? 'met' : 'missed',
        ]);
      }
    } finally {
      await services.on.target.close();
      await services.off.target.close();
    }
  }
  printTable(
    `Audit log cost on the audited routes (${CONCURRENCY} concurrent clients, ${SECONDS} s slices, ${ROUNDS} alternating rounds; medians; latency in ms)`,
    [
      'database',
      'route',
      'req/s audit on',
      'req/s audit off',
      'median on',
      'median off',
      'on/off throughput, median of rounds (cost)',
      'cost, 95 % interval of the median',
      'middle half of the rounds',
      'CPU ms/request on',
      'CPU ms/request off',
      'CPU cost, median of rounds (middle half)',
      `cost <${TARGET_COST * 100} %`,
    ],
    rows,
  );
  process.stdout.write(
    `\nLoad average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')} on ${os.cpus().length} cores (other work on the machine widens the spread).\n`,
  );
}

await main();
