import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMigrationFiles, runMigrations, CORE_MIGRATIONS_DIR } from '../../../src/db/migrate.js';
import { sealPending } from '../../../src/modules/audit/sealer.js';
import { verifyChain } from '../../../src/modules/audit/verify.js';
import { createEmptyDatabase, type TestDatabase } from '../../helpers/database.js';

/** The migration that moved waiting entries out of the log into their own queue. */
const QUEUE_MIGRATION = '0023_audit_pending.sql';

let database: TestDatabase;
let earlier: string;

beforeAll(async () => {
  database = await createEmptyDatabase();
  // The schema as the version before the queue left it.
  earlier = await mkdtemp(path.join(os.tmpdir(), 'gs-audit-upgrade-'));
  const files = await readMigrationFiles(CORE_MIGRATIONS_DIR);
  for (const file of files.filter((f) => f.name < QUEUE_MIGRATION))
    await writeFile(path.join(earlier, file.name), file.sql);
  await runMigrations(database.db, { dir: earlier });
});
afterAll(async () => {
  await database?.dispose();
  if (earlier) await rm(earlier, { recursive: true, force: true });
});

/** An entry as the earlier writer inserted it: in the log, its links null until sealed. */
const writeAsEarlierVersion = (id: string) =>
  database.db.query(
    `INSERT INTO audit_entries (id, created_at, actor_type, action, outcome, details)
     VALUES ($1, now(), 'system', 'settings.changed', 'success', '{"keys": ["upgrade"]}')`,
    [id],
  );
const ids = async (table: string) =>
  (await database.db.query<{ id: string }>(`SELECT id FROM ${table} ORDER BY id`)).map((r) => r.id);

describe('upgrading an audit log with entries waiting to be sealed', () => {
  it('moves them to the queue, queues what earlier replicas still write, and seals both', async () => {
    await writeAsEarlierVersion('aud_waiting_1');
    await writeAsEarlierVersion('aud_waiting_2');
    expect((await runMigrations(database.db)).applied).toContain(QUEUE_MIGRATION);
    expect(await ids('audit_entries')).toEqual([]);
    expect(await ids('audit_pending')).toEqual(['aud_waiting_1', 'aud_waiting_2']);

    // A replica of the earlier version, still running during the upgrade.
    await writeAsEarlierVersion('aud_waiting_3');
    expect(await ids('audit_pending')).toHaveLength(3);

    expect(await sealPending(database.db.orm)).toBe(3);
    expect(await ids('audit_pending')).toEqual([]);
    expect(await verifyChain(database.db.orm)).toMatchObject({ valid: true, checked: 3 });
  });
});
