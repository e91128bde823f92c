import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerFor } from '../../helpers/accounts.js';
import { activityWorld, recordCalls } from '../../helpers/activity.js';
import pg from 'pg';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { usingPostgres } from '../../helpers/database.js';
import { eventually, listen, openEventSource } from '../../helpers/sse.js';

const URL_PATH = '/api/users/me/mcp/client-activity';

let t: TestApp;
let world: Awaited<ReturnType<typeof activityWorld>>;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ env: { STREAM_POLL_INTERVAL_MS: '100' } });
  world = await activityWorld(t.app);
  base = await listen(t.app);
});
afterAll(async () => t?.close());

const list = (query: string, headers = world.alice.headers) =>
  t.app.inject({ url: `${URL_PATH}${query}`, headers });
const listData = async (query: string, headers = world.alice.headers) => {
  const res = await list(query, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { activity: any[]; pagination: any };
};
/** Ids of the caller's matching activity, oldest first, as the REST list orders it. */
const oldestFirst = async (query = '') =>
  (await listData(`?limit=100${query}`)).activity.map((a) => a.id as string).reverse();

describe('GET /api/users/me/mcp/client-activity', () => {
  it('lists the caller’s own tool executions and requests, newest first', async () => {
    const { alice, bob, places } = world;
    await recordCalls(t.app, places.clock, [{ user: alice, tool: 'first' }]);
    await recordCalls(t.app, places.weather, [{ user: alice, tool: 'second', kind: 'request' }]);
    await recordCalls(t.app, places.bobs, [{ user: bob, tool: 'bobs' }]);
    await recordCalls(t.app, places.side, [{ user: alice, tool: 'third', success: false }]);

    const { activity, pagination } = await listData('');
    expect(activity.map((a) => a.tool_name)).toEqual(['third', 'second', 'first']);
    expect(pagination).toEqual({ total: 3, limit: 20, offset: 0, has_more: false });
    expect(activity[0]).toEqual({
      id: expect.stringMatching(/^use_/),
      kind: 'tool_execution',
      team_id: world.teamC,
      installation_id: places.side.installationId,
      tool_name: 'third',
      duration_ms: 12.5,
      success: false,
      error_message: 'it broke',
      occurred_at: expect.any(String),
      created_at: expect.any(String),
    });
    expect(activity[1]).toMatchObject({
      id: expect.stringMatching(/^req_/),
      kind: 'request',
      installation_id: places.weather.installationId,
      success: true,
      error_message: null,
    });

    const bobs = await listData('', bob.headers);
    expect(bobs.activity.map((a) => a.tool_name)).toEqual(['bobs']);
  });

  it('pages with limit and offset and counts every match', async () => {
    const page = await listData('?limit=2&offset=1');
    expect(page.activity.map((a) => a.tool_name)).toEqual(['second', 'first']);
    expect(page.pagination).toEqual({ total: 3, limit: 2, offset: 1, has_more: false });
    const first = await listData('?limit=1');
    expect(first.pagination.has_more).toBe(true);
    expect((await listData('?offset=10')).activity).toEqual([]);
  });

  it('filters by team, installation and since', async () => {
    const { places } = world;
    const byTeam = await listData(`?team_id=${world.teamC}`);
    expect(byTeam.activity.map((a) => a.tool_name)).toEqual(['third']);
    const byInstallation = await listData(`?installation_id=${places.weather.installationId}`);
    expect(byInstallation.activity.map((a) => a.tool_name)).toEqual(['second']);
    expect(byInstallation.pagination.total).toBe(1);
    const second = byInstallation.activity[0];
    const since = await listData(`?since=${encodeURIComponent(second.created_at)}`);
    expect(since.activity.map((a) => a.tool_name)).toEqual(['third', 'second']);
    const both = await listData(
      `?team_id=${world.teamA}&installation_id=${places.side.installationId}`,
    );
    expect(both.activity).toEqual([]);
    // Another user's team filters nothing in: only the caller's rows are ever read.
    expect((await listData(`?team_id=${world.teamB}`)).activity).toEqual([]);
  });

  it.each([
    ['?limit=0', 'limit must be between 1 and 100'],
    ['?limit=101', 'limit must be between 1 and 100'],
    ['?limit=abc', 'limit must be between 1 and 100'],
    ['?offset=-1', 'offset must be non-negative'],
    ['?offset=1.5', 'offset must be non-negative'],
    ['?since=yesterday', 'querystring.since must match format "date-time"'],
    ['?colour=red', 'querystring.colour is not an allowed property'],
  ])('rejects %s with 400', async (query, text) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: expect.stringContaining(text) });
  });

  it('accepts a bearer token with mcp:read and refuses one without it', async () => {
    const withScope = await bearerFor(t.database.db, world.alice.id, ['mcp:read']);
    expect((await listData('', withScope)).pagination.total).toBe(3);
    const without = await bearerFor(t.database.db, world.alice.id, ['teams:read']);
    const refused = await list('', without);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toContain('mcp:read');
    expect((await list('', {})).statusCode).toBe(401);
  });
});

