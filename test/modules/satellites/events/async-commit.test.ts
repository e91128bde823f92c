import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../../src/db/client.js';
import { unnamedStatements } from '../../../../src/db/prepared.js';
import { applyWrites, waitsForFlush } from '../../../../src/modules/satellites/events/apply.js';
import { BatchWrites } from '../../../../src/modules/satellites/events/writes.js';
import { loadConfig } from '../../../../src/config.js';
import { createTestDatabase, type TestDatabase } from '../../../helpers/database.js';

// SATELLITE_EVENTS_ASYNC_COMMIT: a batch's statement sets how its own transaction commits,
// and nothing after that transaction.
describe('how an event batch commits', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(async () => test?.dispose());

  let entry = 0;
  const batch = () => {
    const writes = new BatchWrites();
    entry += 1;
    writes.history.push({
      id: `evt_commit_${entry}`,
      satelliteId: 'sat_commit',
      type: 'mcp.server.started',
      occurredAt: new Date(),
      data: {},
      installationId: null,
      recordId: null,
    });
    return writes;
  };
  const setting = async (executor: { execute: typeof test.db.orm.execute }) =>
    rowsOf<{ value: string }>(
      await executor.execute(sql`SELECT current_setting('synchronous_commit') AS value`),
    )[0]!.value;

  it('without waiting for the flush when synchronous commit is off, in its transaction only', async () => {
    const during = await test.db.orm.transaction(async (tx) => {
      await applyWrites(tx, batch(), unnamedStatements, { synchronousCommit: false });
      return setting(tx);
    });
    expect(during).toBe('off');
    expect(await setting(test.db.orm)).toBe('on');
  });

  it('as every other transaction when synchronous commit is on', async () => {
    const during = await test.db.orm.transaction(async (tx) => {
      await applyWrites(tx, batch(), unnamedStatements, { synchronousCommit: true });
      return setting(tx);
    });
    expect(during).toBe('on');
  });

  it('stores the batch either way', async () => {
    await applyWrites(test.db.orm, batch(), unnamedStatements, { synchronousCommit: false });
    const stored = rowsOf<{ n: number }>(
      await test.db.orm.execute(
        sql`SELECT count(*)::int AS n FROM satellite_event_history WHERE satellite_id = 'sat_commit'`,
      ),
    );
    expect(stored[0]!.n).toBe(entry);
  });

  it('is synchronous by default; SATELLITE_EVENTS_ASYNC_COMMIT=true asks for the quicker commit', () => {
    expect(loadConfig({}).satellites.eventsAsyncCommit).toBe(false);
    expect(loadConfig({ SATELLITE_EVENTS_ASYNC_COMMIT: 'true' }).satellites.eventsAsyncCommit).toBe(
      true,
    );
    expect(() => loadConfig({ SATELLITE_EVENTS_ASYNC_COMMIT: 'sometimes' })).toThrow(
      /SATELLITE_EVENTS_ASYNC_COMMIT must be true or false/,
    );
  });

  it('always waits for the flush on the embedded database, which a killed service would lose', () => {
    expect(waitsForFlush('pglite', true)).toBe(true);
    expect(waitsForFlush('pglite', false)).toBe(true);
    expect(waitsForFlush('postgresql', false)).toBe(true);
    expect(waitsForFlush('postgresql', true)).toBe(false);
  });
});
