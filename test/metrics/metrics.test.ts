import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { json, register, type Account } from '../helpers/accounts.js';
import { createServer, installServer } from '../helpers/catalogue.js';
import { usingPostgres } from '../helpers/database.js';
import { instrumentJobs } from '../../src/metrics/jobs.js';
import { createMetrics } from '../../src/metrics/registry.js';
import { parseMetrics, scrape, valueOf } from '../helpers/metrics.js';
import { event, pair, postEvents } from '../helpers/satellites.js';
import { listen, openEventSource } from '../helpers/sse.js';

const TOKEN = 'metrics-token-0123456789abcdef';
let t: TestApp;
let alice: Account;
let team: string;
let installation: string;
let sat: Awaited<ReturnType<typeof pair>>;

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  const root = await register(t.app, 'root');
  alice = await register(t.app, 'alice');
  team = (await t.app.inject({ url: '/api/teams/me/default', headers: alice.headers })).json().data
    .team.id;
  sat = await pair(t.app, alice.headers, { scope: 'team', team_id: team });
  await createServer(t.app, root.headers, { name: 'Clock' });
  installation = (await installServer(t.app, team, alice.headers, { server_id: 'clock' })).id;
});
afterAll(async () => t?.close());

const metrics = () => scrape(t.app, TOKEN);

describe('GET /metrics with METRICS_TOKEN', () => {
  it.each<[string, () => Record<string, string>]>([
    ['no credentials', () => ({})],
    [
      'a wrong token of the same length',
      () => ({ authorization: `Bearer ${TOKEN.replace(/.$/, '!')}` }),
    ],
    ['a wrong token of another length', () => ({ authorization: 'Bearer short' })],
    ['the token without the Bearer scheme', () => ({ authorization: TOKEN })],
    ['a signed-in user without the token', () => alice.headers],
  ])('answers 401 with the error envelope to %s', async (_what, headers) => {
    const res = await t.app.inject({ url: '/metrics', headers: headers() });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'AUTHENTICATION_REQUIRED' });
    expect(res.body).not.toContain('groundstation_');
  });

  it('serves the Prometheus text format, with process metrics, to the token', async () => {
    const res = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toContain('# TYPE groundstation_http_requests_total counter');
    expect(res.body).toContain('# TYPE groundstation_http_request_duration_seconds histogram');
    expect(res.body).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(res.body).toMatch(/^nodejs_heap_size_used_bytes \d/m);
  });

  it('is left out of the OpenAPI description', async () => {
    const spec = (await t.app.inject({ url: '/documentation/json' })).json();
    expect(Object.keys(spec.paths)).not.toContain('/metrics');
  });
});

describe('request metrics', () => {
  it('counts and times requests by method, route pattern and status, never the raw URL', async () => {
    const labels = { method: 'GET', route: '/api/teams/:teamId', status: '200' };
    const before = (await metrics()).samples;
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ url: `/api/teams/${team}`, headers: alice.headers });
      expect(res.statusCode).toBe(200);
    }
    const denied = await t.app.inject({ url: `/api/teams/${team}` });
    expect(denied.statusCode).toBe(401);
    await t.app.inject({ url: '/api/no-such-route-xyz' });
    const { samples, text } = await metrics();
    const delta = (name: string, l: Record<string, string>) =>
      valueOf(samples, name, l) - valueOf(before, name, l);
    expect(delta('groundstation_http_requests_total', labels)).toBe(2);
    expect(delta('groundstation_http_request_duration_seconds_count', labels)).toBe(2);
    expect(
      delta('groundstation_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' }),
    ).toBe(2);
    expect(delta('groundstation_http_request_duration_seconds_sum', labels)).toBeGreaterThan(0);
    expect(delta('groundstation_http_requests_total', { ...labels, status: '401' })).toBe(1);
    expect(
      delta('groundstation_http_requests_total', {
        method: 'GET',
        route: '(unmatched)',
        status: '404',
      }),
    ).toBe(1);
    expect(text).not.toContain(team);
    expect(text).not.toContain('no-such-route-xyz');
  });
});

