import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { pgliteDir } from '../src/db/target.js';
import { randomBase62 } from '../src/lib/ids.js';

export type TargetName = 'PGlite' | 'PostgreSQL';

export interface Target {
  name: TargetName;
  base: string;
  /** A direct connection for checks; null on PGlite, whose files the service process owns. */
  url: string | null;
  /** The service's process id, to read its memory. */
  pid: number;
  /**
   * Starts one more service process on the same database and data folder (PostgreSQL only), as
   * a second replica behind a load balancer; `close` stops it too.
   */
  replica(): Promise<{ base: string; pid: number }>;
  close(): Promise<void>;
}

/** PostgreSQL for benchmarks: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local server. */
export function postgresAdminUrl(): string {
  return (
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres'
  );
}

async function adminQuery<T extends pg.QueryResultRow = Record<string, unknown>>(
  sqlText: string,
  params: unknown[] = [],
): Promise<T[]> {
  const admin = new pg.Client({ connectionString: postgresAdminUrl() });
  await admin.connect();
  try {
    return (await admin.query<T>(sqlText, params)).rows;
  } finally {
    await admin.end();
  }
}

/** BENCH_NODE_OPTIONS=<flags> runs the services with Node or V8 flags, to weigh them. */
export function benchNodeOptions(): Record<string, string> {
  const flags = process.env.BENCH_NODE_OPTIONS;
  return flags ? { NODE_OPTIONS: flags } : {};
}

export async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Asks `base` for its health every `everyMs` until it answers 200; fails if the child exits. */
export async function waitForHealth(
  base: string,
  child: ChildProcess,
  log: () => string,
  { everyMs = 100, limitMs = 60_000 } = {},
) {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`service exited early:\n${log()}`);
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`service did not start:\n${log()}`);
}

/** The per-account limits every benchmarked service runs with. */
export const RAISED_LIMITS = {
  LOGIN_LIMIT_PER_ADDRESS: '1000000',
  LOGIN_LIMIT_PER_ACCOUNT: '1000000',
  // Counted (so its cost is measured) but never met by a benchmark's single account.
  API_LIMIT_PER_ACCOUNT: '1000000000',
  API_LIMIT_PER_OAUTH_CLIENT: '1000000000',
};

/**
 * Prepares a fresh database (migrated, seeded, vacuumed), then runs the service in its own
 * process on it, so the benchmark client never shares the service's event loop.
 */
