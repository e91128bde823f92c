import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, register, type Account } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { manualClock } from '../../helpers/clock.js';
import { pair } from '../../helpers/satellites.js';
import { listen, openEventSource } from '../../helpers/sse.js';

// Heartbeats take their time from this clock, so the test decides which ones share a timestamp.
const clock = manualClock(new Date());
let t: TestApp;
let base: string;
let root: Account;
let alice: Account; // administrator of team A
let carol: Account; // plain member of team A
let bob: Account; // another team
let satA: Awaited<ReturnType<typeof pair>>;
let satGlobal: Awaited<ReturnType<typeof pair>>;

const metricsUrl = (satelliteId: string, query = '') =>
  `/api/satellites/${satelliteId}/metrics${query}`;

async function heartbeat(satellite: typeof satA, cpu: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/satellites/${satellite.id}/heartbeat`,
    headers: { ...json, ...satellite.headers },
    payload: {
      status: 'healthy',
      uptime_seconds: 60,
      processes: { running: 2, failed: 1 },
      system: { cpu_percent: cpu, memory_percent: 40 },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const list = (satelliteId: string, query: string, headers: Record<string, string>) =>
  t.app.inject({ url: metricsUrl(satelliteId, query), headers });
const cpus = async (query = '', headers = alice.headers) => {
  const res = await list(satA.id, query, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.metrics.map((m: any) => m.cpu_percent);
};

beforeAll(async () => {
  t = await createTestApp({ clock, env: { STREAM_POLL_INTERVAL_MS: '100' } });
  root = await register(t.app, 'root');
  alice = await register(t.app, 'alice');
  carol = await register(t.app, 'carol');
  bob = await register(t.app, 'bob');
  const teamA = (
    await t.app.inject({ url: '/api/teams/me/default', headers: alice.headers })
  ).json().data.team.id;
  const added = await t.app.inject({
    method: 'POST',
    url: `/api/teams/${teamA}/members`,
    headers: { ...json, ...alice.headers },
    payload: { login: 'carol' },
  });
  expect(added.statusCode, added.body).toBe(201);
  satA = await pair(t.app, alice.headers, { scope: 'team', team_id: teamA }, 'sat-a');
  satGlobal = await pair(t.app, root.headers, { scope: 'global' }, 'sat-global');
  for (const cpu of [1, 2, 3]) {
    await heartbeat(satA, cpu);
    clock.advance(30);
  }
  await heartbeat(satGlobal, 99);
  base = await listen(t.app);
});
afterAll(async () => t?.close());

describe('GET /api/satellites/{satelliteId}/metrics', () => {
  it('lists the satellite’s heartbeats newest first with their figures', async () => {
    const res = await list(satA.id, '', alice.headers);
    expect(res.statusCode).toBe(200);
    const { metrics, pagination } = res.json().data;
    expect(metrics.map((m: any) => m.cpu_percent)).toEqual([3, 2, 1]);
    expect(pagination).toEqual({ total: 3, limit: 20, offset: 0, has_more: false });
    expect(metrics[0]).toEqual({
      id: expect.stringMatching(/^hb_/),
      satellite_id: satA.id,
      status: 'healthy',
      cpu_percent: 3,
      memory_percent: 40,
      process_count: 3,
      uptime_seconds: 60,
      processes: { running: 2, failed: 1 },
      system: { cpu_percent: 3, memory_percent: 40 },
      created_at: expect.any(String),
    });
  });

  it('pages with limit and offset', async () => {
    expect(await cpus('?limit=1&offset=1')).toEqual([2]);
    const res = await list(satA.id, '?limit=2', alice.headers);
    expect(res.json().data.pagination).toEqual({ total: 3, limit: 2, offset: 0, has_more: true });
  });

  it('filters with since (inclusive)', async () => {
    const all = (await list(satA.id, '', alice.headers)).json().data.metrics;
    expect(await cpus(`?since=${encodeURIComponent(all[1].created_at)}`)).toEqual([3, 2]);
    expect(await cpus('?since=2999-01-01T00:00:00Z')).toEqual([]);
  });

  it.each([
    ['?limit=0', 'limit must be between 1 and 100'],
    ['?limit=1000', 'limit must be between 1 and 100'],
    ['?offset=-3', 'offset must be non-negative'],
    ['?offset=ten', 'offset must be non-negative'],
    ['?since=soon', 'querystring.since must match format "date-time"'],
  ])('rejects %s with 400', async (query, text) => {
    const res = await list(satA.id, query, alice.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: expect.stringContaining(text) });
  });

  it('shows team satellites to global and team administrators only', async () => {
    expect(await cpus('', root.headers)).toEqual([3, 2, 1]);
    expect((await list(satA.id, '', carol.headers)).statusCode).toBe(404);
    expect((await list(satA.id, '', bob.headers)).statusCode).toBe(404);
    expect((await list(satA.id, '', {})).statusCode).toBe(401);
  });

  it('shows global satellites to global administrators only', async () => {
    const res = await list(satGlobal.id, '', root.headers);
    expect(res.json().data.metrics.map((m: any) => m.cpu_percent)).toEqual([99]);
    expect((await list(satGlobal.id, '', alice.headers)).statusCode).toBe(403);
    expect((await list('sat_missing', '', root.headers)).statusCode).toBe(404);
  });

  it('refuses before it validates: 403 and 404 come before 400', async () => {
    expect((await list(satGlobal.id, '?limit=0', alice.headers)).statusCode).toBe(403);
    expect((await list(satA.id, '?limit=0', bob.headers)).statusCode).toBe(404);
  });
});

describe('GET /api/satellites/{satelliteId}/metrics/stream', () => {
  it.each([
    ['an anonymous caller', () => satA.id, () => ({}), 401],
    ['a team administrator on a global satellite', () => satGlobal.id, () => alice.headers, 403],
    ['another team', () => satA.id, () => bob.headers, 404],
    ['a plain member', () => satA.id, () => carol.headers, 404],
    ['a bad limit', () => satA.id, () => alice.headers, 400],
  ])('answers %s with a JSON error before the stream opens', async (_, id, headers, status) => {
    const query = status === 400 ? '?limit=0' : '';
    const res = await fetch(`${base}${metricsUrl(id(), `/stream${query}`)}`, {
      headers: headers(),
    });
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await res.json()) as { success: boolean }).success).toBe(false);
  });

  it('sends the snapshot, then each new heartbeat as a metrics message, once', async () => {
    const client = openEventSource(`${base}${metricsUrl(satA.id, '/stream')}`, alice.headers, [
      'snapshot',
      'metrics',
    ]);
    try {
      const [snapshot] = await client.waitFor('snapshot');
      const rest = (await list(satA.id, '', alice.headers)).json().data.metrics;
      expect(snapshot!.data).toEqual({ metrics: rest });
      // Two heartbeats with the very same timestamp: both arrive, in id order, once each.
      await heartbeat(satA, 4);
      await heartbeat(satA, 5);
      await heartbeat(satGlobal, 98);
      const received = await client.waitFor('metrics', 2);
      const newest = (await list(satA.id, '?limit=2', alice.headers)).json().data.metrics;
      expect(received.map((r) => r.id)).toEqual([newest[1].id, newest[0].id]);
      expect(received.map((r) => r.data)).toEqual([newest[1], newest[0]]);
      await new Promise((r) => setTimeout(r, 300));
      expect(client.received.filter((r) => r.event === 'metrics')).toHaveLength(2);
    } finally {
      client.close();
    }
  });
});