describe('event metrics', () => {
  const executed = (success: unknown) =>
    event('mcp.tool.executed', {
      tool_name: 'now',
      server_id: installation,
      team_id: team,
      duration_ms: 3,
      success,
    });

  it('counts events processed and failed per type and times each batch', async () => {
    const before = (await metrics()).samples;
    const res = await postEvents(t.app, sat, [
      executed(true),
      executed(false),
      executed('not a boolean'),
      event('made.up.type', {}),
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ processed: 2, failed: 2 });
    const { samples, text } = await metrics();
    const delta = (name: string, l: Record<string, string> = {}) =>
      valueOf(samples, name, l) - valueOf(before, name, l);
    expect(delta('groundstation_events_processed_total', { type: 'mcp.tool.executed' })).toBe(2);
    expect(delta('groundstation_events_failed_total', { type: 'mcp.tool.executed' })).toBe(1);
    expect(delta('groundstation_events_failed_total', { type: 'unknown' })).toBe(1);
    expect(delta('groundstation_event_batch_duration_seconds_count')).toBe(1);
    expect(delta('groundstation_event_batch_duration_seconds_sum')).toBeGreaterThan(0);
    // A satellite's made-up type never becomes a label value.
    expect(text).not.toContain('made.up.type');
  });
});

describe('job metrics', () => {
  it('counts a job run by job and outcome', async () => {
    const labels = { job: 'command-expiry', outcome: 'success' };
    const before = valueOf((await metrics()).samples, 'groundstation_job_runs_total', labels);
    expect(await t.app.jobs.run('command-expiry')).toBe(true);
    const after = valueOf((await metrics()).samples, 'groundstation_job_runs_total', labels);
    expect(after - before).toBe(1);
  });

  it('counts a failing run as a failure and still lets the error through', async () => {
    const own = createMetrics({ processMetrics: false });
    const [job] = instrumentJobs(own, [
      { name: 'broken', intervalMs: 1000, run: () => Promise.reject(new Error('boom')) },
    ]);
    await expect(job!.run()).rejects.toThrow('boom');
    const samples = parseMetrics(await own.registry.metrics());
    expect(
      valueOf(samples, 'groundstation_job_runs_total', { job: 'broken', outcome: 'failure' }),
    ).toBe(1);
  });
});

describe('gauges computed at scrape time', () => {
  it('reports the satellites online', async () => {
    expect(valueOf((await metrics()).samples, 'groundstation_satellites_online')).toBe(0);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/satellites/${sat.id}/heartbeat`,
      headers: { ...json, ...sat.headers },
      payload: { status: 'healthy', uptime_seconds: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(valueOf((await metrics()).samples, 'groundstation_satellites_online')).toBe(1);
  });

  it('reports the open streams and the polls they share', async () => {
    const base = await listen(t.app);
    const client = openEventSource(
      `${base}/api/teams/${team}/notifications/stream`,
      alice.headers,
      ['snapshot'],
    );
    try {
      await client.waitFor('snapshot');
      const { samples } = await metrics();
      expect(valueOf(samples, 'groundstation_streams_open')).toBe(1);
      expect(valueOf(samples, 'groundstation_stream_polls_active')).toBe(1);
    } finally {
      client.close();
    }
    // The server notices the client went away a moment after it closes.
    const deadline = Date.now() + 10_000;
    while (valueOf((await metrics()).samples, 'groundstation_streams_open') !== 0) {
      if (Date.now() > deadline) throw new Error('the closed stream is still counted');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });

  it.runIf(usingPostgres())('reports the PostgreSQL connection pool', async () => {
    const { text, samples } = await metrics();
    expect(text).toContain('# TYPE groundstation_db_pool_connections gauge');
    const idle = valueOf(samples, 'groundstation_db_pool_connections', { state: 'idle' });
    const busy = valueOf(samples, 'groundstation_db_pool_connections', { state: 'busy' });
    expect(idle + busy).toBeGreaterThan(0);
    expect(valueOf(samples, 'groundstation_db_pool_waiting')).toBe(0);
  });

  it.runIf(!usingPostgres())('has no pool metrics on PGlite, which has no pool', async () => {
    const { text } = await metrics();
    expect(text).not.toContain('groundstation_db_pool');
  });
});
