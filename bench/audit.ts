// npm run bench:audit — what the audit log costs the audited hot paths: password sign-in, and an
// installation's create, update and delete. Two services run side by side on fresh databases, one
// recording these routes and one built without audit writes (bench/audit-service.ts).
// - Throughput: the same full load goes to each in short alternating slices (on/off, then
//   off/on), so drift on a busy machine falls on both, and each round's on/off ratio is taken.
// - CPU per request: both services at once, each paced to the same fixed rate, so both run in
//   the same seconds (the same neighbours, caches and clock speed); the CPU each request cost a
//   service (every thread of its process, V8's garbage collection helpers included, and on
//   PostgreSQL the server processes of its database) is compared round by round.
// The rounds are spread over several forks (BENCH_AUDIT_FORKS), each a fresh pair of services.
// Each cost is the median of the rounds with a 95 % interval for that median. On a machine whose
// cores are busy, throughput falls as CPU per request rises, so the second is the steadier
// measure of the first. BENCH_AUDIT_ROUTE=<start of a route's name> times one route only.
import os from 'node:os';
import {
  cpuMeter,
  json,
  median,
  medianInterval,
  printTable,
  registerAccount,
  startTarget,
  targetsToRun,
} from './lib.js';

const ROUNDS = Number(process.env.BENCH_AUDIT_ROUNDS ?? 12);
const WARM_UP_SLICES = Number(process.env.BENCH_AUDIT_WARM_UP ?? 3);
const SECONDS = Number(process.env.BENCH_AUDIT_SECONDS ?? 3);
/**
 * A paced round's length: one seal interval of PGlite (modules/audit/sealer.ts), so that each
 * round of the service with audit writes holds one seal's work rather than none or one (a seal
 * there costs 15–25 ms of the service's CPU, 1–2 % of a 3 s round's), and longer rounds average
 * more of the garbage collector's and the embedded vacuum's pauses, which fall on either service.
 */
const PACED_SECONDS = Number(process.env.BENCH_AUDIT_PACED_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_AUDIT_CONCURRENCY ?? 8);
/**
 * Rounds of both services at once, each paced to PACE times the rate the service without audit
 * writes reached alone: both keep up with room to spare, so a request's CPU is not inflated by
 * the machine running out of it.
 */
const PACED_ROUNDS = Number(process.env.BENCH_AUDIT_PACED_ROUNDS ?? 24);
const PACE = Number(process.env.BENCH_AUDIT_PACE ?? 0.35);
/**
 * Fresh pairs of services per route, each taking an equal share of the rounds. A pair's
 * processes keep what they became (the code V8 compiled and how, their heaps' sizes, where the
 * scheduler put them) for as long as they run, which moved one pair's cost by a percent or two
 * against another's even with audit writes off in both; rounds of several pairs measure the
 * cost rather than one pair's draw.
 */
const FORKS = Number(process.env.BENCH_AUDIT_FORKS ?? 3);
const ROUTES = ['sign-in', 'installation create/update/delete'];
/** Issue 18's target: auditing costs the audited routes under 5 % of their throughput. */
const TARGET_COST = 0.05;
const PASSWORD = 'bench password 123';

type Mode = 'on' | 'off';
interface Load {
  rate: number;
  requests: number;
}

/** A slice's load and the CPU its service spent per request, in ms. */
interface Slice extends Load {
  cpuPerRequest: number;
}

/**
 * CONCURRENCY loops of `step` for SECONDS, as fast as answers come, or for PACED_SECONDS paced
 * to `rate` requests per second in all; the requests made and their rate. Each request goes
 * through `counted`.
 */
