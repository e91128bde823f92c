import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { EventSource } from 'eventsource';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgres, usingPostgres } from '../helpers/database.js';
import { startServer, tempDataDir, type ServerProcess } from '../helpers/process.js';
import { api, executions, must, satelliteWorld } from '../helpers/remote.js';

// Two service processes on one PostgreSQL, as behind a load balancer. Everything they share
// lives in the database, so it must not matter which one a request reaches.
const replicated = describe.skipIf(!usingPostgres());
let scratch: Awaited<ReturnType<typeof createScratchPostgres>>;
let replicas: ServerProcess[] = [];
const dataDirs: string[] = [];
let world: Awaited<ReturnType<typeof satelliteWorld>>;
let turn = 0;
/** The next replica, round robin. */
const next = () => replicas[turn++ % replicas.length]!.url;

replicated('two replicas on one PostgreSQL', () => {
  beforeAll(async () => {
    scratch = await createScratchPostgres();
    const secret = () => randomBytes(32).toString('hex');
    const shared = {
      DATABASE_URL: scratch.url,
      SESSION_SECRET: secret(),
      ENCRYPTION_KEY: secret(),
      JWT_SECRET: secret(),
      STREAM_POLL_INTERVAL_MS: '200',
      JOBS_INTERVAL_MS: '250',
      LOG_LEVEL: 'info',
    };
    for (let i = 0; i < 2; i++) {
      const dir = await tempDataDir();
      dataDirs.push(dir);
      // One after the other: the first applies the migrations, the second finds them applied.
      replicas.push(await startServer({ ...shared, DATA_DIR: dir }));
    }
    world = await satelliteWorld(next());
  }, 60_000);
  afterAll(async () => {
    await Promise.all(replicas.map((r) => r.stop('SIGTERM')));
    replicas = [];
    await scratch?.drop();
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  });

  it('serves a session created on one replica on the other', async () => {
    for (const replica of replicas) {
      const me = await api(replica.url, '/api/users/me', { cookie: world.cookie });
      expect(me.status).toBe(200);
      expect(me.body.data.id).toBe(world.userId);
    }
  });

  it('lets a stream on one replica see events posted to the other', async () => {
    const received: string[] = [];
    const stream = new EventSource(`${replicas[0]!.url}/api/users/me/mcp/client-activity/stream`, {
      fetch: (input, init) =>
        fetch(input, { ...init, headers: { ...init.headers, cookie: world.cookie } }),
    });
    try {
      const opened = new Promise((resolve) => stream.addEventListener('snapshot', resolve));
      stream.addEventListener('activity', (m) => received.push(JSON.parse(m.data).tool_name));
      await opened;
      const posted = await api(replicas[1]!.url, `/api/satellites/${world.satellite.id}/events`, {
        method: 'POST',
        bearer: world.satellite.key,
        body: executions(world, ['seen-across-replicas']),
      });
      expect(posted.body).toMatchObject({ processed: 1 });
      const deadline = Date.now() + 10_000;
      while (!received.includes('seen-across-replicas') && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect(received).toEqual(['seen-across-replicas']);
    } finally {
      stream.close();
    }
  });

  it('registers a satellite only once with one token, whichever replicas the attempts reach', async () => {
    const cookie = world.cookie;
    const token = await must(
      api(next(), '/api/satellites/registration-tokens', {
        method: 'POST',
        cookie,
        body: { scope: 'global' },
      }),
      201,
    );
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api(replicas[i % 2]!.url, '/api/satellites/register', {
          method: 'POST',
          bearer: token.data.token,
          body: { name: `race-${i}` },
        }),
      ),
    );
    const statuses = attempts.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 401)).toHaveLength(19);
  });

  it('runs each scheduled job slot once across both replicas', async () => {
    await new Promise((r) => setTimeout(r, 3000));
    const runs = replicas.flatMap((replica, index) =>
      replica
        .output()
        .split('\n')
        .filter((line) => line.includes('"msg":"job ran"'))
        .map((line) => ({ ...(JSON.parse(line) as { job: string; slot: number }), index })),
    );
    const perSlot = new Map<string, number>();
    for (const run of runs) {
      const key = `${run.job}#${run.slot}`;
      perSlot.set(key, (perSlot.get(key) ?? 0) + 1);
    }
    expect(runs.length).toBeGreaterThan(10);
    // Both replicas try every slot (their timers run on the same interval); which one wins a
    // slot depends on timer phase, so only the count per slot is checked.
    expect([...perSlot].filter(([, n]) => n > 1)).toEqual([]);
  });
});
