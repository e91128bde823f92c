import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, rowsOf, type Database } from '../../src/db/client.js';
import { classifyDatabaseError } from '../../src/db/errors.js';
import { createPgliteStatementRunner } from '../../src/db/pglite-prepared.js';
import {
  createPreparedStatementKinds,
  createStatementNames,
  executePrepared,
  unnamedStatements,
} from '../../src/db/prepared.js';
import { login, register, type Account } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createServer, installServer } from '../helpers/catalogue.js';
import { createTestDatabase, usingPostgres, type TestDatabase } from '../helpers/database.js';

describe('which statement texts are prepared', () => {
  it('prepares a text from its second sighting on, under one name', () => {
    const names = createStatementNames({ max: 4, periodMs: 60_000 });
    expect(names.nameFor('SELECT 1')).toBeUndefined();
    const name = names.nameFor('SELECT 1');
    expect(name).toMatch(/^gs_[a-z0-9]+_[A-Za-z0-9_-]{32}$/);
    expect(names.nameFor('SELECT 1')).toBe(name);
    expect(names.nameFor('SELECT 2')).toBeUndefined();
  });

  it('admits at most `max` texts per period; the others run unnamed', () => {
    const names = createStatementNames({ max: 2, periodMs: 60_000 });
    for (const text of ['a', 'b', 'c']) names.nameFor(text);
    expect(names.nameFor('a')).toBeDefined();
    expect(names.nameFor('b')).toBeDefined();
    expect(names.nameFor('c')).toBeUndefined();
    expect(names.nameFor('c')).toBeUndefined();
  });

  it('starts afresh each period, with new names, so a connection never sees one name twice', () => {
    let now = 1_000_000;
    const names = createStatementNames({ max: 1, periodMs: 1000, now: () => now });
    names.nameFor('a');
    const first = names.nameFor('a');
    names.nameFor('b');
    expect(names.nameFor('b')).toBeUndefined();
    now += 1000;
    expect(names.nameFor('b')).toBeUndefined();
    const second = names.nameFor('b');
    expect(second).toBeDefined();
    names.nameFor('a');
    expect(names.nameFor('a')).toBeUndefined();
    expect(first).not.toBe(second);
  });

  it('prepares nothing with max 0', () => {
    const names = createStatementNames({ max: 0, periodMs: 1000 });
    for (let i = 0; i < 3; i++) expect(names.nameFor('SELECT 1')).toBeUndefined();
  });

  it('admits each kind of statement on its own, so changes never take an event batch its place', () => {
    const kinds = createPreparedStatementKinds({ max: 1, periodMs: 60_000 });
    for (let i = 0; i < 2; i++) kinds.changes.nameFor('WITH change');
    expect(kinds.changes.nameFor('WITH change')).toBeDefined();
    kinds.events.nameFor('WITH batch');
    expect(kinds.events.nameFor('WITH batch')).toBeDefined();
    kinds.changes.nameFor('WITH another change');
    expect(kinds.changes.nameFor('WITH another change')).toBeUndefined();
  });
});

describe('executePrepared', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(async () => test?.dispose());

  const statement = (n: number) => sql`SELECT ${n}::int AS n, now() AS at, 'x' AS s`;

  it('answers as execute does, named or not', async () => {
    const names = createStatementNames({ max: 4, periodMs: 60_000 });
    const plain = rowsOf<Record<string, unknown>>(await test.db.orm.execute(statement(7)));
    for (const policy of [unnamedStatements, names, names, names]) {
      const rows = rowsOf<Record<string, unknown>>(
        await executePrepared(test.db.orm, statement(7), policy),
      );
      expect(rows).toEqual([{ ...plain[0], at: rows[0]!.at }]);
      expect(typeof rows[0]!.at).toBe(typeof plain[0]!.at);
    }
  });

  it('runs inside a transaction on its connection', async () => {
    const names = createStatementNames({ max: 4, periodMs: 60_000 });
    const seen = await test.db.orm.transaction(async (tx) => {
      const out: unknown[] = [];
      for (let i = 0; i < 3; i++)
        out.push(rowsOf<{ n: number }>(await executePrepared(tx, statement(i), names))[0]!.n);
      return out;
    });
    expect(seen).toEqual([0, 1, 2]);
  });
});

