import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/lib/logger.js';
import { buildMetricsServer } from '../../src/metrics/server.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { usingPostgres } from '../helpers/database.js';
import { parseMetrics, valueOf } from '../helpers/metrics.js';
import { freePort, startServer, tempDataDir, type ServerProcess } from '../helpers/process.js';

const TOKEN = 'internal-token-0123456789';
const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
});

async function app(env: Record<string, string>) {
  const t = await createTestApp({ env });
  apps.push(t);
  return t;
}

describe('where /metrics is served', () => {
  let withPort: TestApp | undefined;
  const internal = async () =>
    (withPort ??= await app({ METRICS_PORT: '0', METRICS_TOKEN: TOKEN }));

  it('is off by default: /metrics answers 404 with the envelope', async () => {
    const t = await app({});
    const res = await t.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'ROUTE_NOT_FOUND' });
  });

  it('with METRICS_PORT set, is not on the main port even with the token', async () => {
    const t = await internal();
    const res = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(404);
  });

  it('on the internal listener, serves /metrics and nothing else, with the token when one is set', async () => {
    const t = await internal();
    await t.app.inject({ url: '/api/health' });
    const server = buildMetricsServer({
      metrics: t.app.metrics,
      token: TOKEN,
      logger: createLogger('silent'),
    });
    try {
      const denied = await server.inject({ url: '/metrics' });
      expect(denied.statusCode).toBe(401);
      expect(denied.json()).toMatchObject({ success: false, code: 'AUTHENTICATION_REQUIRED' });
      const other = await server.inject({ url: '/api/health' });
      expect(other.statusCode).toBe(404);
      expect(other.json()).toMatchObject({ success: false, code: 'ROUTE_NOT_FOUND' });
      const res = await server.inject({
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(200);
      const samples = parseMetrics(res.body);
      expect(
        valueOf(samples, 'groundstation_http_requests_total', {
          route: '/api/health',
          status: '200',
        }),
      ).toBe(1);
    } finally {
      await server.close();
    }
  });
});

describe.runIf(!usingPostgres())('the service process with METRICS_PORT', () => {
  let server: ServerProcess | undefined;
  let dir: string | undefined;
  afterAll(async () => {
    await server?.stop('SIGKILL');
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('serves metrics on the internal listener only', async () => {
    dir = await tempDataDir();
    const metricsPort = await freePort();
    server = await startServer({ DATA_DIR: dir, METRICS_PORT: String(metricsPort) });
    const health = await fetch(`${server.url}/api/health`, {
      headers: { 'x-request-id': 'probe-1' },
    });
    expect(health.headers.get('x-request-id')).toBe('probe-1');
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.status).toBe(200);
    const samples = parseMetrics(await res.text());
    // startServer polled /api/health until it answered, then came the request above.
    expect(
      valueOf(samples, 'groundstation_http_requests_total', {
        route: '/api/health',
        status: '200',
      }),
    ).toBeGreaterThanOrEqual(2);
    expect(valueOf(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    // One structured line per request, with the caller's request id.
    const line = server
      .output()
      .split('\n')
      .filter((l) => l.includes('"requestId":"probe-1"'));
    expect(line).toHaveLength(1);
    expect(JSON.parse(line[0]!)).toMatchObject({ msg: 'request', route: '/api/health' });
  });
});

describe('metrics configuration', () => {
  it('is off unless a token or a port is set, and listens on loopback by default', () => {
    expect(loadConfig({}).metrics).toEqual({ token: null, port: null, host: '127.0.0.1' });
    expect(
      loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: TOKEN }).metrics,
    ).toEqual({ token: TOKEN, port: 9464, host: '0.0.0.0' });
  });

  it.each([
    [{ METRICS_TOKEN: 'short' }, /METRICS_TOKEN must be 16 to 512 printable characters/],
    [{ METRICS_TOKEN: 'has a space in it, sadly' }, /METRICS_TOKEN must be 16 to 512/],
    [{ METRICS_PORT: 'nine' }, /METRICS_PORT must be a whole number/],
    [{ METRICS_PORT: '70000' }, /METRICS_PORT must be between 0 and 65535/],
    [{ PORT: '8080', METRICS_PORT: '8080' }, /METRICS_PORT must differ from PORT/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
