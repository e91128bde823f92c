// npm run bench:http — an HTTP load test of the hot read routes with autocannon: for each route,
// 16 connections for 8 s against the service in its own process. Prints requests per second, the
// median and p99 latency and the CPU each answer cost, for PGlite and PostgreSQL, each against its
// target; then the embedded default's first start on an empty data folder and its memory (idle
// and after load).
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CONNECTIONS, HOT_ROUTE_ENV, hotRoutes, loadRoute } from './hot-routes.js';
import { benchNodeOptions, cpuMeter, printTable, rssMb, startTarget, targetsToRun } from './lib.js';

const DURATION_S = Number(process.env.BENCH_HTTP_SECONDS ?? 8);
/**
 * Each route is driven this long, unmeasured, before its measured run: the service's first
 * seconds on a route go to compiling its code paths, which a service that has been up for a
 * minute has long done.
 */
const WARM_UP_S = Number(process.env.BENCH_HTTP_WARM_UP_SECONDS ?? 2);
/** Issue 20's targets at 16 connections; every route's p99 must also stay at or under 25 ms. */
const P99_TARGET_MS = 25;
const TARGETS: Record<string, { PGlite: number; PostgreSQL: number }> = {
  'health (public)': { PGlite: 15_000, PostgreSQL: 15_000 },
  'database status (public)': { PGlite: 15_000, PostgreSQL: 15_000 },
  'own profile (cookie)': { PGlite: 3_000, PostgreSQL: 5_000 },
  'roles (cookie)': { PGlite: 5_000, PostgreSQL: 5_000 },
};
const FIRST_START_TARGET_S = 3;
const IDLE_RSS_TARGET_MB = 200;

const verdict = (met: boolean) => (met ? 'met' : 'missed');

/** Newest modification time of the files under a folder. */
async function newest(dir: string): Promise<number> {
  let latest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile())
      latest = Math.max(latest, (await stat(path.join(entry.parentPath, entry.name))).mtimeMs);
  return latest;
}

/**
 * What `npm start` runs (dist/server.js) when the build is newer than every source file, else the
 * sources through tsx, which costs about a second and 60 MB more (docs/performance.md).
 */
async function serviceEntry(): Promise<{ args: string[]; label: string }> {
  const built = await stat('dist/server.js').catch(() => null);
  return built && built.mtimeMs >= (await newest('src'))
    ? { args: ['dist/server.js'], label: 'built service' }
    : {
        args: ['--conditions=groundstation-source', '--import', 'tsx', 'src/server.ts'],
        label: 'sources through tsx: no current build',
      };
}

/**
 * The first start of the embedded default, as an operator meets it: an empty data folder, so the
 * database is created (copied from the template) and migrated at start. Timed from spawn to the
 * first healthy answer; the idle RSS is read after the service has sat for two seconds.
 */
async function firstStart(): Promise<{ seconds: number; idleRssMb: number; entry: string }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'gs-bench-first-'));
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const entry = await serviceEntry();
  const started = performance.now();
  const child = spawn(process.execPath, entry.args, {
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...benchNodeOptions(),
    },
    stdio: 'ignore',
  });
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error('the service exited during its first start');
      if (Date.now() > deadline) throw new Error('the service did not start');
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200) break;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    const seconds = (performance.now() - started) / 1000;
    await new Promise((r) => setTimeout(r, 2_000));
    return { seconds, idleRssMb: await rssMb(child.pid!), entry: entry.label };
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const rows: string[][] = [];
  let loadedRssMb = NaN;
  for (const name of targetsToRun()) {
    const target = await startTarget(name, async () => undefined, HOT_ROUTE_ENV);
    try {
      const routes = await hotRoutes(target.base);
      const cpuSeconds = cpuMeter(target);
      for (const route of routes) {
        const { label } = route;
        if (WARM_UP_S > 0) await loadRoute(target.base, route, WARM_UP_S, cpuSeconds);
        const { result, cpuPerRequestUs } = await loadRoute(
          target.base,
          route,
          DURATION_S,
          cpuSeconds,
        );
        const goal = TARGETS[label]?.[name];
        const rateMet = goal === undefined || result.requests.average >= goal;
        rows.push([
          name,
          label,
          result.requests.average.toFixed(0),
          String(result.latency.p50),
          String(result.latency.p99),
          cpuPerRequestUs.toFixed(0),
          `${goal === undefined ? '' : `≥${goal.toLocaleString('en')} req/s, `}p99 ≤${P99_TARGET_MS} ms: ${verdict(rateMet && result.latency.p99 <= P99_TARGET_MS)}`,
        ]);
      }
      if (name === 'PGlite') loadedRssMb = await rssMb(target.pid);
    } finally {
      await target.close();
    }
  }
  printTable(
    `Hot read routes under load (${CONNECTIONS} connections, ${DURATION_S} s each after ${WARM_UP_S} s unmeasured; latency in ms)`,
    [
      'database',
      'route',
      'requests/s',
      'latency median',
      'latency p99',
      'CPU per request (µs)',
      'target',
    ],
    rows,
  );
  if (!targetsToRun().includes('PGlite') || process.env.BENCH_HTTP_ROUTE) return;
  const first = await firstStart();
  printTable(
    'The embedded default (PGlite): first start on an empty data folder, and memory',
    ['measure', 'value', 'target'],
    [
      [
        `first start (spawn to first healthy answer; ${first.entry})`,
        `${first.seconds.toFixed(2)} s`,
        `<${FIRST_START_TARGET_S} s: ${verdict(first.seconds < FIRST_START_TARGET_S)}`,
      ],
      [
        'idle RSS after first start',
        `${first.idleRssMb.toFixed(0)} MB`,
        `<${IDLE_RSS_TARGET_MB} MB: ${verdict(first.idleRssMb < IDLE_RSS_TARGET_MB)}`,
      ],
      ['RSS after the load above', `${loadedRssMb.toFixed(0)} MB`, ''],
    ],
  );
  process.stdout.write(
    `\nLoad average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')} on ${os.cpus().length} cores (figures from a busy machine are low).\n`,
  );
}

await main();
