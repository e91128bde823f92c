import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { createEmbeddedVacuum } from '../../src/db/embedded-vacuum.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createTestDatabase, usingPostgres, type TestDatabase } from '../helpers/database.js';

const silent = pino({ level: 'silent' });
const ROUNDS = 6;
const ROWS = 2000;

async function tableBytes(db: Database, table: string) {
  const [row] = await db.query<{ bytes: string }>(`SELECT pg_relation_size($1) AS bytes`, [table]);
  return Number(row!.bytes);
}

/** What a day of sessions or heartbeats does to a table: rows come, and most go again. */
async function churn(db: Database, table: string, round: number) {
  await db.query(
    `INSERT INTO ${table} SELECT g, repeat('x', 100) FROM generate_series($1::int, $2::int) g`,
    [round * ROWS + 1, (round + 1) * ROWS],
  );
  await db.query(`DELETE FROM ${table} WHERE id <= $1`, [(round + 1) * ROWS - 10]);
}

/** Statistics that only ANALYZE writes: the planner's view of the table's columns. */
async function analysedColumns(db: Database, table: string) {
  const rows = await db.query(`SELECT attname FROM pg_stats WHERE tablename = $1`, [table]);
  return rows.length;
}

describe.skipIf(usingPostgres())('the embedded database’s vacuum (PGlite)', () => {
  let database: TestDatabase;
  let db: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
  });
  afterAll(async () => database.dispose());

  async function tableCount() {
    const [row] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_tables
       WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
    );
    return row!.n;
  }

  it('keeps a churning table from growing, which PGlite alone lets grow for ever', async () => {
    await db.query(`CREATE TABLE churn_vacuumed (id int PRIMARY KEY, v text)`);
    await db.query(`CREATE TABLE churn_never (id int PRIMARY KEY, v text)`);
    const vacuum = createEmbeddedVacuum(db, silent);
    const tables = await tableCount();
    for (let round = 0; round < ROUNDS; round++) await churn(db, 'churn_never', round);
    for (let round = 0; round < ROUNDS; round++) {
      await churn(db, 'churn_vacuumed', round);
      // One full turn: every table once (churn_never too, after its rounds).
      for (let i = 0; i < tables; i++) await vacuum.tick();
    }

    const never = await tableBytes(db, 'churn_never');
    const vacuumed = await tableBytes(db, 'churn_vacuumed');
    // Without VACUUM every round's rows take new pages: six rounds, six times the space.
    expect(never).toBeGreaterThan(ROUNDS * ROWS * 100);
    expect(vacuumed).toBeLessThan(never / 2.5);
  });

  it('analyses a table once its row count has moved, so the planner knows its size', async () => {
    await db.query(`CREATE TABLE grows (id int PRIMARY KEY, v text)`);
    const vacuum = createEmbeddedVacuum(db, silent);
    const tables = await tableCount();
    await db.query(`INSERT INTO grows SELECT g, 'v' || g FROM generate_series(1, 5000) g`);
    expect(await analysedColumns(db, 'grows')).toBe(0);
    for (let i = 0; i < tables; i++) await vacuum.tick();
    expect(await analysedColumns(db, 'grows')).toBe(2);
    const [row] = await db.query<{ reltuples: number }>(
      `SELECT reltuples::int AS reltuples FROM pg_class WHERE relname = 'grows'`,
    );
    expect(row!.reltuples).toBe(5000);
  });

  it('logs a table whose turn took long, with its name and time', async () => {
    const lines: Array<{ table?: string; ms?: number; msg?: string }> = [];
    const logger = pino(
      { level: 'info' },
      { write: (line: string) => lines.push(JSON.parse(line)) },
    );
    await db.query(`CREATE TABLE aa_first (id int PRIMARY KEY)`);
    await createEmbeddedVacuum(db, logger).tick();
    expect(lines).toEqual([]);
    await createEmbeddedVacuum(db, logger, { slowMs: 0 }).tick();
    expect(lines).toEqual([
      expect.objectContaining({
        msg: 'a table’s vacuum took long',
        table: expect.stringMatching(/^[a-z_]+\.[a-z_]+$/),
        ms: expect.any(Number),
      }),
    ]);
  });

  it('goes on with the next table when one fails', async () => {
    const vacuum = createEmbeddedVacuum(db, silent);
    await db.query(`CREATE TABLE dropped_meanwhile (id int)`);
    await db.query(`CREATE TABLE zz_after (id int PRIMARY KEY)`);
    await db.query(`INSERT INTO zz_after SELECT generate_series(1, 500)`);
    await vacuum.tick(); // lists the tables, dropped_meanwhile among them
    await db.query(`DROP TABLE dropped_meanwhile`);
    const tables = await tableCount();
    for (let i = 0; i < tables + 1; i++) await vacuum.tick();
    expect(await analysedColumns(db, 'zz_after')).toBe(1);
  });
});

describe.skipIf(usingPostgres())('the app on PGlite', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { EMBEDDED_VACUUM_MS: '100' } });
  });
  afterAll(async () => t.close());

  it('vacuums and analyses its tables in the background', async () => {
    const db = t.database.db;
    await db.query(`CREATE TABLE a_background (id int PRIMARY KEY)`);
    await db.query(`INSERT INTO a_background SELECT generate_series(1, 1000)`);
    t.app.jobs.start();
    try {
      await vi.waitFor(async () => expect(await analysedColumns(db, 'a_background')).toBe(1), {
        timeout: 20_000,
        interval: 100,
      });
    } finally {
      t.app.jobs.stop();
    }
  });
});
