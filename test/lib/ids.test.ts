import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, newOrderedId } from '../../src/lib/ids.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.dispose());

describe('newOrderedId', () => {
  const minted = Array.from({ length: 2000 }, () => newOrderedId('hb'));

  it('keeps the record id shape: a prefix and at least 20 random base62 characters', () => {
    for (const id of minted) expect(id).toMatch(/^hb_[0-9a-z]{13}[0-9A-Za-z]{20}$/);
    expect(new Set(minted).size).toBe(minted.length);
  });

  it('sorts in minting order, also within one millisecond, in JavaScript and in the database', async () => {
    expect([...minted].sort()).toEqual(minted);
    const rows = await database.db.query<{ id: string }>(
      'SELECT id FROM unnest($1::text[]) AS id ORDER BY id',
      [[...minted].reverse()],
    );
    expect(rows.map((r) => r.id)).toEqual(minted);
  });

  it('differs from newId, whose order is random', () => {
    const random = Array.from({ length: 200 }, () => newId('hb'));
    expect([...random].sort()).not.toEqual(random);
  });
});
