import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyRetention } from '../../src/jobs/retention.js';
import { activityWorld, recordCalls, type Place } from '../helpers/activity.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { DAY } from '../helpers/clock.js';
import { event, postEvents } from '../helpers/satellites.js';

// The totals of the client-activity feed, the usage and request lists and the notification list
// come from list_counts, which triggers keep (migrations/0015_list_counts.sql). Each test checks
// the kept counts against the rows themselves after a different kind of write.

let t: TestApp;
let world: Awaited<ReturnType<typeof activityWorld>>;

beforeAll(async () => {
  t = await createTestApp();
  world = await activityWorld(t.app);
});
afterAll(async () => t?.close());

const query = <T>(text: string, params: unknown[] = []) => t.database.db.query<T>(text, params);

/** Every list's size by `list:scope`, counted from the rows, as the routes would count them. */
async function counted(): Promise<Record<string, number>> {
  const rows = await query<{ key: string; n: number }>(
    `SELECT key, count(*)::int AS n FROM (
       SELECT 'usage:' || installation_id AS key FROM satellite_usage_logs
       UNION ALL SELECT 'usage:' || installation_id FROM mcp_request_logs WHERE counts_as_usage
       UNION ALL SELECT 'requests:' || installation_id FROM mcp_request_logs
       UNION ALL SELECT 'activity:' || user_id FROM satellite_usage_logs
         WHERE user_id IS NOT NULL AND request_log_id IS NULL
       UNION ALL SELECT 'activity:' || user_id FROM mcp_request_logs WHERE user_id IS NOT NULL
       UNION ALL SELECT 'activity:' || user_id FROM mcp_client_activity
       UNION ALL SELECT 'notifications:' || team_id FROM team_notifications
       UNION ALL SELECT 'unread:' || team_id FROM team_notifications WHERE read_at IS NULL
     ) AS every_row GROUP BY key`,
  );
  return Object.fromEntries(rows.map((r) => [r.key, r.n]));
}

/** The same, as list_counts keeps them (scopes summing to zero are empty lists). */
async function kept(): Promise<Record<string, number>> {
  const rows = await query<{ key: string; n: number }>(
    `SELECT list || ':' || scope_id AS key, sum(n)::int AS n FROM list_counts
     GROUP BY list, scope_id HAVING sum(n) <> 0`,
  );
  return Object.fromEntries(rows.map((r) => [r.key, r.n]));
}

async function expectExact() {
  const expected = await counted();
  expect(Object.keys(expected).length).toBeGreaterThan(0);
  expect(await kept()).toEqual(expected);
}