describe('GET /api/users/me/mcp/client-activity/stream', () => {
  const streamUrl = (query = '') => `${base}${URL_PATH}/stream${query}`;

  it.each([
    ['no credentials', '', () => ({}), 401, 'Authentication is required'],
    [
      'a token without mcp:read',
      '',
      () => bearerFor(t.database.db, world.alice.id, ['teams:read']),
      403,
      'mcp:read',
    ],
    ['a bad limit', '?limit=0', () => world.alice.headers, 400, 'limit must be between 1 and 100'],
    ['a bad offset', '?offset=x', () => world.alice.headers, 400, 'offset must be non-negative'],
    [
      'an unknown parameter',
      '?colour=red',
      () => world.alice.headers,
      400,
      'querystring.colour is not an allowed property',
    ],
  ])(
    'answers %s with a JSON error before the stream opens',
    async (_, query, headers, status, text) => {
      const res = await fetch(streamUrl(query), {
        headers: { accept: 'text/event-stream', ...(await headers()) },
      });
      expect(res.status).toBe(status);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toMatchObject({
        success: false,
        error: expect.stringContaining(text),
      });
    },
  );

  it('sends a snapshot of the 50 newest matching items, newest first, in the list’s shape', async () => {
    // 55 calls in one batch share one created_at: only the id orders them.
    await recordCalls(
      t.app,
      world.places.clock,
      Array.from({ length: 55 }, (_, i) => ({ user: world.alice, tool: `bulk-${i}` })),
    );
    const rest = await listData('?limit=50');
    const client = openEventSource(streamUrl(), world.alice.headers, ['snapshot', 'activity']);
    try {
      const [snapshot] = await client.waitFor('snapshot');
      expect(snapshot!.data).toEqual({ activity: rest.activity });
      expect(snapshot!.id).toBe(rest.activity[0].id);
    } finally {
      client.close();
    }
  });

  it('applies the filters to the snapshot', async () => {
    const query = `?installation_id=${world.places.weather.installationId}`;
    const client = openEventSource(streamUrl(query), world.alice.headers, ['snapshot']);
    try {
      const [snapshot] = await client.waitFor('snapshot');
      expect(snapshot!.data.activity.map((a: any) => a.tool_name)).toEqual(['second']);
    } finally {
      client.close();
    }
  });

  it('delivers a new item on the next poll, named activity, with the item id as message id', async () => {
    const token = await bearerFor(t.database.db, world.alice.id, ['mcp:read']);
    const client = openEventSource(streamUrl(), token, ['snapshot', 'activity']);
    try {
      await client.waitFor('snapshot');
      await recordCalls(t.app, world.places.weather, [{ user: world.alice, tool: 'live' }]);
      await recordCalls(t.app, world.places.bobs, [{ user: world.bob, tool: 'not-for-alice' }]);
      const [message] = await client.waitFor('activity');
      const newest = (await listData('?limit=1')).activity[0];
      expect(message).toEqual({ event: 'activity', id: newest.id, data: newest });
      expect(newest.tool_name).toBe('live');
      // Bob's call never reaches alice's stream.
      await new Promise((r) => setTimeout(r, 300));
      expect(client.received.filter((r) => r.event === 'activity')).toHaveLength(1);
    } finally {
      client.close();
    }
  });

  it('sends a burst oldest first, each item once, including items that share a timestamp', async () => {
    const client = openEventSource(streamUrl(), world.alice.headers, ['snapshot', 'activity']);
    try {
      const [snapshot] = await client.waitFor('snapshot');
      expect(snapshot!.id).toBe((await oldestFirst()).at(-1));
      await recordCalls(t.app, world.places.clock, [{ user: world.alice, tool: 'burst-1' }]);
      await recordCalls(
        t.app,
        world.places.weather,
        Array.from({ length: 5 }, (_, i) => ({ user: world.alice, tool: `burst-2-${i}` })),
      );
      await recordCalls(t.app, world.places.side, [
        { user: world.alice, tool: 'burst-3', kind: 'request' },
      ]);
      const all = await oldestFirst();
      const burst = all.slice(all.indexOf(snapshot!.id) + 1);
      expect(burst).toHaveLength(7);
      const received = await client.waitFor('activity', 7);
      await new Promise((r) => setTimeout(r, 300));
      expect(client.received.filter((r) => r.event === 'activity').map((r) => r.id)).toEqual(burst);
      expect(received.map((r) => r.data.tool_name)[0]).toBe('burst-1');
    } finally {
      client.close();
    }
  });

  it('replays the items after Last-Event-ID instead of a snapshot, also within one timestamp', async () => {
    await recordCalls(
      t.app,
      world.places.clock,
      Array.from({ length: 6 }, (_, i) => ({ user: world.alice, tool: `same-time-${i}` })),
    );
    const all = await oldestFirst();
    const sameTime = all.slice(-6);
    const lastSeen = sameTime[2]!;
    const client = openEventSource(
      streamUrl(),
      { ...world.alice.headers, 'Last-Event-ID': lastSeen },
      ['snapshot', 'activity'],
    );
    try {
      await client.waitFor('activity', 3);
      await recordCalls(t.app, world.places.weather, [{ user: world.alice, tool: 'after-replay' }]);
      const received = await client.waitFor('activity', 4);
      const ids = received.map((r) => r.id);
      expect(ids).toEqual([...sameTime.slice(3), (await oldestFirst()).at(-1)]);
      expect(new Set(ids).size).toBe(ids.length);
      expect(client.received.some((r) => r.event === 'snapshot')).toBe(false);
    } finally {
      client.close();
    }
  });

  it('sends a snapshot when Last-Event-ID names no item of this stream', async () => {
    const bobsItem = (await listData('?limit=1', world.bob.headers)).activity[0].id;
    for (const lastEventId of ['use_doesnotexist', bobsItem]) {
      const client = openEventSource(
        streamUrl(),
        { ...world.alice.headers, 'Last-Event-ID': lastEventId },
        ['snapshot', 'activity'],
      );
      try {
        const [snapshot] = await client.waitFor('snapshot');
        expect(snapshot!.data.activity).toHaveLength(50);
        expect(snapshot!.data.activity.some((a: any) => a.id === bobsItem)).toBe(false);
      } finally {
        client.close();
      }
    }
  });

  // Only PostgreSQL runs transactions side by side; PGlite runs one at a time.
  it.skipIf(!usingPostgres())(
    'waits for a transaction that began earlier and commits later, so its item is not lost',
    async () => {
      const client = openEventSource(streamUrl(), world.alice.headers, ['snapshot', 'activity']);
      const slow = new pg.Client({ connectionString: t.database.url! });
      await slow.connect();
      try {
        await client.waitFor('snapshot');
        // A slow event batch: its row's created_at is its start, before the quick one below.
        await slow.query('BEGIN');
        await slow.query(
          `INSERT INTO satellite_usage_logs (id, satellite_id, installation_id, team_id, user_id,
             tool_name, duration_ms, success, metrics, occurred_at)
           VALUES ('use_slowbatch', $1, $2, $3, $4, 'slow', 1, true, '{}', now())`,
          [
            world.places.clock.satellite.id,
            world.places.clock.installationId,
            world.teamA,
            world.alice.id,
          ],
        );
        await recordCalls(t.app, world.places.weather, [{ user: world.alice, tool: 'quick' }]);
        await new Promise((r) => setTimeout(r, 500));
        expect(client.received.filter((r) => r.event === 'activity')).toEqual([]);
        await slow.query('COMMIT');
        const received = await client.waitFor('activity', 2);
        expect(received.map((r) => r.data.tool_name)).toEqual(['slow', 'quick']);
      } finally {
        client.close();
        await slow.end();
      }
    },
  );

  it('ends its stream when the client leaves', async () => {
    const client = openEventSource(streamUrl(), world.alice.headers, ['snapshot']);
    await client.waitFor('snapshot');
    expect(t.app.streams.openCount).toBeGreaterThan(0);
    client.close();
    await eventually(() => t.app.streams.openCount === 0, 'the stream to end');
  });
});
