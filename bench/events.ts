// npm run bench:events — runs the service, pairs satellites, seeds an installation with an instance,
// then posts batches of 100 events over HTTP in three mixes (bench/event-mixes.ts: the spec's
// shapes, the DeployStack satellite's shapes, and all 21 types). Prints per mix the median and p99
// latency of one batch and sustained events per second with 8 satellites posting at once, against
// the targets on PostgreSQL, and the cost of satellite-key authentication, for PGlite and
// PostgreSQL. Batches are timed from a lean client (keepAliveClient), and the CPU the service and
// its database spent per batch is printed beside the latency: on a shared machine it moves far
// less than the time does.
import { openPostgres } from '../src/db/client.js';
import { systemClock } from '../src/lib/clock.js';
import { createSatelliteKeyResolver } from '../src/modules/satellites/keys.js';
import { createSatelliteRepository } from '../src/modules/satellites/repository.js';
import { MIXES, type MixContext } from './event-mixes.js';
import {
  cpuMeter,
  keepAliveClient,
  ms,
  percentile,
  printTable,
  registerAccount,
  json,
  pairSatellite,
  startTarget,
  targetsToRun,
  time,
} from './lib.js';

const SATELLITES = 8;
const SUSTAIN_MS = Number(process.env.BENCH_SUSTAIN_MS ?? 10_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const WARM_UP = 30;
/** Batches each satellite holds encoded for the sustained run; more are encoded as it goes. */
const SUSTAINED_HELD = Number(process.env.BENCH_SUSTAINED_HELD ?? 400);
/**
 * Throughput, not the abuse limits, is measured: eight satellites posting back to back write far
 * more rows a second than SATELLITE_ROWS_LIMIT_PER_SATELLITE lets one real satellite. The limits
 * stay on at their highest, so that counting against them is part of what is measured.
 */
const LIMITS_OUT_OF_REACH = {
  SATELLITE_LIMIT_PER_SATELLITE: '1000000',
  SATELLITE_LIMIT_PER_ADDRESS: '1000000',
  SATELLITE_ROWS_LIMIT_PER_SATELLITE: '10000000',
  SATELLITE_ROWS_LIMIT_PER_TEAM: '10000000',
};

/**
 * Times `run` sequentially (time()) and meters the CPU the service and its database spent per
 * run, warm-up included, in milliseconds.
 */
async function timedWithCpu(
  cpu: { all: () => Promise<number>; service: () => Promise<number> },
  run: () => Promise<void>,
) {
  const [before, serviceBefore] = [await cpu.all(), await cpu.service()];
  const timing = await time(run, SAMPLES, WARM_UP);
  const perRun = (seconds: number) => (seconds * 1000) / (SAMPLES + WARM_UP);
  return {
    ...timing,
    cpuMs: perRun((await cpu.all()) - before),
    serviceCpuMs: perRun((await cpu.service()) - serviceBefore),
  };
}

/** The targets on PostgreSQL: the median of one batch, and events/s with 8 satellites. */
const TARGETS: Record<string, { medianMs: number; eventsPerSecond?: number }> = {
  'PostgreSQL: spec shapes': { medianMs: 7 },
  'PostgreSQL: satellite shapes': { medianMs: 10, eventsPerSecond: 20_000 },
};

function verdictOf(
  target: (typeof TARGETS)[string] | undefined,
  medianMs: number,
  rate: number,
): string {
  if (!target) return '';
  const goals = [`median <${target.medianMs} ms`];
  let met = medianMs < target.medianMs;
  if (target.eventsPerSecond !== undefined) {
    goals.push(`≥${target.eventsPerSecond.toLocaleString('en')} events/s`);
    met &&= rate >= target.eventsPerSecond;
  }
  return `${goals.join(', ')}: ${met ? 'met' : 'missed'}`;
}

/** CPU per batch, and the service's own share of it. */
const cpuText = (t: { cpuMs: number; serviceCpuMs: number }) =>
  `${ms(t.cpuMs)} (${ms(t.serviceCpuMs)})`;

async function main() {
  const latency: string[][] = [];
  for (const name of targetsToRun()) {
    // SATELLITE_EVENTS_ASYNC_COMMIT=true measures batches answered before their WAL flush.
    const commit = process.env.SATELLITE_EVENTS_ASYNC_COMMIT;
    const target = await startTarget(name, async () => undefined, {
      ...LIMITS_OUT_OF_REACH,
      ...(commit ? { SATELLITE_EVENTS_ASYNC_COMMIT: commit } : {}),
    });
    // One installation per satellite, assigned to it, as a real deployment spreads its work.
    const satellites: Array<{
      id: string;
      key: string;
      ctx: MixContext;
      client: ReturnType<typeof keepAliveClient>;
    }> = [];
    try {
      const base = target.base;
      const cookie = await registerAccount(base);
      const me = await json(base, '/api/users/me', { cookie });
      const team = me.data.teams[0].id as string;
      await json(base, '/api/mcp/servers/global', {
        method: 'POST',
        cookie,
        body: JSON.stringify({ name: 'Bench', transport: 'stdio', command: 'npx' }),
      });
      for (let s = 0; s < SATELLITES; s++) {
        const paired = await pairSatellite(base, cookie, `bench-${s}`);
        const inst = await json(base, `/api/teams/${team}/mcp/installations`, {
          method: 'POST',
          cookie,
          body: JSON.stringify({
            server_id: 'bench',
            name: `bench-${s}`,
            satellite_id: paired.id,
            settings: { request_logging_enabled: true },
          }),
        });
        const ctx = {
          installation: inst.data.installation.id,
          team,
          user: me.data.id,
          instance: inst.data.installation.my_instance.id,
        };
        const client = keepAliveClient(base, { authorization: `Bearer ${paired.key}` });
        satellites.push({ ...paired, ctx, client });
      }
      const send = async (sat: (typeof satellites)[number], batch: string, label: string) => {
        const body = await sat.client.post(`/api/satellites/${sat.id}/events`, batch);
        if (body.failed !== 0)
          throw new Error(`${label}: failures: ${JSON.stringify(body.failures?.slice(0, 2))}`);
        return body.processed as number;
      };
      // What any batch costs besides its events' work: the HTTP round trip, the key check, one
      // statement and the answer, measured with batches of one event (the spec mix's first).
      const cpu = { all: cpuMeter(target), service: cpuMeter(target, { database: false }) };
      let single = 900_000;
      const empty = await timedWithCpu(cpu, async () => {
        const event = MIXES[0]!.batch(single++, satellites[0]!.ctx).events[0];
        await send(satellites[0]!, JSON.stringify({ events: [event] }), 'one event');
      });
      const rows: string[][] = [];
      // BENCH_MIX=<words> runs only the mixes whose name contains them (e.g. `spec`).
      const only = process.env.BENCH_MIX?.toLowerCase();
      for (const mix of MIXES.filter((m) => !only || m.name.includes(only))) {
        // A satellite posts a batch it already holds: building and encoding it is not timed.
        const post = async (sat: (typeof satellites)[number], i: number) =>
          send(sat, JSON.stringify(mix.batch(i, sat.ctx)), mix.name);
        // Each mix starts its batch numbers afresh far from the others', so no batch repeats one.
        const offset = rows.length * 100_000;
        // A batch number of its own for every call (time() repeats its warm-up's numbers), so no
        // batch is a resent one.
        const bodies = Array.from({ length: SAMPLES + WARM_UP }, (_, i) =>
          JSON.stringify(mix.batch(offset + i, satellites[0]!.ctx)),
        );
        let next = 0;
        const one = await timedWithCpu(cpu, () =>
          send(satellites[0]!, bodies[next++]!, mix.name).then(() => undefined),
        );

        // Sustained: every satellite posts back to back for a fixed time. Its batches are
        // encoded beforehand, as a real satellite's are on its own machine: encoding them here
        // would take the CPU the service is measured on.
        const held = satellites.map((sat, s) =>
          Array.from({ length: SUSTAINED_HELD }, (_, i) =>
            JSON.stringify(mix.batch(offset + 1000 + (s + 1) * 10_000 + i, sat.ctx)),
          ),
        );
        let processed = 0;
        const perBatch: number[] = [];
        const started = performance.now();
        await Promise.all(
          satellites.map(async (sat, s) => {
            for (let i = 0; performance.now() - started < SUSTAIN_MS; i++) {
              const t0 = performance.now();
              const body = held[s]![i];
              const n = body
                ? await send(sat, body, mix.name)
                : await post(sat, offset + 1000 + (s + 1) * 10_000 + i);
              processed += n;
              perBatch.push(performance.now() - t0);
            }
          }),
        );
        const seconds = (performance.now() - started) / 1000;
        perBatch.sort((a, b) => a - b);
        const rate = processed / seconds;
        rows.push([
          name,
          mix.name,
          ms(one.median),
          ms(one.p99),
          cpuText(one),
          String(Math.round(rate)),
          `${ms(percentile(perBatch, 50))} / ${ms(percentile(perBatch, 99))}`,
          verdictOf(TARGETS[`${name}: ${mix.name}`], one.median, rate),
        ]);
      }

      rows.push([
        name,
        'one event (what every batch costs)',
        ms(empty.median),
        ms(empty.p99),
        cpuText(empty),
        '',
        '',
        '',
      ]);

      let auth = 'n/a (PGlite is owned by the service process)';
      if (target.url) {
        const db = await openPostgres({ url: target.url, poolMax: 1 });
        const repository = createSatelliteRepository(db.orm);
        // As the service runs it: a key checked moments ago is remembered (SATELLITE_KEY_CACHE_MS).
        const keys = createSatelliteKeyResolver(repository, { cacheMs: 5000, clock: systemClock });
        const uncached = createSatelliteKeyResolver(repository, { cacheMs: 0, clock: systemClock });
        const measure = (resolver: typeof keys) =>
          time(
            async () => {
              if (!(await resolver.resolve(satellites[0]!.key)))
                throw new Error('key did not resolve');
            },
            1000,
            100,
          );
        const warm = await measure(keys);
        const cold = await measure(uncached);
        await db.close();
        auth = `${(warm.median * 1000).toFixed(1)} µs median for a key seen in the last 5 s (SHA-256, constant-time compare); ${ms(cold.median)} ms when it must be read (one indexed query over loopback)`;
      }
      latency.push(...rows.map((row, r) => [...row, r === 0 ? auth : '']));
    } finally {
      for (const sat of satellites) sat.client.close();
      await target.close();
    }
  }
  printTable(
    'Event batches of 100 over HTTP (ms; events/s)',
    [
      'database',
      'mix',
      'batch median',
      'batch p99',
      'CPU per batch: service + database (service)',
      `sustained events/s, ${SATELLITES} satellites`,
      'batch median / p99 under load',
      'target',
      'satellite-key authentication',
    ],
    latency,
  );
}

await main();
