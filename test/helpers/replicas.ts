import { openPostgres } from '../../src/db/client.js';
import { createTestApp, type TestApp } from './app.js';

/** A second service on the same PostgreSQL database as `first`, as behind a load balancer. */
export async function secondReplica(first: TestApp, env: Record<string, string>): Promise<TestApp> {
  const db = await openPostgres({ url: first.database.url!, poolMax: 4 });
  return createTestApp({
    env,
    database: { db, url: first.database.url, dispose: () => db.close() },
  });
}

/** Polls an asynchronous check until it holds; fails after `limitMs`. */
export async function within(check: () => Promise<boolean>, limitMs: number) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > limitMs) throw new Error(`not within ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
