// npm run bench:audit — what the audit log costs the audited hot paths: password sign-in, and an
// installation's create, update and delete. Two services run side by side on fresh databases
// (bench/audit-service.ts); in each round one records these routes and the other writes no audit
// entries, and the next round they swap roles.
// - Throughput: the same full load goes to each in short alternating slices, so drift on a busy
//   machine falls on both, and each round's on/off ratio is taken.
// - CPU per request: both services at once, each paced to the same fixed rate, so both run in
//   the same seconds (the same neighbours, caches and clock speed); the CPU each request cost a
//   service (every thread of its process, V8's garbage collection helpers included, and on
//   PostgreSQL the server processes of its database) is compared round by round.
// Each round ends with a read of the chain's head in both services, which seals what is waiting,
// so a round's entries are sealed, and their sealing counted, within it. The swap is why pairs
// of rounds are the unit: a process keeps what it became (the code V8 compiled, its heap's size,
// where the scheduler put it) for as long as it runs, which made one process of a pair cost a
// percent or more than the other even with audit writes off in both; in a pair of rounds each
// has each role, and the geometric mean of the pair's two on/off ratios holds the audit log's
// cost without that difference. The rounds are spread over several forks (BENCH_AUDIT_FORKS),
// each a fresh pair of services. Each cost is the median of the pairs with a 95 % interval for
// that median. The interleaved measure (interleaved() below) then gives a second estimate of the
// CPU cost, from one service alone. On a machine whose cores are busy, throughput falls as CPU
// per request rises, so the second is the steadier measure of the first.
// BENCH_AUDIT_ROUTE=<start of a route's name> times one route only.
import os from 'node:os';
import {
  cpuMeter,
  json,
  median,
  medianInterval,
  printTable,
  ratioOfSums,
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
 * the machine running out of it. 36 rounds make 18 pairs, whose median's interval is about
 * ±2 % on this machine's spread.
 */
const PACED_ROUNDS = Number(process.env.BENCH_AUDIT_PACED_ROUNDS ?? 36);
const PACE = Number(process.env.BENCH_AUDIT_PACE ?? 0.35);
/** Fresh pairs of services per route, each taking an equal share of the rounds. */
const FORKS = Number(process.env.BENCH_AUDIT_FORKS ?? 3);
/** A fork's share of `rounds`, even: its rounds go in pairs in which the services swap roles. */
const perFork = (rounds: number) => 2 * Math.ceil(rounds / FORKS / 2);
/**
 * Pairs of units (one sign-in; one installation created, renamed and deleted) in the interleaved
 * measure, each pair one unit with audit writes and one without on the same service.
 */
const INTERLEAVED_PAIRS = Number(process.env.BENCH_AUDIT_INTERLEAVED_PAIRS ?? 400);
const INTERLEAVED_WARM_UP = 40;
/** How often each database's services seal by default (modules/audit/sealer.ts), in seconds. */
const SEAL_SECONDS = { PGlite: 5, PostgreSQL: 1 };
const ROUTES = ['sign-in', 'installation create/update/delete'];
/** Issue 18's target: auditing costs the audited routes under 5 % of their throughput. */
const TARGET_COST = 0.05;
const PASSWORD = 'bench password 123';

type Mode = 'on' | 'off';
interface Load {
  rate: number;
  requests: number;
}

type Counted = (f: () => Promise<Response>) => Promise<Response>;

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

/**
 * A service whose audit writes the benchmark turns on and off, set up with an account, a server
 * and its team.
 */
async function prepare(name: 'PGlite' | 'PostgreSQL', env: Record<string, string> = {}) {
  const target = await startTarget(name, async () => undefined, env, 'bench/audit-service.ts');
  try {
    const { routes, units, cookie } = await setUp(target.base);
    const cpuSeconds = cpuMeter(target);
    /** Reads the chain's head, which seals what is waiting (nothing with audit writes off). */
    const seal = () => json(target.base, '/api/audit/head', { cookie });
    /**
     * Runs one slice of a route's load, then seals what the slice left waiting; the CPU the
     * service spent on both, per request of the load.
     */
    const slice = async (route: string, rate?: number): Promise<Slice> => {
      const before = await cpuSeconds();
      const loaded = await routes[route]!(rate);
      await seal();
      const spent = (await cpuSeconds()) - before;
      return { ...loaded, cpuPerRequest: (spent * 1000) / loaded.requests };
    };
    /**
     * One unit of a route's load, alone, and a seal after it when `sealing`; the CPU the service
     * spent on them, in ms, and the requests made.
     */
    const unit = async (route: string, sealing: boolean) => {
      let requests = 0;
      const before = await cpuSeconds();
      await units[route]!(0, async (f) => {
        requests += 1;
        return f();
      });
      if (sealing) await seal();
      return { cpu: ((await cpuSeconds()) - before) * 1000, requests };
    };
    const setMode = async (mode: Mode) => {
      const res = await fetch(`${target.base}/__bench/audit/${mode}`, { method: 'PUT' });
      const body = (await expectStatus(res, 200, 'audit switch').then((r) => r.json())) as {
        record: boolean;
      };
      if (body.record !== (mode === 'on')) throw new Error(`the audit switch did not turn ${mode}`);
    };
    return { target, slice, unit, setMode };
  } catch (error) {
    await target.close();
    throw error;
  }
}

type Service = Awaited<ReturnType<typeof prepare>>;

/** The account, server and team the load uses; the routes' loads. */
async function setUp(base: string) {
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

  /** One unit of each route's load, through `counted`. */
  const units: Record<string, (worker: number, counted: Counted) => Promise<void>> = {
    'sign-in': async (_worker, counted) => {
      const res = await counted(() =>
        fetch(`${base}/api/auth/email/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ login: 'benchadmin', password: PASSWORD }),
        }),
      );
      await (await expectStatus(res, 200, 'sign-in')).arrayBuffer();
    },
    // Create, rename, delete; each request counts.
    'installation create/update/delete': (worker, counted) =>
      installationCycle(installations, headers, serverId, `bench-${worker}-${cycle++}`, counted),
  };
  const routes = Object.fromEntries(
    Object.entries(units).map(([route, unit]) => [
      route,
      (rate?: number) => load((worker, _i, counted) => unit(worker, counted), rate),
    ]),
  ) as Record<string, (rate?: number) => Promise<Load>>;
  return { routes, units, cookie };
}

async function installationCycle(
  installations: string,
  headers: Record<string, string>,
  serverId: string,
  name: string,
  counted: Counted = (f) => f(),
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
 * Met only when the whole 95 % interval of the cost is under the target, missed when it is
 * wholly at or over it; a cost under the target whose interval reaches it is not shown met.
 */
function verdictOf(cost: { low: number; high: number } | null) {
  if (!cost) return 'not measured';
  if (cost.high < TARGET_COST) return 'met';
  if (cost.low >= TARGET_COST) return 'missed';
  return `not shown: the interval crosses ${TARGET_COST * 100} %`;
}

/**
 * Pairs of consecutive rounds, in which the two services swapped roles: the geometric mean of
 * the pair's two on/off ratios, in which what one process costs more than the other cancels.
 * A pair with a round left out (null) is left out.
 */
function pairRatios(ratios: Array<number | null>): number[] {
  const pairs: number[] = [];
  for (let i = 0; i + 1 < ratios.length; i += 2) {
    const [first, second] = [ratios[i], ratios[i + 1]];
    if (first != null && second != null) pairs.push(Math.sqrt(first * second));
  }
  return pairs;
}

/**
 * A paced round's on/off ratio of CPU per request, or null when either service fell behind the
 * pace: it then spent its CPU on fewer requests than were due (a stall on the machine).
 */
const pacedRatio = (on: Slice, off: Slice, pace: number) =>
  on.rate >= pace * 0.9 && off.rate >= pace * 0.9 ? on.cpuPerRequest / off.cpuPerRequest : null;

/**
 * One fork: a fresh pair of services for one route, warmed up, then its share of the throughput
 * rounds and of the paced rounds, the services swapping roles every round. `rate` is the paced
 * rate; the first fork sets it from its own throughput rounds.
 */
async function fork(name: 'PGlite' | 'PostgreSQL', route: string, rate: number | null) {
  const first = await prepare(name);
  const second = await prepare(name).catch(async (error: unknown) => {
    await first.target.close();
    throw error;
  });
  /** Round by round: the first service records in even rounds, the second in odd ones. */
  const cast = async (round: number): Promise<Record<Mode, Service>> => {
    const roles = round % 2 === 0 ? { on: first, off: second } : { on: second, off: first };
    await Promise.all([roles.on.setMode('on'), roles.off.setMode('off')]);
    return roles;
  };
  try {
    const runs: Record<Mode, Slice[]> = { on: [], off: [] };
    // Unmeasured slices first, in both roles: compiled code, the pool's connections and the
    // tables' first growth (with the statistics autovacuum then gathers) otherwise fall on
    // the first measured rounds, which then run slower for both and spread the ratios.
    for (let warm = 0; warm < 2 * WARM_UP_SLICES; warm++) {
      const roles = await cast(warm);
      for (const mode of ['on', 'off'] as const) await roles[mode].slice(route);
    }
    for (let round = 0; round < perFork(ROUNDS); round++) {
      const roles = await cast(round);
      // Roles swap every round and the order every other round: each service is measured in
      // each role, first and second.
      const order: Mode[] = Math.floor(round / 2) % 2 === 0 ? ['on', 'off'] : ['off', 'on'];
      for (const mode of order) runs[mode].push(await roles[mode].slice(route));
      const [lastOn, lastOff] = [runs.on.at(-1)!, runs.off.at(-1)!];
      process.stderr.write(
        `${name} ${route} round ${round + 1}: on ${lastOn.rate.toFixed(1)} req/s ${lastOn.cpuPerRequest.toFixed(2)} ms CPU, off ${lastOff.rate.toFixed(1)} req/s ${lastOff.cpuPerRequest.toFixed(2)} ms CPU\n`,
      );
    }
    // Both services at once, each at the same fixed share of what a service without audit
    // writes served alone: the same seconds, so the same neighbours, caches and clock speed
    // for both, and the CPU each request cost them is compared round by round.
    const pace = rate ?? PACE * median(runs.off.map((l) => l.rate));
    const paced: Record<Mode, Slice[]> = { on: [], off: [] };
    for (let round = 0; round < perFork(PACED_ROUNDS); round++) {
      const roles = await cast(round);
      const [on, off] = await Promise.all([
        roles.on.slice(route, pace),
        roles.off.slice(route, pace),
      ]);
      paced.on.push(on);
      paced.off.push(off);
      process.stderr.write(
        `${name} ${route} paced round ${round + 1} (${pace.toFixed(1)} req/s each, ${round % 2 === 0 ? 'first' : 'second'} service recording): on ${on.rate.toFixed(1)} req/s ${on.cpuPerRequest.toFixed(3)} ms CPU, off ${off.rate.toFixed(1)} req/s ${off.cpuPerRequest.toFixed(3)} ms CPU\n`,
      );
    }
    return { runs, paced, rate: pace };
  } finally {
    await first.target.close();
    await second.target.close();
  }
}

/**
 * The interleaved measure: units of a route's load one at a time on one service, with its audit
 * writes on for one unit and off for the next (in alternating order), and the CPU the service
 * spent on each. Whatever drifts (the machine's other work, the service's heap, its growing
 * tables) falls on both halves of a pair alike, and one process takes both roles: a second
 * estimate, free of any difference between two processes and of requests overlapping. A single
 * unit's CPU varies a lot (a garbage collection falls in it, or not), so for the same time its
 * interval is about as wide as the paced rounds'. Sealing is part of the cost: every `entriesPerSeal` entries (what the default seal
 * interval gathers at the paced rate), the unit with audit writes ends with a seal, and its
 * partner with the same read of the head, which then seals nothing. The service's own sealing
 * pass is put off (AUDIT_SEAL_MS=60000), so that it does not fall into a unit without audit
 * writes.
 */
async function interleaved(name: 'PGlite' | 'PostgreSQL', route: string, entriesPerSeal: number) {
  const service = await prepare(name, { AUDIT_SEAL_MS: '60000' });
  try {
    const run = async (mode: Mode, sealing: boolean) => {
      await service.setMode(mode);
      return service.unit(route, sealing);
    };
    for (let i = 0; i < INTERLEAVED_WARM_UP; i++) await run(i % 2 ? 'on' : 'off', true);
    const pairs: Array<{ a: number; b: number }> = [];
    let waiting = 0;
    for (let i = 0; i <= INTERLEAVED_PAIRS; i++) {
      // One more pair at the end seals what the last pairs left waiting.
      const sealing = waiting >= entriesPerSeal || i === INTERLEAVED_PAIRS;
      const order: Mode[] = i % 2 === 0 ? ['on', 'off'] : ['off', 'on'];
      const spent = {} as Record<Mode, { cpu: number; requests: number }>;
      for (const mode of order) spent[mode] = await run(mode, sealing);
      waiting = sealing ? 0 : waiting + spent.on.requests;
      pairs.push({ a: spent.on.cpu, b: spent.off.cpu });
    }
    const { ratio, interval } = ratioOfSums(pairs);
    const [low, high] = interval.map((r) => r - 1) as [number, number];
    return {
      cost: ratio - 1,
      low,
      high,
      text: `${pct(ratio - 1)} (${pct(low)} – ${pct(high)})`,
      pairs: pairs.length,
    };
  } finally {
    await service.target.close();
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
      const throughputPairs: number[] = [];
      const cpuPairs: number[] = [];
      let pacedPairs = 0;
      for (let f = 0; f < FORKS; f++) {
        const measured = await fork(name, route, rate);
        rate = measured.rate;
        for (const mode of ['on', 'off'] as const) {
          runs[mode].push(...measured.runs[mode]);
          paced[mode].push(...measured.paced[mode]);
        }
        throughputPairs.push(
          ...pairRatios(measured.runs.on.map((on, i) => on.rate / measured.runs.off[i]!.rate)),
        );
        const pairs = pairRatios(
          measured.paced.on.map((on, i) => pacedRatio(on, measured.paced.off[i]!, measured.rate)),
        );
        cpuPairs.push(...pairs);
        pacedPairs += measured.paced.on.length / 2;
        forkCosts.push(pairs.length > 0 ? pct(median(pairs) - 1) : 'behind the pace');
      }
      const throughput = costOf(throughputPairs, 'throughput');
      const pace = rate!;
      const cpu = cpuPairs.length >= pacedPairs / 2 ? costOf(cpuPairs, 'cpu') : null;
      const entriesPerSeal = Math.max(1, Math.round(pace * SEAL_SECONDS[name]));
      const paired = await interleaved(name, route, entriesPerSeal);
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
          ? `${cpu.text}, ${cpuPairs.length} of ${pacedPairs} pairs of rounds`
          : 'rounds fell behind the pace',
        forkCosts.join(', '),
        `${paired.text}, ${paired.pairs} pairs, a seal every ${entriesPerSeal} entries`,
        verdictOf(cpu),
      ]);
    }
  }
  printTable(
    `Audit log cost on the audited routes (${CONCURRENCY} concurrent clients; throughput: ${perFork(ROUNDS) * FORKS} alternating rounds of ${SECONDS} s at full load; CPU: ${perFork(PACED_ROUNDS) * FORKS} rounds of ${PACED_SECONDS} s of both services at once at a fixed rate; each spread over ${FORKS} forks, a fresh pair of services each, which swap roles every round; costs are medians of the pairs of rounds with a 95 % interval; interleaved: ${INTERLEAVED_PAIRS} pairs of units one at a time on one service, audit writes on and off, the ratio of their CPU's sums with a 95 % interval)`,
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
      'CPU cost per request, interleaved',
      `CPU cost <${TARGET_COST * 100} % (whole interval, paced)`,
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
