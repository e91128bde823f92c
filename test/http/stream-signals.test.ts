import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/db/client.js';
import { LISTENER_APPLICATION_NAME } from '../../src/db/listen.js';
import { bearerFor, json, login, sessionCookieOf } from '../helpers/accounts.js';
import { activityWorld, recordCalls } from '../helpers/activity.js';
import { revokeRequest } from '../helpers/oauth.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { usingPostgres } from '../helpers/database.js';
import { event, postEvents } from '../helpers/satellites.js';
import { listen, openEventSource } from '../helpers/sse.js';

// Streams poll once a minute here: anything that arrives sooner was woken by its write's signal.
const secret = () => randomBytes(32).toString('hex');
const env = {
  STREAM_POLL_INTERVAL_MS: '60000',
  SESSION_SECRET: secret(),
  ENCRYPTION_KEY: secret(),
  JWT_SECRET: secret(),
};
/** Far below the poll interval, far above a signal's path (5 ms coalescing, 25 ms gap, a read). */
const SOON_MS = 2_000;

let a: TestApp;
let base: string;
let world: Awaited<ReturnType<typeof activityWorld>>;

beforeAll(async () => {
  a = await createTestApp({ env });
  world = await activityWorld(a.app);
  base = await listen(a.app);
});
afterAll(async () => a?.close());

const activityStream = (at = base, headers: Record<string, string> = world.alice.headers) =>
  openEventSource(`${at}/api/users/me/mcp/client-activity/stream`, headers, [
    'snapshot',
    'activity',
    'end',
  ]);

/** A second session of alice's, so that signing it out leaves the others' streams alone. */
async function aliceSession(): Promise<Record<string, string>> {
  const res = await login(a.app, world.alice.username);
  expect(res.statusCode, res.body).toBe(200);
  return { cookie: sessionCookieOf(res) };
}

/** Signs a session out on `app` and expects the idle stream to end long before its next poll. */
async function expectEndsOnSignOut(
  app: TestApp['app'],
  client: ReturnType<typeof activityStream>,
  session: Record<string, string>,
) {
  await client.waitFor('snapshot');
  const started = Date.now();
  const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: session });
  expect(out.statusCode, out.body).toBe(200);
  const [end] = await client.waitFor('end', 1, SOON_MS);
  expect(end!.data).toMatchObject({ reason: 'access_revoked', status: 401 });
  expect(Date.now() - started).toBeLessThan(SOON_MS);
}

describe('streams wake on writes', () => {
  it('delivers a batch’s activity at once, not at the next poll', async () => {
    const client = activityStream();
    try {
      await client.waitFor('snapshot');
      const started = Date.now();
      await recordCalls(a.app, world.places.clock, [{ user: world.alice, tool: 'woken' }]);
      const [item] = await client.waitFor('activity', 1, SOON_MS);
      expect(item!.data.tool_name).toBe('woken');
      expect(Date.now() - started).toBeLessThan(SOON_MS);
    } finally {
      client.close();
    }
  });

  it('delivers a notification when its transaction commits', async () => {
    const { teamId, installationId, satellite } = world.places.clock;
    const client = openEventSource(
      `${base}/api/teams/${teamId}/notifications/stream`,
      world.alice.headers,
      ['snapshot', 'notification'],
    );
    try {
      await client.waitFor('snapshot');
      const res = await postEvents(a.app, satellite, [
        event('mcp.server.status_changed', {
          installation_id: installationId,
          team_id: teamId,
          user_id: world.alice.id,
          status: 'error',
          status_message: 'signalled',
          timestamp: new Date().toISOString(),
        }),
      ]);
      expect(res.json().failed, res.body).toBe(0);
      const [item] = await client.waitFor('notification', 1, SOON_MS);
      expect(item!.data).toMatchObject({ type: 'instance.error' });
    } finally {
      client.close();
    }
  });

  it('delivers a heartbeat’s metrics and a batch’s history entries at once', async () => {
    const { satellite, installationId, teamId } = world.places.clock;
    const metrics = openEventSource(
      `${base}/api/satellites/${satellite.id}/metrics/stream`,
      world.alice.headers,
      ['snapshot', 'metrics'],
    );
    const history = openEventSource(
      `${base}/api/satellites/${satellite.id}/event-history/stream`,
      world.alice.headers,
      ['snapshot', 'event'],
    );
    try {
      await Promise.all([metrics.waitFor('snapshot'), history.waitFor('snapshot')]);
      const beat = await a.app.inject({
        method: 'POST',
        url: `/api/satellites/${satellite.id}/heartbeat`,
        headers: { ...json, ...satellite.headers },
        payload: { status: 'healthy', uptime_seconds: 1, system: { cpu_percent: 42 } },
      });
      expect(beat.statusCode, beat.body).toBe(200);
      const [reading] = await metrics.waitFor('metrics', 1, SOON_MS);
      expect(reading!.data.cpu_percent).toBe(42);
      await postEvents(a.app, satellite, [
        event('mcp.server.logs', {
          installation_id: installationId,
          team_id: teamId,
          logs: ['history'],
        }),
      ]);
      const [entry] = await history.waitFor('event', 1, SOON_MS);
      expect(entry!.data.type).toBe('mcp.server.logs');
    } finally {
      metrics.close();
      history.close();
    }
  });
});