async function load(
  step: (
    worker: number,
    i: number,
    counted: (f: () => Promise<Response>) => Promise<Response>,
  ) => Promise<void>,
  rate?: number,
): Promise<Load> {
  let requests = 0;
  const seconds = rate ? PACED_SECONDS : SECONDS;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  // Paced: each worker owns an equal share of the rate, and after each step waits until the
  // requests it made are due, the workers' starts spread over one interval.
  const interval = rate ? (CONCURRENCY * 1000) / rate : 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      let made = 0;
      const counted = async (f: () => Promise<Response>) => {
        const res = await f();
        made += 1;
        requests += 1;
        return res;
      };
      let due = started + (interval * worker) / CONCURRENCY;
      for (let i = 0; performance.now() < until; i++) {
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        if (performance.now() >= until) break;
        const before = made;
        await step(worker, i, counted);
        due += interval * (made - before);
      }
    }),
  );
  return { rate: requests / ((performance.now() - started) / 1000), requests };
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
    const slice = async (route: string, rate?: number): Promise<Slice> => {
      const before = await cpuSeconds();
      const loaded = await routes[route]!(rate);
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

  const routes: Record<string, (rate?: number) => Promise<Load>> = {
    'sign-in': (rate) =>
      load(async (_w, _i, counted) => {
        const res = await counted(() =>
          fetch(`${base}/api/auth/email/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ login: 'benchadmin', password: PASSWORD }),
          }),
        );
        await (await expectStatus(res, 200, 'sign-in')).arrayBuffer();
      }, rate),
    // One cycle per iteration: create, rename, delete; each request counts.
    'installation create/update/delete': (rate) =>
      load(
        (worker, _i, counted) =>
          installationCycle(
            installations,
            headers,
            serverId,
            `${mode}-${worker}-${cycle++}`,
            counted,
          ),
        rate,
      ),
  };
  return routes;
}

async function installationCycle(
  installations: string,
  headers: Record<string, string>,
  serverId: string,
  name: string,
  counted: (f: () => Promise<Response>) => Promise<Response> = (f) => f(),
) {
  const made = await expectStatus(
    await counted(() =>
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
  const renamed = await counted(() =>
    fetch(`${installations}/${id}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ name: `${name}-b` }),
    }),
  );
  await (await expectStatus(renamed, 200, 'update')).arrayBuffer();
  const removed = await counted(() =>
    fetch(`${installations}/${id}`, { method: 'DELETE', headers: { cookie: headers.cookie! } }),
  );
  await (await expectStatus(removed, 200, 'delete')).arrayBuffer();
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/**
 * A cost from each round's on/off ratio: the median of the rounds, and a 95 % interval for that
 * median. Throughput: what auditing takes away (1 − on/off); CPU: what it adds (on/off − 1).
 */
function costOf(ratios: number[], kind: 'throughput' | 'cpu') {
  const sign = kind === 'throughput' ? -1 : 1;
  const cost = sign * (median(ratios) - 1);
  const [low, high] = medianInterval(ratios)
    .map((r) => sign * (r - 1))
    .sort((a, b) => a - b);
  return { cost, low: low!, high: high!, text: `${pct(cost)} (${pct(low!)} – ${pct(high!)})` };
}

/**
 * Met only when the whole 95 % interval of the median is under the target, missed when it is
 * wholly at or over it; a median under the target whose interval reaches it is not shown met.
 */
function verdictOf(cost: ReturnType<typeof costOf> | null) {
  if (!cost) return 'not measured';
  if (cost.high < TARGET_COST) return 'met';
  if (cost.low >= TARGET_COST) return 'missed';
  return `not shown: the interval crosses ${TARGET_COST * 100} %`;
}

/**
 * One fork: a fresh pair of services (one with audit writes, one without) for one route, warmed
 * up, then its share of the throughput rounds and of the paced rounds. `rate` is the paced
 * rate; the first fork sets it from its own throughput rounds.
 */
async function fork(name: 'PGlite' | 'PostgreSQL', route: string, rate: number | null) {
  const on = await prepare(name, 'on');
  const off = await prepare(name, 'off').catch(async (error: unknown) => {
    await on.target.close();
    throw error;
  });
  const services = { on, off };
  try {
    const runs: Record<Mode, Slice[]> = { on: [], off: [] };
    // Unmeasured slices first, alternating: compiled code, the pool's connections and the
    // tables' first growth (with the statistics autovacuum then gathers) otherwise fall on
    // the first measured rounds, which then run slower for both and spread the ratios.
    for (let warm = 0; warm < WARM_UP_SLICES; warm++)
      for (const mode of ['on', 'off'] as const) await services[mode].slice(route);
    for (let round = 0; round < ROUNDS / FORKS; round++) {
      const order: Mode[] = round % 2 === 0 ? ['on', 'off'] : ['off', 'on'];
      for (const mode of order) runs[mode].push(await services[mode].slice(route));
      const [lastOn, lastOff] = [runs.on.at(-1)!, runs.off.at(-1)!];
      process.stderr.write(
        `${name} ${route} round ${round + 1}: on ${lastOn.rate.toFixed(1)} req/s ${lastOn.cpuPerRequest.toFixed(2)} ms CPU, off ${lastOff.rate.toFixed(1)} req/s ${lastOff.cpuPerRequest.toFixed(2)} ms CPU\n`,
      );
    }
    // Both services at once, each at the same fixed share of what the service without audit
    // writes served alone: the same seconds, so the same neighbours, caches and clock speed
    // for both, and the CPU each request cost them is compared round by round.
    const pace = rate ?? PACE * median(runs.off.map((l) => l.rate));
    const paced: Record<Mode, Slice[]> = { on: [], off: [] };
    for (let round = 0; round < PACED_ROUNDS / FORKS; round++) {
      const [on, off] = await Promise.all([
        services.on.slice(route, pace),
        services.off.slice(route, pace),
      ]);
      paced.on.push(on);
      paced.off.push(off);
      process.stderr.write(
        `${name} ${route} paced round ${round + 1} (${pace.toFixed(1)} req/s each): on ${on.rate.toFixed(1)} req/s ${on.cpuPerRequest.toFixed(3)} ms CPU, off ${off.rate.toFixed(1)} req/s ${off.cpuPerRequest.toFixed(3)} ms CPU\n`,
      );
    }
    return { runs, paced, rate: pace };
  } finally {
    await services.on.target.close();
    await services.off.target.close();
  }
}

async function main() {
  const rows: string[][] = [];
  const only = process.env.BENCH_AUDIT_ROUTE;
  for (const name of targetsToRun()) {
    for (const route of ROUTES.filter((r) => !only || r.startsWith(only))) {
      const runs: Record<Mode, Slice[]> = { on: [], off: [] };
      const paced: Record<Mode, Slice[]> = { on: [], off: [] };
      let rate: number | null = null;
      const forkCosts: string[] = [];
      for (let f = 0; f < FORKS; f++) {
        const measured = await fork(name, route, rate);
        rate = measured.rate;
        for (const mode of ['on', 'off'] as const) {
          runs[mode].push(...measured.runs[mode]);
          paced[mode].push(...measured.paced[mode]);
        }
        const ratios = measured.paced.on.map(
          (on, i) => on.cpuPerRequest / measured.paced.off[i]!.cpuPerRequest,
        );
        forkCosts.push(pct(median(ratios) - 1));
      }
      const throughput = costOf(
        runs.on.map((on, i) => on.rate / runs.off[i]!.rate),
        'throughput',
      );
      // A round in which either service fell behind the pace spent its CPU on fewer requests
      // than were due (a stall on the machine); it is left out, and the count shown.
      const pace = rate!;
      const kept = paced.on.flatMap((on, i) => {
        const off = paced.off[i]!;
        return on.rate >= pace * 0.9 && off.rate >= pace * 0.9
          ? [on.cpuPerRequest / off.cpuPerRequest]
          : [];
      });
      const cpu = kept.length >= paced.on.length / 2 ? costOf(kept, 'cpu') : null;
      rows.push([
        name,
        route,
        median(runs.on.map((l) => l.rate)).toFixed(1),
        median(runs.off.map((l) => l.rate)).toFixed(1),
        throughput.text,
        pace.toFixed(1),
        median(paced.on.map((l) => l.cpuPerRequest)).toFixed(3),
        median(paced.off.map((l) => l.cpuPerRequest)).toFixed(3),
        cpu
          ? `${cpu.text}, ${kept.length} of ${paced.on.length} rounds`
          : 'rounds fell behind the pace',
        forkCosts.join(', '),
        verdictOf(cpu),
      ]);
    }
  }
  printTable(
    `Audit log cost on the audited routes (${CONCURRENCY} concurrent clients; throughput: ${ROUNDS} alternating rounds of ${SECONDS} s at full load; CPU: ${PACED_ROUNDS} rounds of ${PACED_SECONDS} s of both services at once at a fixed rate; each spread over ${FORKS} forks, a fresh pair of services each; costs are medians of all rounds with a 95 % interval)`,
    [
      'database',
      'route',
      'req/s audit on',
      'req/s audit off',
      'throughput cost',
      'fixed rate, req/s each',
      'CPU ms/request on',
      'CPU ms/request off',
      'CPU cost per request',
      'CPU cost per request, each fork',
      `CPU cost <${TARGET_COST * 100} % (whole interval)`,
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