/** The names or texts of the statements prepared on a one-connection pool's connection. */
const preparedOn = async (db: Database, column: 'name' | 'statement') =>
  (
    await db.query<Record<typeof column, string>>(`SELECT ${column} FROM pg_prepared_statements`)
  ).map((row) => row[column]);

describe.skipIf(!usingPostgres())('named statements on PostgreSQL', () => {
  let test: TestDatabase;
  let one: Database;
  beforeAll(async () => {
    test = await createTestDatabase();
    // One connection, so that what it prepared can be read back on it.
    one = await openPostgres({ url: test.url!, poolMax: 1 });
  });
  afterAll(async () => {
    await one?.close();
    await test?.dispose();
  });

  const prepared = () => preparedOn(one, 'name');

  it('prepares an admitted text once on the connection and reuses it', async () => {
    const statement = sql`SELECT ${'a'}::text AS v`;
    await executePrepared(one.orm, statement, one.statementNames.events);
    expect(await prepared()).toEqual([]);
    await executePrepared(one.orm, statement, one.statementNames.events);
    const [name] = await prepared();
    expect(name).toMatch(/^gs_/);
    await executePrepared(one.orm, sql`SELECT ${'b'}::text AS v`, one.statementNames.events);
    expect(await prepared()).toEqual([name]);
  });

  it('prepares nothing when the pool is opened with 0', async () => {
    const none = await openPostgres({ url: test.url!, poolMax: 1, preparedStatements: 0 });
    try {
      for (let i = 0; i < 3; i++)
        await executePrepared(none.orm, sql`SELECT 1`, none.statementNames.events);
      expect(await none.query('SELECT name FROM pg_prepared_statements')).toEqual([]);
    } finally {
      await none.close();
    }
  });
});

describe('the audited hot paths, on either database', () => {
  let test: TestDatabase;
  let one: Database;
  let t: TestApp;
  let admin: Account;
  beforeAll(async () => {
    test = await createTestDatabase();
    // The app on one connection, so that what it prepared can be read back on it (PGlite has
    // only one).
    one = test.url ? await openPostgres({ url: test.url, poolMax: 1 }) : test.db;
    t = await createTestApp({
      database: {
        db: one,
        url: test.url,
        dispose: async () => {
          if (one !== test.db) await one.close();
        },
      },
    });
    admin = await register(t.app, 'admin');
  });
  afterAll(async () => {
    await t?.close();
    await test?.dispose();
  });

  const preparedTexts = () => preparedOn(one, 'statement');

  it("writes an installation change's pending work, notification and audit entry prepared", async () => {
    const server = await createServer(t.app, admin.headers, { name: 'Prepared' });
    const team = (
      await t.app.inject({ url: '/api/teams/me/default', headers: admin.headers })
    ).json().data.team as { id: string };
    for (let i = 0; i < 3; i++)
      await installServer(t.app, team.id, admin.headers, { server_id: server.id, name: `p${i}` });
    const texts = await preparedTexts();
    expect(
      texts.filter(
        (text) =>
          text.includes('INSERT INTO "satellite_pending_work"') &&
          text.includes('INSERT INTO "audit_pending"'),
      ),
    ).toHaveLength(1);
  });

  it("writes a sign-in's session and its audit entry prepared", async () => {
    for (let i = 0; i < 3; i++) expect((await login(t.app, 'admin')).statusCode).toBe(200);
    const texts = await preparedTexts();
    expect(
      texts.filter(
        (text) => text.includes('insert into "sessions"') && text.includes('"audit_pending"'),
      ),
    ).toHaveLength(1);
  });
});

