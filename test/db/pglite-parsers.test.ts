import { PGlite, types, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, rowsOf, type Database } from '../../src/db/client.js';
import { ORM_TEXT_TYPES, shareOrmParsers } from '../../src/db/pglite-parsers.js';
import { usingPostgres } from '../helpers/database.js';

/** A row of every type the ORM reads as text, and two it does not. */
const ROW = `SELECT '2026-11-28 05:00:00.123456+00'::timestamptz AS at,
  '2026-11-28 05:00:00.5'::timestamp AS local, '2026-11-28'::date AS day,
  '1 day 02:00:00'::interval AS span, ARRAY['2026-11-28T05:00:00Z'::timestamptz] AS ats,
  ARRAY[1.50, 2]::numeric[] AS amounts, ARRAY['2026-11-28'::date] AS days,
  ARRAY['1 hour'::interval] AS spans, ARRAY['2026-11-28 01:02:03'::timestamp] AS locals,
  42::int AS n, '{"a": [1]}'::jsonb AS doc`;
const AS_TEXT = Object.fromEntries(ORM_TEXT_TYPES.map((oid) => [oid, (value: string) => value]));

describe.skipIf(usingPostgres())('PGlite and the ORM share their parsers', () => {
  let bare: PGlite;
  let db: Database;
  beforeAll(async () => {
    bare = await PGlite.create();
    db = await openPglite();
  });
  afterAll(async () => {
    await bare?.close();
    await db?.close();
  });

  it('the ORM reads these types as text, in transactions too, as it asks PGlite to', async () => {
    const expected = (await bare.query(ROW, [], { parsers: AS_TEXT })).rows;
    expect(typeof (expected[0] as { at: unknown }).at).toBe('string');
    expect(rowsOf(await db.orm.execute(sql.raw(ROW)))).toEqual(expected);
    const inTransaction = await db.orm.transaction(async (tx) =>
      rowsOf(await tx.execute(sql.raw(ROW))),
    );
    expect(inTransaction).toEqual(expected);
  });

  it('plain queries answer as PGlite does by default', async () => {
    const expected = (await bare.query(ROW)).rows;
    expect((expected[0] as { at: unknown }).at).toBeInstanceOf(Date);
    expect(await db.query(ROW)).toEqual(expected);
  });

  it("the ORM's queries leave its parsers out, so PGlite does not copy its table for them", async () => {
    const client = await PGlite.create();
    try {
      const seen: Array<QueryOptions | undefined> = [];
      const query = client.query.bind(client);
      client.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
        seen.push(options);
        return query(text, params, options);
      }) as typeof client.query;
      const transaction = client.transaction.bind(client);
      client.transaction = ((fn: (tx: Transaction) => Promise<unknown>) =>
        transaction((tx) => {
          const txQuery = tx.query.bind(tx);
          tx.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
            seen.push(options);
            return txQuery(text, params, options);
          }) as typeof tx.query;
          return fn(tx);
        })) as typeof client.transaction;

      const orm = drizzle({ client: shareOrmParsers(client).ormClient });
      await orm.execute(sql`SELECT now() AS at`);
      await orm.transaction((tx) => tx.execute(sql`SELECT now() AS at`));
      expect(seen).toHaveLength(2);
      for (const options of seen) {
        expect(options?.rowMode).toBe('object');
        expect(options?.parsers).toBeUndefined();
      }
      // Parsers the ORM does not send today still reach PGlite.
      const custom = { [types.INT4]: () => 'custom' };
      const ormClient = shareOrmParsers(client).ormClient;
      const { rows } = await ormClient.query('SELECT 1::int AS n', [], { parsers: custom });
      expect(rows).toEqual([{ n: 'custom' }]);
    } finally {
      await client.close();
    }
  });
});
