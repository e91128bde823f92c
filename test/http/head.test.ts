import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { register } from '../helpers/accounts.js';

const routes: RouteOptions[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    extend: (app) => app.addHook('onRoute', (route) => void routes.push(route)),
  });
  // The first account is the global admin; later ones are the callers below.
  await register(t.app, 'root');
});
afterAll(async () => t?.close());

const methodsOf = (r: RouteOptions) => (Array.isArray(r.method) ? r.method : [r.method]);

/** HEAD-based health probes (load balancers, uptime checks) must get GET's status, no body. */
describe('HEAD on GET routes', () => {
  it('answers HEAD /api/health with 200 and no body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('answers HEAD on an authenticated GET without credentials with 401 and no body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/api/users/me' });
    expect(res.statusCode).toBe(401);
    expect(res.body).toBe('');
  });

  it('answers HEAD on an authenticated GET with credentials as GET does, without the body', async () => {
    const carol = await register(t.app, 'carol');
    const res = await t.app.inject({
      method: 'HEAD',
      url: '/api/users/me',
      headers: carol.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
  });

  it('leaves event streams without HEAD, so a probe never opens one', async () => {
    const root = await register(t.app, 'streamer');
    const url = '/api/users/me/mcp/client-activity/stream';
    const res = await t.app.inject({ method: 'HEAD', url, headers: root.headers });
    expect(res.statusCode).toBe(404);
    expect(t.app.streams.openCount).toBe(0);
    // The service goes on answering (a HEAD stream used to spin the event loop).
    const health = await t.app.inject({ method: 'HEAD', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });

  it('gives every GET route but the streams a HEAD twin with the same auth declaration', () => {
    const gets = routes.filter((r) => methodsOf(r).includes('GET') && !r.url.endsWith('/stream'));
    const heads = new Map(
      routes.filter((r) => methodsOf(r).includes('HEAD')).map((r) => [r.url, r]),
    );
    expect(gets.length).toBeGreaterThan(30);
    const missing = gets.filter((r) => heads.get(r.url)?.config?.auth !== r.config?.auth);
    expect(missing.map((r) => r.url)).toEqual([]);
  });

  it('keeps HEAD out of the API description', async () => {
    const res = await t.app.inject({ url: '/documentation/json' });
    const paths = res.json().paths as Record<string, Record<string, unknown>>;
    const withHead = Object.entries(paths).filter(([, item]) => 'head' in item);
    expect(withHead.map(([path]) => path)).toEqual([]);
  });

  it('answers 404 to HEAD on a route that has no GET', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/api/auth/logout' });
    expect(res.statusCode).toBe(404);
  });
});