export async function startTarget(
  name: TargetName,
  seed: (db: Database) => Promise<void>,
  env: Record<string, string> = {},
  /** The service's entry; bench/audit.ts runs its own, which builds the app differently. */
  entry = 'src/server.ts',
): Promise<Target> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'gs-bench-'));
  let url: string | null = null;
  let dbName: string | null = null;
  let db: Database;
  if (name === 'PostgreSQL') {
    dbName = `gs_bench_${randomBase62(10).toLowerCase()}`;
    await adminQuery(`CREATE DATABASE ${dbName}`);
    const u = new URL(postgresAdminUrl());
    u.pathname = `/${dbName}`;
    url = u.toString();
    db = await openPostgres({ url, poolMax: 4 });
  } else {
    db = await openPglite(pgliteDir(dataDir));
  }
  await runMigrations(db);
  await seed(db);
  // Steady state, as autovacuum leaves it: statistics and the visibility map are current.
  await db.query('VACUUM ANALYZE');
  await db.close();

  const children: ChildProcess[] = [];
  async function spawnService() {
    const port = await freePort();
    // BENCH_CPU_PROF=<dir> writes the service's CPU profile there when it stops.
    const profile = process.env.BENCH_CPU_PROF;
    const args = [
      ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []),
      // The satellite's sources, not its build (package.json `imports`).
      '--conditions=groundstation-source',
      '--import',
      'tsx',
      entry,
    ];
    const child = spawn(process.execPath, args, {
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        // What operators run (one line per request): its cost is part of every request's.
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
        ...RAISED_LIMITS,
        DATABASE_POOL_MAX: '20',
        // The API is measured alone; a benchmark of the satellite turns it on.
        BUILTIN_SATELLITE: 'false',
        ...benchNodeOptions(),
        ...(url ? { DATABASE_URL: url } : {}),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    // The last lines only, for the error should the service not come up.
    let log = '';
    const keep = (d: Buffer) => (log = (log + String(d)).slice(-16_384));
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(base, child, () => log);
    return { base, pid: child.pid! };
  }
  const first = await spawnService();
  return {
    name,
    base: first.base,
    url,
    pid: first.pid,
    async replica() {
      if (!url) throw new Error('replicas need PostgreSQL');
      return spawnService();
    },
    async close() {
      await Promise.all(
        children.map((child) => {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGTERM');
          return exited;
        }),
      );
      if (dbName) await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function targetsToRun(): TargetName[] {
  const only = process.env.BENCH_ONLY;
  const all: TargetName[] = ['PGlite', 'PostgreSQL'];
  return only ? all.filter((n) => n.toLowerCase() === only.toLowerCase()) : all;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

export interface Timing {
  median: number;
  p99: number;
  samples: number;
}

/** Times `run` sequentially after a warm-up; returns milliseconds. */
export async function time(
  run: (i: number) => Promise<void>,
  samples = Number(process.env.BENCH_SAMPLES ?? 300),
  warmup = 30,
): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await run(i);
  const durations: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    await run(i);
    durations.push(performance.now() - started);
  }
  durations.sort((a, b) => a - b);
  return { median: percentile(durations, 50), p99: percentile(durations, 99), samples };
}

export const ms = (value: number) => value.toFixed(2);

/** A process's resident memory in MB. */
export async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

export function printTable(title: string, header: string[], rows: string[][]) {
  process.stdout.write(
    `\n### ${title}\n\n| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|\n`,
  );
  for (const row of rows) process.stdout.write(`| ${row.join(' | ')} |\n`);
}

/** Registers an account (the first one becomes the global admin); returns its session cookie. */
export async function registerAccount(base: string, username = 'benchadmin'): Promise<string> {
  const res = await fetch(`${base}/api/auth/email/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username,
      email: `${username}@example.com`,
      password: 'bench password 123',
    }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('auth_session='))!;
  return cookie.split(';')[0]!;
}

/** A JSON request to the service with a cookie or a bearer token; throws on a non-2xx answer. */
export async function json(
  base: string,
  path: string,
  init: RequestInit & { cookie?: string; bearer?: string } = {},
) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.bearer) headers.authorization = `Bearer ${init.bearer}`;
  const res = await fetch(`${base}${path}`, { ...init, headers });
  const body = (await res.json()) as any;
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/**
 * A lean client for timed requests: one kept-alive connection, as a satellite holds, over
 * node:http. `fetch` (undici) spends about 1 to 2 ms of its own CPU on a 30 KB request on these
 * 2-core machines, time the service then waits for and the figures would count as its own.
 */
export function keepAliveClient(base: string, headers: Record<string, string> = {}) {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return {
    /** POSTs a JSON text; resolves with the parsed answer, rejects on a non-2xx one. */
    post(path: string, body: string): Promise<any> {
      return new Promise((resolve, reject) => {
        const request = http.request(
          {
            agent,
            host: url.hostname,
            port: url.port,
            path,
            method: 'POST',
            headers: {
              ...headers,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
            },
          },
          (response) => {
            let text = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (text += chunk));
            response.on('end', () => {
              if (response.statusCode! >= 300)
                reject(new Error(`${path}: ${response.statusCode} ${text}`));
              else resolve(JSON.parse(text));
            });
          },
        );
        request.on('error', reject);
        request.end(body);
      });
    },
    close: () => agent.destroy(),
  };
}

/** Pairs a satellite over the API with a global registration token; its id and API key. */
export async function pairSatellite(
  base: string,
  cookie: string,
  name: string,
): Promise<{ id: string; key: string }> {
  const token = await json(base, '/api/satellites/registration-tokens', {
    method: 'POST',
    cookie,
    body: JSON.stringify({ scope: 'global' }),
  });
  const satellite = await json(base, '/api/satellites/register', {
    method: 'POST',
    bearer: token.data.token,
    body: JSON.stringify({ name }),
  });
  return { id: satellite.data.satellite.id, key: satellite.data.api_key };
}

export const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/**
 * A 95 % interval for the median of `values` (percentile bootstrap, 2,000 resamples with a fixed
 * seed, so the same figures give the same interval): how far the median of a few noisy rounds
 * can be from the one many rounds would give.
 */
export function medianInterval(values: number[], resamples = 2000): [number, number] {
  const random = seededRandom();
  const medians = Array.from({ length: resamples }, () =>
    median(values.map(() => values[Math.floor(random() * values.length)]!)),
  ).sort((a, b) => a - b);
  return [percentile(medians, 2.5), percentile(medians, 97.5)];
}

/**
 * Pairs of measurements, `a` and `b`, taken side by side: the ratio of their sums (Σa / Σb) and
 * a 95 % interval for it (percentile bootstrap over the pairs, 2,000 resamples, fixed seed).
 * Sums, not a median, when every unit of what is measured counts, rare large ones included.
 */
export function ratioOfSums(
  pairs: Array<{ a: number; b: number }>,
  resamples = 2000,
): { ratio: number; interval: [number, number] } {
  const ratioOf = (sample: Array<{ a: number; b: number }>) =>
    sample.reduce((sum, p) => sum + p.a, 0) / sample.reduce((sum, p) => sum + p.b, 0);
  const random = seededRandom();
  const ratios = Array.from({ length: resamples }, () =>
    ratioOf(pairs.map(() => pairs[Math.floor(random() * pairs.length)]!)),
  ).sort((x, y) => x - y);
  return { ratio: ratioOf(pairs), interval: [percentile(ratios, 2.5), percentile(ratios, 97.5)] };
}

/** mulberry32 from a fixed seed: small, fast, and enough for resampling indexes. */
function seededRandom() {
  let seed = 0x9e3779b9;
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * CPU seconds each thread of a process has used, keyed by thread id, from
 * /proc/<pid>/task/<tid>/schedstat (Linux, nanoseconds); null once the process is gone.
 * /proc/<pid>/stat counts in clock ticks (10 ms), too coarse for slices of a few seconds spread
 * over a dozen processes.
 */
async function threadCpuSeconds(pid: number): Promise<Map<number, number> | null> {
  try {
    const tids = await readdir(`/proc/${pid}/task`);
    const seconds = new Map<number, number>();
    for (const tid of tids) {
      const stat = await readFile(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').catch(() => null);
      if (stat !== null) seconds.set(Number(tid), Number(stat.split(' ')[0]) / 1e9);
    }
    return seconds;
  } catch {
    return null;
  }
}

/**
 * CPU seconds a service has used so far: every thread of its process (the garbage collector's
 * helpers too) and, on PostgreSQL, the server processes of its own database (connections, and
 * autovacuum while it works there). A throughput ratio on a shared machine moves with the
 * neighbours' load; the CPU a request costs moves far less, so the two together tell a real cost
 * from noise. A thread or process that exits keeps counting what it used until last seen.
 */
export function cpuMeter(target: Target, options: { database?: boolean } = {}) {
  const lastSeen = new Map<number, number>();
  const database =
    target.url && options.database !== false ? new URL(target.url).pathname.slice(1) : null;
  return async function cpuSeconds(): Promise<number> {
    const pids = [target.pid];
    if (database) {
      const backends = await adminQuery<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE datname = $1',
        [database],
      );
      pids.push(...backends.map((row) => row.pid));
    }
    for (const pid of pids) {
      for (const [tid, seconds] of (await threadCpuSeconds(pid)) ?? []) lastSeen.set(tid, seconds);
    }
    return [...lastSeen.values()].reduce((sum, seconds) => sum + seconds, 0);
  };
}
