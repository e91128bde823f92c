import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.js';
import { createTestDatabase } from '../../helpers/database.js';

// Health and database status are answered from a reading refreshed in the background
// (HEALTH_REFRESH_MS), not from a round trip per call (docs/operators.md).

const REFRESH_MS = 300;

async function until(check: () => Promise<boolean>, limitMs: number) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > limitMs) throw new Error(`not within ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('GET /api/health from the background reading', () => {
  it('answers from memory, and reports the database down once a refresh fails', async () => {
    const database = await createTestDatabase();
    const t = await createTestApp({ database, env: { HEALTH_REFRESH_MS: String(REFRESH_MS) } });
    try {
      const first = await t.app.inject({ url: '/api/health' });
      expect(first.statusCode).toBe(200);
      await database.db.close();
      // The reading is fresh: no round trip is made, so the closed database goes unnoticed…
      const remembered = await t.app.inject({ url: '/api/health' });
      expect(remembered.statusCode).toBe(200);
      expect(remembered.json().data).toEqual(first.json().data);
      // …until the reading is older than HEALTH_REFRESH_MS and a refresh finds it down.
      await until(
        async () => (await t.app.inject({ url: '/api/health' })).statusCode === 503,
        REFRESH_MS + 3_000,
      );
      const down = await t.app.inject({ url: '/api/health' });
      expect(down.json()).toMatchObject({ success: false, error: 'The database is unreachable' });
    } finally {
      await t.app.close();
      // Closing it again fails; what is left, a scratch PostgreSQL database, is dropped regardless.
      await database.dispose().catch(() => undefined);
    }
  });
});

describe('GET /api/db/status from the background reading', () => {
  it('answers from memory between refreshes and sees a change after one', async () => {
    const t = await createTestApp({ env: { HEALTH_REFRESH_MS: String(REFRESH_MS) } });
    try {
      const first = (await t.app.inject({ url: '/api/db/status' })).json().data;
      const name = 'zzzz_added_by_hand.sql';
      await t.database.db.query(
        "INSERT INTO schema_migrations (name, checksum) VALUES ($1, 'by hand')",
        [name],
      );
      expect((await t.app.inject({ url: '/api/db/status' })).json().data).toEqual(first);
      await until(
        async () =>
          (await t.app.inject({ url: '/api/db/status' })).json().data.migrations.applied ===
          first.migrations.applied + 1,
        REFRESH_MS + 3_000,
      );
    } finally {
      await t.close();
    }
  });
});
