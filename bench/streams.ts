// npm run bench:streams — runs the service (on PostgreSQL two replicas on one database, the streams
// spread over both), opens 1,000 concurrent client-activity streams (100 for each of 10 users),
// has a satellite post a tool execution for every user every 500 ms (to each replica in turn), and
// prints the delivery latency from posting to receipt on every stream (median, p99), the
// database transactions per second while the streams sit idle (polling), and each replica's memory.
import { EventSource } from 'eventsource';
import pg from 'pg';
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

const USERS = 10;
const STREAMS_PER_USER = Number(process.env.BENCH_STREAMS_PER_USER ?? 100);
const FEED_MS = Number(process.env.BENCH_FEED_MS ?? 20_000);
const FEED_EVERY_MS = 500;
const QUIET_MS = 15_000;

interface User {
  cookie: string;
  id: string;
  team: string;
  installation: string;
}

/** Committed transactions of the benchmark database: every poll is one. */
async function commits(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query(
    'SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()',
  );
  await client.end();
  return Number(rows[0].xact_commit);
}

async function vacuum(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('VACUUM ANALYZE');
  await client.end();
}

async function setUp(target: Target) {
  const base = target.base;
  const admin = await registerAccount(base);
  await json(base, '/api/mcp/servers/global', {
    method: 'POST',
    cookie: admin,
    body: JSON.stringify({ name: 'Bench', transport: 'stdio', command: 'npx' }),
  });
  const token = await json(base, '/api/satellites/registration-tokens', {
    method: 'POST',
    cookie: admin,
    body: JSON.stringify({ scope: 'global' }),
  });
  const satellite = await json(base, '/api/satellites/register', {
    method: 'POST',
    bearer: token.data.token,
    body: JSON.stringify({ name: 'bench' }),
  });
  const users: User[] = [];
  for (let u = 0; u < USERS; u++) {
    const cookie = await registerAccount(base, `user${u}`);
    const me = await json(base, '/api/users/me', { cookie });
    const team = me.data.teams[0].id as string;
    const inst = await json(base, `/api/teams/${team}/mcp/installations`, {
      method: 'POST',
      cookie,
      body: JSON.stringify({ server_id: 'bench' }),
    });
    users.push({ cookie, id: me.data.id, team, installation: inst.data.installation.id });
  }
  return { users, satellite: { id: satellite.data.satellite.id, key: satellite.data.api_key } };
}

async function main() {
  const rows: string[][] = [];
  for (const name of targetsToRun()) {
    // Each account opens all its streams on one session: the default caps would refuse most.
    const target = await startTarget(name, async () => undefined, {
      STREAM_MAX_PER_USER: String(STREAMS_PER_USER),
      STREAM_MAX_PER_CREDENTIAL: String(STREAMS_PER_USER),
    });
    const sources: EventSource[] = [];
    try {
      const { users, satellite } = await setUp(target);
      // BENCH_REPLICAS=1 measures one PostgreSQL replica alone.
      const second = target.url && process.env.BENCH_REPLICAS !== '1';
      const replicas = [
        { base: target.base, pid: target.pid },
        ...(second ? [await target.replica()] : []),
      ];
      const sentAt = new Map<string, number>();
      const latencies: number[] = [];
      let snapshots = 0;
      for (const user of users) {
        for (let s = 0; s < STREAMS_PER_USER; s++) {
          const { base } = replicas[s % replicas.length]!;
          const source = new EventSource(`${base}/api/users/me/mcp/client-activity/stream`, {
            fetch: (input, init) =>
              fetch(input, { ...init, headers: { ...init.headers, cookie: user.cookie } }),
          });
          source.addEventListener('snapshot', () => (snapshots += 1));
          source.addEventListener('activity', (message) => {
            const sent = sentAt.get(JSON.parse(message.data).tool_name);
            if (sent !== undefined) latencies.push(performance.now() - sent);
          });
          sources.push(source);
        }
      }
      const streams = USERS * STREAMS_PER_USER;
      const opening = Date.now();
      while (snapshots < streams) {
        if (Date.now() - opening > 120_000) throw new Error(`only ${snapshots} streams opened`);
        await new Promise((r) => setTimeout(r, 100));
      }

      let polling = 'n/a (PGlite runs inside the service)';
      if (target.url) {
        // Autovacuum's transactions count too: after the set-up's writes it would run in the
        // window. Done now, it has nothing left to do there.
        await vacuum(target.url);
        // Backends report their counts up to 10 s late: let the burst of opening streams land
        // first, so that the window counts the steady polling only.
        await new Promise((r) => setTimeout(r, 11_000));
        const before = await commits(target.url);
        await new Promise((r) => setTimeout(r, QUIET_MS));
        // Our own first reading is a transaction too.
        const during = (await commits(target.url)) - before - 1;
        const perSecond = during / (QUIET_MS / 1000);
        polling = `${perSecond.toFixed(1)} (${(perSecond / replicas.length).toFixed(1)} per replica)`;
      }

      const peakRss = replicas.map(() => 0);
      const measureRss = async () => {
        for (const [i, replica] of replicas.entries())
          peakRss[i] = Math.max(peakRss[i]!, await rssMb(replica.pid));
      };
      await measureRss();
      const started = performance.now();
      let batches = 0;
      while (performance.now() - started < FEED_MS) {
        const tick = performance.now();
        const events = users.map((user) => {
          const tool = `t-${batches}-${user.id}`;
          return {
            tool,
            event: {
              type: 'mcp.tool.executed',
              timestamp: new Date().toISOString(),
              data: {
                tool_name: tool,
                server_id: user.installation,
                team_id: user.team,
                duration_ms: 5,
                success: true,
                user_id: user.id,
              },
            },
          };
        });
        const now = performance.now();
        for (const e of events) sentAt.set(e.tool, now);
        await json(
          replicas[batches % replicas.length]!.base,
          `/api/satellites/${satellite.id}/events`,
          {
            method: 'POST',
            bearer: satellite.key,
            body: JSON.stringify({ events: events.map((e) => e.event) }),
          },
        );
        batches += 1;
        await measureRss();
        await new Promise((r) =>
          setTimeout(r, Math.max(0, FEED_EVERY_MS - (performance.now() - tick))),
        );
      }
      // Everything posted should arrive within one poll interval and a little.
      const expected = batches * USERS * STREAMS_PER_USER;
      const waiting = Date.now();
      while (latencies.length < expected && Date.now() - waiting < 10_000)
        await new Promise((r) => setTimeout(r, 100));
      await measureRss();
      latencies.sort((a, b) => a - b);
      rows.push([
        `${name}${replicas.length > 1 ? `, ${replicas.length} replicas` : ''}`,
        String(streams),
        `${latencies.length} / ${expected}`,
        ms(percentile(latencies, 50)),
        ms(percentile(latencies, 99)),
        polling,
        peakRss.map((mb) => mb.toFixed(0)).join(' / '),
      ]);
    } finally {
      for (const source of sources) source.close();
      await target.close();
    }
  }
  printTable(
    `Client-activity streams: ${USERS} users × ${STREAMS_PER_USER} streams, one event per user every ${FEED_EVERY_MS} ms for ${FEED_MS / 1000} s`,
    [
      'database',
      'open streams',
      'deliveries received / expected',
      'delivery median (ms)',
      'delivery p99 (ms)',
      'DB transactions/s while idle (polling)',
      'peak RSS per replica (MB)',
    ],
    rows,
  );
}

await main();
