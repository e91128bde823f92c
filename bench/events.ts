// npm run bench:events — runs the service, pairs satellites, seeds an installation with an instance,
// then posts mixed batches of 100 events over HTTP. Prints the median and p99 latency of one batch,
// sustained events per second with 8 satellites posting at once, and the cost of satellite-key
// authentication, for PGlite and PostgreSQL.
import { openPostgres } from '../src/db/client.js';
import { systemClock } from '../src/lib/clock.js';
import { createSatelliteKeyResolver } from '../src/modules/satellites/keys.js';
import { createSatelliteRepository } from '../src/modules/satellites/repository.js';
import {
  ms,
  percentile,
  printTable,
  registerAccount,
  json,
  startTarget,
  targetsToRun,
  time,
} from './lib.js';

const SATELLITES = 8;
const SUSTAIN_MS = Number(process.env.BENCH_SUSTAIN_MS ?? 10_000);

function batch(
  i: number,
  ctx: { installation: string; team: string; user: string; instance: string },
) {
  const ts = new Date().toISOString();
  const events = [];
  for (let k = 0; k < 100; k++) {
    const n = (i * 100 + k) % 10;
    if (n < 4)
      events.push({
        type: 'mcp.tool.executed',
        timestamp: ts,
        data: {
          tool_name: `tool_${k % 7}`,
          server_id: ctx.installation,
          team_id: ctx.team,
          duration_ms: 12 + k,
          success: k % 9 !== 0,
          error_message: 'x',
          user_id: ctx.user,
        },
      });
    else if (n < 7)
      events.push({
        type: 'mcp.request.logs',
        timestamp: ts,
        data: {
          installation_id: ctx.installation,
          team_id: ctx.team,
          tool_name: 'search',
          request_params: { q: k },
          tool_response: { hits: k },
          duration_ms: 20,
          success: true,
          user_id: ctx.user,
        },
      });
    else if (n < 8)
      events.push({
        type: 'mcp.server.logs',
        timestamp: ts,
        data: {
          installation_id: ctx.installation,
          team_id: ctx.team,
          logs: ['starting', { message: 'ready', level: 'info' }, 'tick', 'tock', 'done'],
        },
      });
    else if (n < 9)
      events.push({
        type: 'mcp.server.status_changed',
        timestamp: ts,
        data: {
          installation_id: ctx.installation,
          team_id: ctx.team,
          user_id: ctx.user,
          status: 'online',
          timestamp: ts,
        },
      });
    else
      events.push({
        type: 'mcp.server.started',
        timestamp: ts,
        data: {
          process_id: ctx.instance,
          server_id: ctx.installation,
          server_slug: 'bench',
          team_id: ctx.team,
          transport: 'stdio',
          tool_count: 7,
          spawn_duration_ms: 100,
          pid: 1000 + k,
        },
      });
  }
  return { events };
}

async function main() {
  const latency: string[][] = [];
  for (const name of targetsToRun()) {
    const target = await startTarget(name, async () => undefined);
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
      // One installation per satellite, assigned to it, as a real deployment spreads its work.
      const satellites: Array<{ id: string; key: string; ctx: Parameters<typeof batch>[1] }> = [];
      for (let s = 0; s < SATELLITES; s++) {
        const token = await json(base, '/api/satellites/registration-tokens', {
          method: 'POST',
          cookie,
          body: JSON.stringify({ scope: 'global' }),
        });
        const reg = await json(base, '/api/satellites/register', {
          method: 'POST',
          bearer: token.data.token,
          body: JSON.stringify({ name: `bench-${s}` }),
        });
        const inst = await json(base, `/api/teams/${team}/mcp/installations`, {
          method: 'POST',
          cookie,
          body: JSON.stringify({
            server_id: 'bench',
            name: `bench-${s}`,
            satellite_id: reg.data.satellite.id,
            settings: { request_logging_enabled: true },
          }),
        });
        const ctx = {
          installation: inst.data.installation.id,
          team,
          user: me.data.id,
          instance: inst.data.installation.my_instance.id,
        };
        satellites.push({ id: reg.data.satellite.id, key: reg.data.api_key, ctx });
      }
      const post = async (sat: (typeof satellites)[number], i: number) => {
        const body = await json(base, `/api/satellites/${sat.id}/events`, {
          method: 'POST',
          bearer: sat.key,
          body: JSON.stringify(batch(i, sat.ctx)),
        });
        if (body.failed !== 0)
          throw new Error(`failures: ${JSON.stringify(body.failures?.slice(0, 2))}`);
        return body.processed as number;
      };

      const one = await time(
        (i) => post(satellites[0]!, i).then(() => undefined),
        Number(process.env.BENCH_SAMPLES ?? 200),
      );

      // Sustained: every satellite posts back to back for a fixed time.
      let processed = 0;
      const perBatch: number[] = [];
      const started = performance.now();
      await Promise.all(
        satellites.map(async (sat, s) => {
          for (let i = 0; performance.now() - started < SUSTAIN_MS; i++) {
            const t0 = performance.now();
            const n = await post(sat, s * 1_000_000 + i);
            processed += n;
            perBatch.push(performance.now() - t0);
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      perBatch.sort((a, b) => a - b);

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
      latency.push([
        name,
        ms(one.median),
        ms(one.p99),
        String(Math.round(processed / seconds)),
        `${ms(percentile(perBatch, 50))} / ${ms(percentile(perBatch, 99))}`,
        auth,
      ]);
    } finally {
      await target.close();
    }
  }
  printTable(
    'Event batches of 100 over HTTP (ms; events/s)',
    [
      'database',
      'batch median',
      'batch p99',
      `sustained events/s, ${SATELLITES} satellites`,
      'batch median / p99 under load',
      'satellite-key authentication',
    ],
    latency,
  );
}

await main();