describe.skipIf(usingPostgres())('named statements on PGlite', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
    await test.db.query('CREATE TABLE named_test (id int PRIMARY KEY, note text)');
  });
  afterAll(async () => test?.dispose());

  const prepared = () => preparedOn(test.db, 'name');
  /** A row of many types, as the ORM reads them (times as text, JSON parsed, big numbers as text). */
  const manyTypes = (n: number) => sql`SELECT ${n}::int AS n, ${BigInt(2 ** 60)}::int8 AS big,
    ${'2026-11-28T05:00:00.123Z'}::timestamptz AS at, ${'2026-11-28'}::date AS day,
    ${JSON.stringify({ a: [1, 'x'] })}::jsonb AS doc, ${true}::bool AS yes, ${null}::text AS nothing,
    ${'1.50'}::numeric AS amount, ARRAY[${'a'}, ${'b'}]::text[] AS tags, 'ü' AS s`;

  it('prepares an admitted text once, reuses it, and answers as execute does', async () => {
    const names = test.db.statementNames.events;
    const plain = rowsOf(await test.db.orm.execute(manyTypes(1)));
    await executePrepared(test.db.orm, manyTypes(1), names);
    expect(await prepared()).toEqual([]);
    for (const n of [1, 2]) {
      const rows = rowsOf(await executePrepared(test.db.orm, manyTypes(n), names));
      expect(rows).toEqual([{ ...plain[0]!, n }]);
    }
    expect(await prepared()).toHaveLength(1);
    expect((await prepared())[0]).toMatch(/^gs_/);
  });

  it('runs inside a transaction, and a failed statement aborts only that transaction', async () => {
    const names = test.db.statementNames.events;
    const insert = (id: number) => sql`INSERT INTO named_test (id, note) VALUES (${id}, ${'n'})`;
    await test.db.orm.transaction(async (tx) => {
      for (const id of [1, 2, 3]) await executePrepared(tx, insert(id), names);
    });
    const texts = await preparedOn(test.db, 'statement');
    expect(texts.filter((text) => text.startsWith('INSERT INTO named_test'))).toHaveLength(1);
    const failed = await test.db.orm
      .transaction(async (tx) => {
        await executePrepared(tx, insert(4), names);
        await executePrepared(tx, insert(1), names);
      })
      .catch((error: unknown) => error);
    expect(classifyDatabaseError(failed)?.kind).toBe('duplicate');
    const ids = await test.db.query<{ id: number }>('SELECT id FROM named_test ORDER BY id');
    expect(ids.map((row) => row.id)).toEqual([1, 2, 3]);
    // The session is usable afterwards, outside a transaction too.
    const rows = rowsOf<{ n: number }>(await executePrepared(test.db.orm, insert(5), names));
    expect(rows).toEqual([]);
    expect(await test.db.query('SELECT id FROM named_test WHERE id = 5')).toEqual([{ id: 5 }]);
  });

  it("outside a transaction, waits for another caller's open transaction instead of joining it", async () => {
    const names = test.db.statementNames.events;
    const count = () => sql`SELECT count(*)::int AS n FROM named_test WHERE id = ${100}`;
    // Admitted before the transaction opens (a first sighting runs unnamed).
    for (let i = 0; i < 2; i++) await executePrepared(test.db.orm, count(), names);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let opened!: () => void;
    const open = new Promise<void>((resolve) => (opened = resolve));
    const rolledBack = test.db.orm
      .transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO named_test (id, note) VALUES (${100}, ${'open'})`);
        opened();
        await held;
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await open;
    const outside = executePrepared(test.db.orm, count(), names);
    // Inside the open transaction it would answer at once, and count its row.
    const early = await Promise.race([
      outside.then(() => 'answered'),
      new Promise((resolve) => setTimeout(() => resolve('waiting'), 100)),
    ]);
    expect(early).toBe('waiting');
    release();
    await rolledBack;
    expect(rowsOf(await outside)).toEqual([{ n: 0 }]);
  });

  it('keeps at most its capacity prepared, closing the oldest', async () => {
    // The client the ORM was given, which runs PGlite's own methods.
    const ormClient = (test.db.orm as unknown as { _: { session: { client: never } } })._.session
      .client;
    const run = createPgliteStatementRunner(ormClient, { capacity: 2, ormClient });
    const before = await prepared();
    for (const [i, name] of ['cap_a', 'cap_b', 'cap_c'].entries())
      await run(test.db.orm, { sql: 'SELECT $1::int AS i', params: [i] }, name);
    const now = (await prepared()).filter((name) => !before.includes(name));
    expect(now.sort()).toEqual(['cap_b', 'cap_c']);
    // A closed name is prepared again when it is asked for.
    const again = await run(test.db.orm, { sql: 'SELECT $1::int AS i', params: [7] }, 'cap_a');
    expect(again.rows).toEqual([{ i: 7 }]);
  });

  it('prepares nothing when opened with 0', async () => {
    const none = await openPglite(undefined, { preparedStatements: 0 });
    try {
      for (let i = 0; i < 3; i++)
        await executePrepared(none.orm, sql`SELECT 1`, none.statementNames.events);
      expect(await preparedOn(none, 'name')).toEqual([]);
    } finally {
      await none.close();
    }
  });
});