describe('an idle stream ends as soon as its access does', () => {
  it('ends at once when its session signs out, with no item written and no poll due', async () => {
    const session = await aliceSession();
    const client = activityStream(base, session);
    try {
      await expectEndsOnSignOut(a.app, client, session);
    } finally {
      client.close();
    }
  });

  it('ends a bearer stream at once when its OAuth access token is revoked', async () => {
    const bearer = await bearerFor(a.database.db, world.alice.id, ['mcp:read']);
    const client = activityStream(base, bearer);
    try {
      await client.waitFor('snapshot');
      const revoked = await revokeRequest(a.app, bearer.authorization.slice('Bearer '.length));
      expect(revoked.statusCode, revoked.body).toBe(200);
      const [end] = await client.waitFor('end', 1, SOON_MS);
      expect(end!.data).toMatchObject({ reason: 'access_revoked', status: 401 });
    } finally {
      client.close();
    }
  });

  it('ends a team stream at once when the member is removed from the team', async () => {
    const { teamId } = world.places.clock;
    const added = await a.app.inject({
      method: 'POST',
      url: `/api/teams/${teamId}/members`,
      headers: { ...json, ...world.alice.headers },
      payload: { login: world.bob.username, role: 'team_user' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const client = openEventSource(
      `${base}/api/teams/${teamId}/notifications/stream`,
      world.bob.headers,
      ['snapshot', 'end'],
    );
    try {
      await client.waitFor('snapshot');
      const removed = await a.app.inject({
        method: 'DELETE',
        url: `/api/teams/${teamId}/members/${world.bob.id}`,
        headers: world.alice.headers,
      });
      expect(removed.statusCode, removed.body).toBe(200);
      const [end] = await client.waitFor('end', 1, SOON_MS);
      expect(end!.data).toMatchObject({ reason: 'access_revoked', status: 404 });
    } finally {
      client.close();
    }
  });
});

describe('order', () => {
  it('sends one batch’s items in the batch’s order and batches in the order they landed', async () => {
    const client = activityStream();
    try {
      await client.waitFor('snapshot');
      const first = Array.from({ length: 12 }, (_, i) => `first-${String(i).padStart(2, '0')}`);
      // Reverse alphabetical: an order by id or by name would show.
      const second = ['second-c', 'second-b', 'second-a'];
      await recordCalls(
        a.app,
        world.places.clock,
        first.map((tool, i) => ({ user: world.alice, tool, kind: i % 3 ? undefined : 'request' })),
      );
      await recordCalls(
        a.app,
        world.places.weather,
        second.map((tool) => ({ user: world.alice, tool })),
      );
      const received = await client.waitFor('activity', 15, SOON_MS * 2);
      expect(received.map((r) => r.data.tool_name)).toEqual([...first, ...second]);

      // A client reconnecting after the fifth item gets the rest, in the same order.
      const replay = openEventSource(
        `${base}/api/users/me/mcp/client-activity/stream`,
        { ...world.alice.headers, 'last-event-id': received[4]!.id },
        ['snapshot', 'activity'],
      );
      try {
        const rest = await replay.waitFor('activity', 10, SOON_MS);
        expect(rest.map((r) => r.data.tool_name)).toEqual([...first.slice(5), ...second]);
        expect(replay.received.filter((r) => r.event === 'snapshot')).toEqual([]);
      } finally {
        replay.close();
      }
    } finally {
      client.close();
    }
  });
});

describe.skipIf(!usingPostgres())('across replicas (PostgreSQL)', () => {
  let b: TestApp;
  let baseB: string;
  beforeAll(async () => {
    // A second service on the same database, as behind a load balancer.
    const db = await openPostgres({ url: a.database.url!, poolMax: 4 });
    b = await createTestApp({
      env,
      database: { db, url: a.database.url, dispose: () => db.close() },
    });
    baseB = await listen(b.app);
  });
  afterAll(async () => b?.close());

  const listenerPids = async () => {
    const client = new pg.Client({ connectionString: a.database.url! });
    await client.connect();
    try {
      const { rows } = await client.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1',
        [LISTENER_APPLICATION_NAME],
      );
      return rows.map((r) => r.pid);
    } finally {
      await client.end();
    }
  };

  it('wakes a stream on one replica when the other writes', async () => {
    const client = activityStream(baseB);
    try {
      await client.waitFor('snapshot');
      await recordCalls(a.app, world.places.clock, [{ user: world.alice, tool: 'crossed' }]);
      const [item] = await client.waitFor('activity', 1, SOON_MS);
      expect(item!.data.tool_name).toBe('crossed');
    } finally {
      client.close();
    }
  });

  it('ends an idle stream on one replica at once when its session signs out on the other', async () => {
    const session = await aliceSession();
    const client = activityStream(baseB, session);
    try {
      await expectEndsOnSignOut(a.app, client, session);
    } finally {
      client.close();
    }
  });

  it('keeps delivering when the listening connection is killed, and wakes by signal once back', async () => {
    const client = activityStream(baseB);
    try {
      await client.waitFor('snapshot');
      const before = await listenerPids();
      expect(before).toHaveLength(2);
      const admin = new pg.Client({ connectionString: a.database.url! });
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [before]);
      await admin.end();
      // Written while the listeners are down: read when they come back.
      await recordCalls(a.app, world.places.clock, [{ user: world.alice, tool: 'while-down' }]);
      await client.waitFor('activity', 1, 10_000);
      let after: number[] = [];
      for (let i = 0; i < 100 && after.length < 2; i++) {
        await new Promise((r) => setTimeout(r, 100));
        after = await listenerPids();
      }
      expect(after).toHaveLength(2);
      expect(after.some((pid) => before.includes(pid))).toBe(false);
      await recordCalls(a.app, world.places.clock, [{ user: world.alice, tool: 'back' }]);
      const received = await client.waitFor('activity', 2, SOON_MS);
      expect(received.map((r) => r.data.tool_name)).toEqual(['while-down', 'back']);
    } finally {
      client.close();
    }
  });
});
