import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonInsert } from '../../src/db/json-rows.js';
import { satelliteEventHistory } from '../../src/db/schema/index.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

// Statement texts are worked out once per shape and remembered (json-rows.ts): these tests check
// that a remembered text still carries each call's own values, and that shapes stay apart.
const dialect = new PgDialect();
const textOf = (statement: ReturnType<typeof jsonInsert>) => dialect.sqlToQuery(statement).sql;

const entry = (id: string, satelliteId: string, data: Record<string, unknown>) => ({
  id,
  satelliteId,
  type: 'test.event',
  occurredAt: new Date('2026-01-01T00:00:00Z'),
  data,
  installationId: null,
  recordId: null,
});

describe('jsonInsert', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(async () => test?.dispose());

  const history = (satelliteId: string) =>
    test.db.query<{ id: string; data: unknown }>(
      'SELECT id, data FROM satellite_event_history WHERE satellite_id = $1 ORDER BY created_at',
      [satelliteId],
    );

  it('writes each call’s own rows through a remembered text, in sequence order', async () => {
    const first = jsonInsert(
      satelliteEventHistory,
      [entry('evt_a1', 'sat_a', { n: 1 }), entry('evt_a2', 'sat_a', { n: 2 })],
      { sequence: [1, 0] },
    );
    const second = jsonInsert(
      satelliteEventHistory,
      [entry('evt_b1', 'sat_b', { n: 3 }), entry('evt_b2', 'sat_b', { n: 4 })],
      { sequence: [0, 1] },
    );
    expect(textOf(second)).toBe(textOf(first));
    await test.db.orm.execute(first);
    await test.db.orm.execute(second);
    expect(await history('sat_a')).toEqual([
      { id: 'evt_a2', data: { n: 2 } },
      { id: 'evt_a1', data: { n: 1 } },
    ]);
    expect(await history('sat_b')).toEqual([
      { id: 'evt_b1', data: { n: 3 } },
      { id: 'evt_b2', data: { n: 4 } },
    ]);
  });

  it('keeps texts apart when the rows share other columns', async () => {
    const shared = jsonInsert(satelliteEventHistory, [
      entry('evt_c1', 'sat_c', {}),
      entry('evt_c2', 'sat_c', {}),
    ]);
    const mixed = jsonInsert(satelliteEventHistory, [
      entry('evt_d1', 'sat_d', {}),
      entry('evt_d2', 'sat_e', {}),
    ]);
    expect(textOf(mixed)).not.toBe(textOf(shared));
    await test.db.orm.execute(shared);
    await test.db.orm.execute(mixed);
    for (const [satellite, ids] of [
      ['sat_c', ['evt_c1', 'evt_c2']],
      ['sat_d', ['evt_d1']],
      ['sat_e', ['evt_d2']],
    ] as const)
      expect((await history(satellite)).map((r) => r.id).sort()).toEqual(ids);
  });

  it('takes each call’s own computed expressions and upsert columns', async () => {
    const upsert = (data: Record<string, unknown>, suffix: string, update: string[]) =>
      jsonInsert(satelliteEventHistory, [entry('evt_u', 'sat_u', data)], {
        onConflict: { target: ['id'], update },
        computed: { type: sql`r.type || ${suffix}::text` },
      });
    await test.db.orm.execute(upsert({ n: 1 }, '.one', ['type', 'data']));
    await test.db.orm.execute(upsert({ n: 2 }, '.two', ['type', 'data']));
    await test.db.orm.execute(upsert({ n: 3 }, '.three', ['type']));
    expect(
      await test.db.query("SELECT type, data FROM satellite_event_history WHERE id = 'evt_u'"),
    ).toEqual([{ type: 'test.event.three', data: { n: 2 } }]);
  });

  it('refuses a property the table has no column for, every time', () => {
    for (let i = 0; i < 2; i++)
      expect(() => jsonInsert(satelliteEventHistory, [{ id: 'x', colour: 'blue' }])).toThrow(
        'satellite_event_history has no column for property colour',
      );
  });
});