async function page(url: string, headers = world.alice.headers) {
  const res = await t.app.inject({ url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Record<string, any> & { pagination: { total: number } };
}
const feed = (q = '', headers = world.alice.headers) =>
  page(`/api/users/me/mcp/client-activity${q}`, headers);
const records = (place: Place, what: 'usage' | 'requests') =>
  page(`/api/teams/${place.teamId}/mcp/installations/${place.installationId}/${what}?limit=100`);

let second = 0;
/** A distinct timestamp per event, so de-duplication sets none aside. */
const fresh = () => new Date(Date.UTC(2026, 0, 1) + ++second * 1000).toISOString();

function clientReport(place: Place, userId: string) {
  return event(
    'mcp.client.activity',
    {
      user_id: userId,
      team_id: place.teamId,
      oauth_client_id: 'client-vscode',
      client_name: 'VS Code',
      request_count: 3,
      tool_call_count: 1,
    },
    fresh(),
  );
}

describe('list totals kept by triggers', () => {
  it('follow real event batches: tool calls, request logs (once in the feed), client reports', async () => {
    const { alice, bob, places } = world;
    await recordCalls(t.app, places.clock, [
      { user: alice, tool: 'a' },
      { user: alice, tool: 'b', kind: 'request' },
      { user: alice, tool: 'c', kind: 'request' },
    ]);
    await recordCalls(t.app, places.side, [{ user: alice, tool: 'd' }]);
    await recordCalls(t.app, places.bobs, [{ user: bob, tool: 'e' }]);
    // The batched form writes a request log entry and a usage row per call: the feed shows the
    // call once, as the request, and the usage list has it.
    const batched = event(
      'mcp.request.logs',
      {
        installation_id: places.clock.installationId,
        team_id: places.clock.teamId,
        requests: [
          { user_id: alice.id, tool_name: 'f', response_time_ms: 3, success: true },
          { user_id: alice.id, tool_name: 'g', response_time_ms: 4, success: false },
        ],
      },
      fresh(),
    );
    const res = await postEvents(t.app, places.clock.satellite, [
      batched,
      clientReport(places.clock, alice.id),
    ]);
    expect(res.json().failed, res.body).toBe(0);

    await expectExact();
    const all = await feed('?limit=100');
    expect(all.pagination.total).toBe(7);
    expect(all.activity).toHaveLength(7);
    expect((await feed('', bob.headers)).pagination.total).toBe(1);
    expect((await records(places.clock, 'usage')).pagination.total).toBe(3);
    expect((await records(places.clock, 'requests')).pagination.total).toBe(4);
  });

  it('are read from list_counts, and filtered lists are counted instead', async () => {
    const { alice, places } = world;
    // Rows written straight into the tables, by no code of the service, are counted too.
    await query(
      `INSERT INTO satellite_usage_logs (id, satellite_id, installation_id, team_id, user_id,
         tool_name, duration_ms, success, metrics, occurred_at, created_at)
       VALUES ('use_by_hand_1', 'sat', $1, $2, $3, 'by-hand', 1, true, '{}', now(), now())`,
      [places.weather.installationId, places.weather.teamId, alice.id],
    );
    await expectExact();
    const before = (await feed()).pagination.total;
    const filtered = (await feed(`?team_id=${world.teamA}`)).pagination.total;

    // A delta written by hand shows in the totals that list_counts answers, and in no other.
    await query(`INSERT INTO list_counts (list, scope_id, n) VALUES ('activity', $1, 1000)`, [
      alice.id,
    ]);
    try {
      expect((await feed()).pagination.total).toBe(before + 1000);
      expect((await feed(`?team_id=${world.teamA}`)).pagination.total).toBe(filtered);
      expect((await feed('?since=2000-01-01T00:00:00Z')).pagination.total).toBe(before);
    } finally {
      await query(`DELETE FROM list_counts WHERE list = 'activity' AND n = 1000`);
    }
    expect((await feed()).pagination.total).toBe(before);
  });

  it('stay exact when batches for one account arrive at once', async () => {
    const { alice, places } = world;
    const before = (await feed()).pagination.total;
    const targets = [places.clock, places.weather, places.side];
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        recordCalls(t.app, targets[i % 3]!, [
          { user: alice, tool: `burst-${i}` },
          { user: alice, tool: `burst-${i}-req`, kind: 'request' },
        ]),
      ),
    );
    await expectExact();
    expect((await feed()).pagination.total).toBe(before + 24);
  });

  it('compact into one row per list, by the job and by a read of a scope with many rows', async () => {
    const { alice } = world;
    const pieces = async () =>
      (
        await query<{ n: number }>(
          `SELECT count(*)::int AS n FROM list_counts WHERE list = 'activity' AND scope_id = $1`,
          [alice.id],
        )
      )[0]!.n;
    expect(await pieces()).toBeGreaterThan(1);
    const total = (await feed()).pagination.total;

    expect(await t.app.jobs.run('list-count-compaction')).toBe(true);
    const perScope = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM list_counts GROUP BY list, scope_id`,
    );
    expect(perScope.every((r) => r.n === 1)).toBe(true);
    await expectExact();

    // 70 deltas that cancel out: the next read folds them (and its own sum is unchanged).
    await query(
      `INSERT INTO list_counts (list, scope_id, n)
       SELECT 'activity', $1, CASE WHEN g % 2 = 0 THEN 1 ELSE -1 END FROM generate_series(1, 70) g`,
      [alice.id],
    );
    expect((await feed()).pagination.total).toBe(total);
    expect(await pieces()).toBe(1);
    expect((await feed()).pagination.total).toBe(total);
  });

  it('follow retention’s batched deletes', async () => {
    const { alice, places } = world;
    const old = new Date(Date.now() - 40 * DAY * 1000).toISOString();
    for (let i = 0; i < 5; i++) {
      await query(
        `INSERT INTO satellite_usage_logs (id, satellite_id, installation_id, team_id, user_id,
           tool_name, duration_ms, success, metrics, occurred_at, created_at)
         VALUES ($1, 'sat', $2, $3, $4, 'old', 1, true, '{}', $5, $5)`,
        [`use_old_${i}`, places.clock.installationId, places.clock.teamId, alice.id, old],
      );
      await query(
        `INSERT INTO mcp_request_logs (id, satellite_id, installation_id, team_id, user_id,
           tool_name, request_params, duration_ms, success, occurred_at, created_at)
         VALUES ($1, 'sat', $2, $3, $4, 'old', '{}', 1, true, $5, $5)`,
        [`req_old_${i}`, places.clock.installationId, places.clock.teamId, alice.id, old],
      );
      await query(
        `INSERT INTO team_notifications (id, team_id, type, severity, title, message, data, created_at)
         VALUES ($1, $2, 'test', 'info', 'Old', 'Old', '{}', $3)`,
        [`ntf_old_${i}`, places.clock.teamId, old],
      );
    }
    const before = {
      feed: (await feed()).pagination.total,
      usage: (await records(places.clock, 'usage')).pagination.total,
      requests: (await records(places.clock, 'requests')).pagination.total,
    };
    const rules = ['satellite_usage_logs', 'mcp_request_logs', 'team_notifications'].map(
      (table) => ({ table, column: 'created_at', days: 30 }),
    );
    const deleted = await applyRetention(t.database.db.orm, () => new Date(), rules, {
      batchSize: 2,
      maxBatchesPerRun: 10,
    });
    expect(deleted).toEqual({
      satellite_usage_logs: 5,
      mcp_request_logs: 5,
      team_notifications: 5,
    });

    await expectExact();
    expect((await feed()).pagination.total).toBe(before.feed - 10);
    expect((await records(places.clock, 'usage')).pagination.total).toBe(before.usage - 5);
    expect((await records(places.clock, 'requests')).pagination.total).toBe(before.requests - 5);
  });

  it('count a team’s notifications and its unread ones as they are read', async () => {
    const { alice, teamA } = world;
    const list = (q = '') => page(`/api/teams/${teamA}/notifications?limit=100${q}`);
    const all = await list();
    expect(all.pagination.total).toBeGreaterThan(1);
    expect(all.pagination.total).toBe(all.notifications.length);
    const first = all.notifications[0].id as string;
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/teams/${teamA}/notifications/${first}/read`,
      headers: alice.headers,
    });
    expect(read.statusCode, read.body).toBe(200);
    await expectExact();
    const unread = await list('&unread=true');
    expect(unread.pagination.total).toBe(all.pagination.total - 1);
    expect(unread.pagination.total).toBe(unread.notifications.length);
    // A time range is counted on request.
    expect((await list('&since=2000-01-01T00:00:00Z')).pagination.total).toBe(all.pagination.total);

    const readAll = await t.app.inject({
      method: 'POST',
      url: `/api/teams/${teamA}/notifications/read-all`,
      headers: alice.headers,
    });
    expect(readAll.statusCode, readAll.body).toBe(200);
    await expectExact();
    expect((await list('&unread=true')).pagination.total).toBe(0);
    expect((await list()).pagination.total).toBe(all.pagination.total);
  });

  it('follow the cascades of deleting an installation, a team and an account', async () => {
    const { alice, bob, root, places } = world;
    const del = async (url: string, headers: Record<string, string>) => {
      const res = await t.app.inject({ method: 'DELETE', url, headers });
      expect(res.statusCode, res.body).toBe(200);
    };
    const before = (await feed()).pagination.total;
    const onWeather = (await records(places.weather, 'usage')).pagination.total;
    expect(onWeather).toBeGreaterThan(0);

    await del(
      `/api/teams/${places.weather.teamId}/mcp/installations/${places.weather.installationId}`,
      alice.headers,
    );
    await expectExact();
    const afterInstallation = (await feed()).pagination.total;
    expect(afterInstallation).toBeLessThan(before);

    // The side team: its installation's calls and its client reports go with it.
    const res = await postEvents(t.app, places.side.satellite, [
      clientReport(places.side, alice.id),
    ]);
    expect(res.json().failed, res.body).toBe(0);
    const withReport = (await feed()).pagination.total;
    await del(`/api/teams/${places.side.teamId}`, alice.headers);
    await expectExact();
    expect((await feed()).pagination.total).toBeLessThan(withReport);

    await del(`/api/users/${bob.id}`, root.headers);
    await expectExact();
    expect((await kept())[`notifications:${world.teamB}`]).toBeUndefined();
    expect((await kept())[`usage:${places.bobs.installationId}`]).toBeUndefined();
  });

  it('are counted afresh after a TRUNCATE, which has no transition table', async () => {
    await query('TRUNCATE team_notifications');
    await expectExact();
    expect((await page(`/api/teams/${world.teamA}/notifications`)).pagination.total).toBe(0);
  });
});
