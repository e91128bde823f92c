// npm run bench:compare — this tree's service against another checkout's, on the hot read
// routes: both run side by side on fresh databases, and each route's load goes to them in short
// alternating slices (this/other, then other/this), so that a shared machine's swings fall on
// both. Reports, per route, the median rate of each and the median of the rounds' this/other
// ratios with the middle half of the rounds, and the CPU each answer cost each service.
//
//   BENCH_COMPARE_TREE=<checkout>   the other tree, with its dependencies installed (for example
//                                   `git worktree add ../before HEAD~1` and a link to node_modules);
//                                   both trees must share their migrations
//   BENCH_COMPARE_ROUNDS (8), BENCH_COMPARE_SECONDS (3), BENCH_HTTP_ROUTE, BENCH_ONLY as elsewhere
import path from 'node:path';
import { CONNECTIONS, HOT_ROUTE_ENV, hotRoutes, loadRoute, type HotRoute } from './hot-routes.js';
import {
  cpuMeter,
  median,
  percentile,
  printTable,
  startTarget,
  targetsToRun,
  type Target,
} from './lib.js';

const ROUNDS = Number(process.env.BENCH_COMPARE_ROUNDS ?? 8);
const SECONDS = Number(process.env.BENCH_COMPARE_SECONDS ?? 3);

interface Side {
  target: Target;
  routes: HotRoute[];
  cpuSeconds: () => Promise<number>;
}

interface Slice {
  rate: number;
  cpuPerRequestUs: number;
}

async function side(target: Target): Promise<Side> {
  return { target, routes: await hotRoutes(target.base), cpuSeconds: cpuMeter(target) };
}

async function slice(s: Side, route: number, seconds: number): Promise<Slice> {
  const { result, cpuPerRequestUs } = await loadRoute(
    s.target.base,
    s.routes[route]!,
    seconds,
    s.cpuSeconds,
  );
  return { rate: result.requests.average, cpuPerRequestUs };
}

const quartiles = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${percentile(sorted, 25).toFixed(3)}–${percentile(sorted, 75).toFixed(3)}`;
};

async function main() {
  const tree = process.env.BENCH_COMPARE_TREE;
  if (!tree) {
    console.error('Set BENCH_COMPARE_TREE to the other checkout (see bench/compare.ts).');
    process.exit(2);
  }
  const otherEntry = path.resolve(tree, 'src/server.ts');
  const rows: string[][] = [];
  for (const name of targetsToRun()) {
    const here = await side(await startTarget(name, async () => undefined, HOT_ROUTE_ENV));
    const there = await startTarget(name, async () => undefined, HOT_ROUTE_ENV, otherEntry)
      .then(side)
      .catch(async (error: unknown) => {
        await here.target.close();
        throw error;
      });
    try {
      for (let route = 0; route < here.routes.length; route++) {
        // Unmeasured: each service's first seconds on a route go to compiling its code paths.
        await slice(here, route, 2);
        await slice(there, route, 2);
        const ours: Slice[] = [];
        const theirs: Slice[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          if (round % 2 === 0) {
            ours.push(await slice(here, route, SECONDS));
            theirs.push(await slice(there, route, SECONDS));
          } else {
            theirs.push(await slice(there, route, SECONDS));
            ours.push(await slice(here, route, SECONDS));
          }
        }
        const ratios = ours.map((s, i) => s.rate / theirs[i]!.rate);
        rows.push([
          name,
          here.routes[route]!.label,
          median(ours.map((s) => s.rate)).toFixed(0),
          median(theirs.map((s) => s.rate)).toFixed(0),
          `${median(ratios).toFixed(3)} (${quartiles(ratios)})`,
          median(ours.map((s) => s.cpuPerRequestUs)).toFixed(0),
          median(theirs.map((s) => s.cpuPerRequestUs)).toFixed(0),
        ]);
      }
    } finally {
      await Promise.all([here.target.close(), there.target.close()]);
    }
  }
  printTable(
    `This tree against ${tree} (${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s slices; medians)`,
    [
      'database',
      'route',
      'this tree, req/s',
      'other tree, req/s',
      'this / other (middle half)',
      'CPU per request here (µs)',
      'CPU per request there (µs)',
    ],
    rows,
  );
}

await main();
