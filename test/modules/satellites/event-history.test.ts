import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../../src/db/client.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { usingPostgres } from '../../helpers/database.js';
import { event, postEvents } from '../../helpers/satellites.js';
import { listen, openEventSource } from '../../helpers/sse.js';
import { buildWorld, UNLIMITED_ENV, type World } from '../../helpers/world.js';

// The per-satellite event history (REST and stream) and the de-duplication it carries.
let t: TestApp;
let w: World;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ env: { ...UNLIMITED_ENV, STREAM_POLL_INTERVAL_MS: '100' } });
  w = await buildWorld(t);
  base = await listen(t.app);
});
afterAll(async () => t?.close());

let seconds = 0;
const fresh = () => new Date(Date.UTC(2026, 10, 24, 8, 0, seconds++)).toISOString();
const count = async (table: string, where = 'true', params: unknown[] = []) =>
  (
    await t.database.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${table} WHERE ${where}`,
      params,
    )
  )[0]!.n;
const requestLogs = () => count('mcp_request_logs', 'installation_id = $1', [w.installationId]);
const historyRows = () => count('satellite_event_history', 'satellite_id = $1', [w.satT.id]);
const history = (query = '', headers = w.alice.headers, satelliteId = w.satT.id) =>
  t.app.inject({ url: `/api/satellites/${satelliteId}/event-history${query}`, headers });

const requestLog = (tool: string, timestamp = fresh()) =>
  event(
    'mcp.request.logs',
    {
      installation_id: w.installationId,
      team_id: w.teamId,
      requests: [
        {
          user_id: w.alice.id,
          tool_name: tool,
          tool_params: { path: '/secret/place' },
          tool_response: { content: [{ type: 'text', text: 'private' }] },
          response_time_ms: 3,
          success: true,
          timestamp,
        },
      ],
    },
    timestamp,
  );

describe('events: a resent event is acknowledged, not applied or stored twice', () => {
  it('answers a resent batch with the same ids and writes nothing new', async () => {
    const batch = [requestLog('resent-1'), requestLog('resent-2')];
    const [logs, rows] = [await requestLogs(), await historyRows()];
    const first = await postEvents(t.app, w.satT, batch);
    expect(first.json()).toMatchObject({ processed: 2, failed: 0 });
    const again = await postEvents(t.app, w.satT, batch);
    expect(again.json()).toEqual(first.json());
    expect(await requestLogs()).toBe(logs + 2);
    expect(await historyRows()).toBe(rows + 2);
  });

  it('applies one of two identical events in one batch and answers both with its id', async () => {
    const one = requestLog('twice-in-one');
    const logs = await requestLogs();
    const res = await postEvents(t.app, w.satT, [one, requestLog('other'), one]);
    expect(res.json()).toMatchObject({ processed: 3, failed: 0 });
    const ids = res.json().event_ids;
    expect(ids[2]).toBe(ids[0]);
    expect(await requestLogs()).toBe(logs + 2);
  });

  it('applies an event that differs only in its timestamp', async () => {
    const logs = await requestLogs();
    const a = requestLog('same-data', '2026-11-24T09:00:00.000Z');
    const b = { ...a, timestamp: '2026-11-24T09:00:00.001Z' };
    const res = await postEvents(t.app, w.satT, [a, b]);
    expect(res.json()).toMatchObject({ processed: 2, failed: 0 });
    expect(new Set(res.json().event_ids).size).toBe(2);
    expect(await requestLogs()).toBe(logs + 2);
  });

  it('holds for two identical batches at once', async () => {
    const batch = [requestLog('concurrent-1'), requestLog('concurrent-2')];
    const logs = await requestLogs();
    const answers = await Promise.all([
      postEvents(t.app, w.satT, batch),
      postEvents(t.app, w.satT, batch),
    ]);
    for (const a of answers) expect(a.json()).toMatchObject({ processed: 2, failed: 0 });
    expect(answers[0]!.json().event_ids).toEqual(answers[1]!.json().event_ids);
    expect(await requestLogs()).toBe(logs + 2);
  });

  it('applies an identical event again once the window has passed', async () => {
    const old = requestLog('after-window');
    await postEvents(t.app, w.satT, [old]);
    const logs = await requestLogs();
    await t.database.db.query(
      `UPDATE satellite_event_history SET created_at = now() - interval '11 minutes'
       WHERE satellite_id = $1 AND data->'requests'->0->>'tool_name' = 'after-window'`,
      [w.satT.id],
    );
    const res = await postEvents(t.app, w.satT, [old]);
    expect(res.json()).toMatchObject({ processed: 1, failed: 0 });
    expect(await requestLogs()).toBe(logs + 1);
  });

  it('answers a resent event beside an event the database refuses, which fails alone', async () => {
    const resent = requestLog('resent-beside-bad');
    const first = await postEvents(t.app, w.satT, [resent]);
    const logs = await requestLogs();
    // PostgreSQL cannot store a NUL character in text: a storage failure of that event alone.
    const res = await postEvents(t.app, w.satT, [
      resent,
      requestLog('bad\u0000tool'),
      requestLog('good-beside-bad'),
    ]);
    expect(res.json()).toMatchObject({ processed: 2, failed: 1 });
    expect(res.json().event_ids[0]).toBe(first.json().event_ids[0]);
    expect(res.json().failures[0]).toMatchObject({ index: 1 });
    expect(await requestLogs()).toBe(logs + 1);
  });

  it('keeps satellites apart: another satellite’s identical event is its own', async () => {
    const same = event('config.refreshed', { config_hash: 'shared' }, fresh());
    const a = await postEvents(t.app, w.satT, [same]);
    const b = await postEvents(t.app, w.satG, [same]);
    expect(a.json().event_ids[0]).not.toBe(b.json().event_ids[0]);
  });
});

// Two application instances on one PostgreSQL database, as two replicas behind a load balancer.
describe.skipIf(!usingPostgres())('events: duplicates on two replicas at once', () => {
  let second: TestApp;
  beforeAll(async () => {
    const db = await openPostgres({ url: t.database.url!, poolMax: 5 });
    second = await createTestApp({
      database: { db, url: t.database.url, dispose: () => db.close() },
      env: UNLIMITED_ENV,
    });
  });
  afterAll(async () => second?.close());

  it('applies each event once whichever replica gets the batch first', async () => {
    const trials = 6;
    const logs = await requestLogs();
    await Promise.all(
      Array.from({ length: trials }, async (_, i) => {
        const batch = [requestLog(`replica-${i}-a`), requestLog(`replica-${i}-b`)];
        const answers = await Promise.all([
          postEvents(t.app, w.satT, batch),
          postEvents(second.app, w.satT, batch),
        ]);
        for (const a of answers) expect(a.json(), a.body).toMatchObject({ processed: 2 });
        expect(answers[0]!.json().event_ids).toEqual(answers[1]!.json().event_ids);
      }),
    );
    expect(await requestLogs()).toBe(logs + trials * 2);
  });
});

describe('GET /api/satellites/{satelliteId}/event-history', () => {
  it('lists accepted events newest first, with a compact copy of their data', async () => {
    const long = 'y'.repeat(1000);
    const res = await postEvents(t.app, w.satT, [
      requestLog('compact'),
      event(
        'config.error',
        { error_type: 'auth', error_message: long, status_code: 401, api_key: 'sk-live-123' },
        fresh(),
      ),
    ]);
    const [requestId, errorId] = res.json().event_ids;
    const page = await history('?limit=2');
    expect(page.statusCode, page.body).toBe(200);
    const { events, pagination } = page.json().data;
    expect(pagination).toMatchObject({ limit: 2, offset: 0, has_more: true });
    expect(events.map((e: any) => e.type)).toEqual(
      expect.arrayContaining(['config.error', 'mcp.request.logs']),
    );
    const request = events.find((e: any) => e.type === 'mcp.request.logs');
    expect(request).toMatchObject({
      satellite_id: w.satT.id,
      installation_id: w.installationId,
      record_id: requestId,
      received_at: expect.any(String),
    });
    // Tool arguments and responses stay out of the history.
    expect(request.data.requests[0]).toMatchObject({
      tool_name: 'compact',
      tool_params: '[left out]',
      tool_response: '[left out]',
    });
    expect(JSON.stringify(request.data)).not.toContain('private');
    const error = events.find((e: any) => e.type === 'config.error');
    expect(error.id).toBe(errorId);
    expect(error.data.api_key).toBe('[redacted]');
    expect(error.data.error_message).toHaveLength(300 + '… [truncated]'.length);
  });

  it('filters by type and since, and pages with limit and offset', async () => {
    const since = new Date().toISOString();
    await postEvents(t.app, w.satT, [
      event('security.auth.failed', { reason: 'r1' }, fresh()),
      event('security.auth.failed', { reason: 'r2' }, fresh()),
      event(
        'resource.limit.exceeded',
        { resource_type: 'cpu', current_value: 2, limit_value: 1 },
        fresh(),
      ),
    ]);
    const byType = (await history('?type=security.auth.failed')).json().data;
    expect(byType.events.map((e: any) => e.data.reason).sort()).toEqual(['r1', 'r2']);
    const recent = (await history(`?since=${encodeURIComponent(since)}`)).json().data;
    expect(recent.pagination.total).toBe(3);
    const second = (await history(`?since=${encodeURIComponent(since)}&limit=1&offset=1`)).json()
      .data;
    expect(second.events).toHaveLength(1);
    expect(second.pagination).toEqual({ total: 3, limit: 1, offset: 1, has_more: true });
    expect((await history('?limit=0')).statusCode).toBe(400);
    expect((await history('?colour=blue')).statusCode).toBe(400);
  });

  it('is for the satellite’s administrators only', async () => {
    expect((await history('', w.root.headers)).statusCode).toBe(200);
    // A member of the team who is not its administrator, another team's administrator.
    expect((await history('', w.bob.headers)).statusCode).toBe(404);
    expect((await history('', w.carol.headers)).statusCode).toBe(404);
    expect((await history('', w.dave.headers)).statusCode).toBe(404);
    // A global satellite is the global administrators'.
    expect((await history('', w.alice.headers, w.satG.id)).statusCode).toBe(403);
    expect((await history('', w.root.headers, w.satG.id)).statusCode).toBe(200);
    // The satellite itself reads nothing here.
    expect((await history('', w.satT.headers)).statusCode).toBe(401);
    expect((await history('', w.alice.headers, 'sat_doesnotexist')).statusCode).toBe(404);
  });

  it('has a /stream twin: a snapshot, then each accepted event as it arrives', async () => {
    const url = `${base}/api/satellites/${w.satT.id}/event-history/stream?type=config.refreshed`;
    const client = openEventSource(url, w.alice.headers, ['snapshot', 'event']);
    try {
      const [snapshot] = await client.waitFor('snapshot');
      const listed = (await history('?type=config.refreshed&limit=50')).json().data.events;
      expect(snapshot!.data).toEqual({ events: listed });
      const res = await postEvents(t.app, w.satT, [
        event('config.refreshed', { config_hash: 'live' }, fresh()),
        event('config.error', { error_type: 'x', error_message: 'not this type' }, fresh()),
      ]);
      const [message] = await client.waitFor('event');
      expect(message!.id).toBe(res.json().event_ids[0]);
      expect(message!.data).toMatchObject({
        type: 'config.refreshed',
        data: { config_hash: 'live' },
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(client.received.filter((r) => r.event === 'event')).toHaveLength(1);
    } finally {
      client.close();
    }
    const other = await fetch(`${base}/api/satellites/${w.satT.id}/event-history/stream`, {
      headers: w.carol.headers,
    });
    expect(other.status).toBe(404);
  });

  it('is trimmed by the retention job after SATELLITE_EVENT_HISTORY_RETENTION_DAYS', async () => {
    await postEvents(t.app, w.satT, [event('config.refreshed', { config_hash: 'old' }, fresh())]);
    await t.database.db.query(
      `UPDATE satellite_event_history SET created_at = now() - interval '8 days'
       WHERE satellite_id = $1 AND data->>'config_hash' = 'old'`,
      [w.satT.id],
    );
    const before = await historyRows();
    expect(await t.app.jobs.run('event-history-retention')).toBe(true);
    expect(await historyRows()).toBe(before - 1);
    expect(await count('satellite_event_history', "data->>'config_hash' = 'old'")).toBe(0);
  });
});
