import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { registerProbeRoutes } from '../helpers/probe-routes.js';
import { createTestDatabase } from '../helpers/database.js';
import { pageOf, paginationOf } from '../../src/http/pagination.js';

let t: TestApp;
beforeAll(async () => {
  const database = await createTestDatabase();
  t = await createTestApp({ database, extend: (app) => registerProbeRoutes(app, database.db) });
  for (const name of ['ann', 'bob', 'cat', 'dan', 'eve']) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/probe/users',
      headers: { 'content-type': 'application/json' },
      payload: { name },
    });
    expect(res.statusCode).toBe(200);
  }
});
afterAll(async () => t?.close());

const list = (query: string) => t.app.inject({ url: `/probe/users${query}` });

describe('pagination query', () => {
  it('defaults to limit 20 and offset 0', async () => {
    const res = await list('');
    expect(res.json().data.pagination).toEqual({ total: 5, limit: 20, offset: 0, has_more: false });
    expect(res.json().data.users).toHaveLength(5);
  });

  it('counts the whole set in SQL, not the page', async () => {
    const res = await list('?limit=2&offset=1');
    expect(res.json().data.users.map((u: { username: string }) => u.username)).toEqual([
      'dan',
      'cat',
    ]);
    expect(res.json().data.pagination).toEqual({ total: 5, limit: 2, offset: 1, has_more: true });
  });

  it('reports has_more false on the last page and past the end', async () => {
    expect((await list('?limit=2&offset=3')).json().data.pagination.has_more).toBe(false);
    const beyond = (await list('?limit=2&offset=50')).json().data;
    expect(beyond.users).toEqual([]);
    expect(beyond.pagination).toEqual({ total: 5, limit: 2, offset: 50, has_more: false });
  });

  it('accepts the bounds 1 and 100', async () => {
    expect((await list('?limit=1')).statusCode).toBe(200);
    expect((await list('?limit=100')).statusCode).toBe(200);
  });

  it.each(['0', '101', '-1', 'abc', '1.5', '', '+5', '1e2', ' 5', '99999999999999999999'])(
    'rejects limit=%j with the limit text',
    async (value) => {
      const res = await list(`?limit=${encodeURIComponent(value)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        error: expect.stringContaining('limit must be between 1 and 100'),
      });
    },
  );

  it('rejects a repeated limit', async () => {
    const res = await list('?limit=5&limit=6');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('limit must be between 1 and 100');
  });

  it.each(['-1', 'abc', '1.5', '', '1e3', '9999999999999999'])(
    'rejects offset=%j with the offset text',
    async (value) => {
      const res = await list(`?offset=${encodeURIComponent(value)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        error: expect.stringContaining('offset must be non-negative'),
      });
    },
  );

  it('still rejects unknown parameters beside the filters', async () => {
    expect((await list('?prefix=a')).statusCode).toBe(200);
    const res = await list('?sort=name');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('querystring.sort is not an allowed property');
  });
});

describe('pagination helpers', () => {
  it('computes has_more as offset + limit < total', () => {
    expect(paginationOf({ limit: 10, offset: 0 }, 10).has_more).toBe(false);
    expect(paginationOf({ limit: 10, offset: 0 }, 11).has_more).toBe(true);
    expect(pageOf({ limit: '007', offset: '3' })).toEqual({ limit: 7, offset: 3 });
  });
});
