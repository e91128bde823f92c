import type { RouteOptions } from 'fastify';
import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '../../src/http/auth/declare.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createTestDatabase } from '../helpers/database.js';

const routes: RouteOptions[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    extend: (app) => app.addHook('onRoute', (route) => void routes.push(route)),
  });
});
afterAll(async () => t?.close());

// Fastify's HEAD twins of GET routes share their options; test/http/head.test.ts covers them.
const visible = () =>
  routes.filter((r) => !(r.schema as { hide?: boolean } | undefined)?.hide && r.method !== 'HEAD');

describe('route table', () => {
  it('has routes to check', () => {
    expect(visible().length).toBeGreaterThanOrEqual(4);
  });

  it('gives every route an auth declaration, operationId, summary, tags and a success response', () => {
    for (const route of visible()) {
      const where = `${route.method} ${route.url}`;
      const schema = route.schema as Record<string, any>;
      expect(route.config?.auth, where).toBeDefined();
      expect(schema.operationId, where).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(schema.summary, where).toBeTruthy();
      expect(schema.tags?.length, where).toBeGreaterThan(0);
      expect(
        Object.keys(schema.response).some((s) => /^[23]\d\d$/.test(s)),
        where,
      ).toBe(true);
      expect(schema.response['500'], where).toBeDefined();
      expect(schema.querystring, where).toBeDefined();
    }
  });

  it('answers 401 to an anonymous caller on every route that is not public', async () => {
    const guarded = visible().filter(
      (r) => !['public', 'first-run'].includes((r.config?.auth as { mode: string }).mode),
    );
    expect(guarded.length).toBeGreaterThan(20);
    for (const route of guarded) {
      const method = (Array.isArray(route.method) ? route.method[0] : route.method) as 'GET';
      const url = route.url.replace(/:[A-Za-z]+/g, 'x');
      const res = await t.app.inject({
        method,
        url,
        headers: { 'content-type': 'application/json' },
        payload: method === 'GET' || method === 'DELETE' ? undefined : '{}',
      });
      expect(res.statusCode, `${method} ${route.url}`).toBe(401);
      expect(res.json().success, `${method} ${route.url}`).toBe(false);
    }
  });

  it('uses every operationId once', () => {
    const ids = visible().map((r) => (r.schema as { operationId: string }).operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('refuses to build an app with a route that declares no auth', async () => {
    const database = await createTestDatabase();
    const attempt = createTestApp({
      database,
      extend: (app) =>
        void app.register(async (i) =>
          i.get(
            '/undeclared',
            {
              schema: {
                operationId: 'undeclared',
                summary: 's',
                tags: ['X'],
                response: { 200: Type.Object({}) },
              },
            },
            async () => ({}),
          ),
        ),
    });
    await expect(attempt).rejects.toThrow('Route GET /undeclared declares no config.auth');
    await database.dispose();
  });

  it('refuses a route without an operationId', async () => {
    const database = await createTestDatabase();
    const attempt = createTestApp({
      database,
      extend: (app) =>
        void app.register(async (i) =>
          i.get(
            '/anonymous',
            {
              config: { auth: auth.public() },
              schema: { summary: 's', tags: ['X'], response: { 200: Type.Object({}) } },
            },
            async () => ({}),
          ),
        ),
    });
    await expect(attempt).rejects.toThrow('Route GET /anonymous has no schema.operationId');
    await database.dispose();
  });
});
