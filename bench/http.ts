// npm run bench:http — an HTTP load test of the hot read routes with autocannon: for each route,
// 16 connections for 8 s against the service in its own process. Prints requests per second, the
// median and p99 latency and the CPU each answer cost, for PGlite and PostgreSQL, each against its
// target; then the embedded default (PGlite, built-in satellite): its first start on an empty
// data folder, its memory idle, after load and once idle again, and a restart on its own data.
// The services log at `info`, one line per request, as operators run them (BENCH_LOG_LEVEL).
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FROM_SOURCES, startCommand } from '../scripts/start-command.js';
import { CONNECTIONS, HOT_ROUTE_ENV, hotRoutes, loadRoute } from './hot-routes.js';
import {
  benchNodeOptions,
  cpuMeter,
  printTable,
  RAISED_LIMITS,
  rssMb,
  startTarget,
  targetsToRun,
  waitForHealth,
} from './lib.js';

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
/** Issue 44: the CPU one answer costs on the public routes, every hook and the log line included. */
const CPU_TARGET_US: Record<string, number> = {
  'health (public)': 50,
  'database status (public)': 50,
};
/** Issue 44: one setting as cheap as the other signed-in reads. */
const P50_TARGET_MS: Record<string, number> = { 'one setting (cookie)': 2 };
const FIRST_START_TARGET_S = 3;
const RSS_TARGET_MB = 200;
const RESTART_TARGET_S = 1;
const IDLE_WATCH_S = Number(process.env.BENCH_IDLE_WATCH_SECONDS ?? 120);

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
 * What `npm start` runs, with its variables and node's flags, on its entry (the bundle) when the
 * build is newer than every source file, else on the sources through tsx, which costs about a
 * second and 60 MB more (docs/performance.md).
 */
async function serviceEntry(): Promise<{
  args: string[];
  env: Record<string, string>;
  label: string;
}> {
  const { env, nodeFlags, entry } = await startCommand();
  const built = await stat(entry).catch(() => null);
  const current = built !== null && built.mtimeMs >= (await newest('src'));
  const [args, label] = current
    ? [[entry], 'built service']
    : [FROM_SOURCES, 'sources through tsx: no current build'];
  return { args: [...nodeFlags, ...args], env, label };
}

/** Starts the built-in default on `dataDir` and times it from spawn to the first healthy answer. */
async function startEmbedded(dataDir: string, port: number) {
  const entry = await serviceEntry();
  const started = performance.now();
  const child = spawn(process.execPath, entry.args, {
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...entry.env,
      ...RAISED_LIMITS,
      ...HOT_ROUTE_ENV,
      ...benchNodeOptions(),
    },
    stdio: 'ignore',
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  // Asked every 10 ms: the restart is timed to a tenth of a second.
  await waitForHealth(`http://127.0.0.1:${port}`, child, () => '', {
    everyMs: 10,
    limitMs: 120_000,
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { seconds: (performance.now() - started) / 1000, pid: child.pid!, entry, stop };
}

const settle = (ms = 2_000) => new Promise((r) => setTimeout(r, ms));

/**
 * The RSS once the service has sat idle after a load: V8 gives back the heap a burst left behind
 * only when its memory reducer sees the process idle, which with the satellite's polls takes
 * one to two minutes here. Read every 5 s for IDLE_WATCH_S; the last reading.
 */
async function rssOnceIdle(pid: number): Promise<number> {
  for (let waited = 0; waited < IDLE_WATCH_S; waited += 5) await settle(5_000);
  return rssMb(pid);
}

/**
 * The embedded default as an operator meets it (PGlite, the built-in satellite running and
 * idle): the first start on an empty data folder, where the database is created from the
 * template and migrated; its memory idle, and after two seconds of load on each hot route; and
 * a restart on the data it left. RSS is read after two quiet seconds.
 */
async function embeddedLife() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'gs-bench-first-'));
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  try {
    const first = await startEmbedded(dataDir, port);
    let idleRssMb: number;
    let warmRssMb: number;
    let idleAfterRssMb: number;
    try {
      await settle();
      idleRssMb = await rssMb(first.pid);
      const base = `http://127.0.0.1:${port}`;
      const noCpu = async () => 0;
      for (const route of await hotRoutes(base)) await loadRoute(base, route, 2, noCpu);
      await settle();
      warmRssMb = await rssMb(first.pid);
      idleAfterRssMb = await rssOnceIdle(first.pid);
    } finally {
      await first.stop();
    }
    const again = await startEmbedded(dataDir, port);
    await again.stop();
    return {
      entry: first.entry.label,
      firstSeconds: first.seconds,
      idleRssMb,
      warmRssMb,
      idleAfterRssMb,
      restartSeconds: again.seconds,
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const rows: string[][] = [];
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
        const cpuGoal = CPU_TARGET_US[label];
        const p50Goal = P50_TARGET_MS[label];
        const met =
          (goal === undefined || result.requests.average >= goal) &&
          (cpuGoal === undefined || cpuPerRequestUs < cpuGoal) &&
          (p50Goal === undefined || result.latency.p50 < p50Goal) &&
          result.latency.p99 <= P99_TARGET_MS;
        const goals = [
          goal === undefined ? null : `≥${goal.toLocaleString('en')} req/s`,
          cpuGoal === undefined ? null : `CPU <${cpuGoal} µs`,
          p50Goal === undefined ? null : `p50 <${p50Goal} ms`,
          `p99 ≤${P99_TARGET_MS} ms`,
        ].filter((g) => g !== null);
        rows.push([
          name,
          label,
          result.requests.average.toFixed(0),
          String(result.latency.p50),
          String(result.latency.p99),
          cpuPerRequestUs.toFixed(0),
          `${goals.join(', ')}: ${verdict(met)}`,
        ]);
      }
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
  const life = await embeddedLife();
  printTable(
    `The embedded default (PGlite, built-in satellite idle; ${life.entry})`,
    ['measure', 'value', 'target'],
    [
      [
        'first start (spawn to first healthy answer, empty data folder)',
        `${life.firstSeconds.toFixed(2)} s`,
        `<${FIRST_START_TARGET_S} s: ${verdict(life.firstSeconds < FIRST_START_TARGET_S)}`,
      ],
      ['RSS idle after the first start', `${life.idleRssMb.toFixed(0)} MB`, ''],
      [
        'RSS 2 s after 2 s of load on each hot route',
        `${life.warmRssMb.toFixed(0)} MB`,
        `<${RSS_TARGET_MB} MB: ${verdict(life.warmRssMb < RSS_TARGET_MB)}`,
      ],
      [
        `RSS after that load and ${IDLE_WATCH_S} s idle`,
        `${life.idleAfterRssMb.toFixed(0)} MB`,
        `<${RSS_TARGET_MB} MB: ${verdict(life.idleAfterRssMb < RSS_TARGET_MB)}`,
      ],
      [
        'restart on the data it left (spawn to first healthy answer)',
        `${life.restartSeconds.toFixed(2)} s`,
        `<${RESTART_TARGET_S} s: ${verdict(life.restartSeconds < RESTART_TARGET_S)}`,
      ],
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
