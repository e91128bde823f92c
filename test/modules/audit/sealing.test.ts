import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPostgres } from '../../../src/db/client.js';
import {
  auditChain,
  auditEntries as auditTable,
  auditPending,
  sessions,
} from '../../../src/db/schema/index.js';
import { entryHash } from '../../../src/modules/audit/chain.js';
import { sealPending } from '../../../src/modules/audit/sealer.js';
import { audit } from '../../../src/modules/audit/writer.js';
import { login, register, type Account } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { auditEntries, verifyReport } from '../../helpers/audit.js';
import { usingPostgres } from '../../helpers/database.js';

let t: TestApp;
let root: Account;

beforeAll(async () => {
  // The background pass runs often here, so a test can see it seal without a read.
  t = await createTestApp({ env: { AUDIT_SEAL_MS: '50' } });
  root = await register(t.app, 'root');
});
afterAll(async () => t?.close());

const orm = () => t.database.db.orm;
const settingsChanged = (key: string) => ({
  action: 'settings.changed' as const,
  request: null,
  details: { keys: [key] },
});
const hasKey = (table: typeof auditTable | typeof auditPending, key: string) =>
  sql`${table.details} -> 'keys' ->> 0 = ${key}`;
/** The log's entries, and the queue's, recording a change of one settings key. */
const logged = (key: string) => orm().select().from(auditTable).where(hasKey(auditTable, key));
const queued = (key: string) => orm().select().from(auditPending).where(hasKey(auditPending, key));
const rowOf = async (key: string) => {
  const rows = await logged(key);
  expect(rows).toHaveLength(1);
  return rows[0]!;
};
const head = async () => (await orm().select().from(auditChain).where(eq(auditChain.id, 1)))[0]!;
const unsealed = async () =>
  (await orm().select({ id: auditPending.id }).from(auditPending)).length;

describe('sealing the audit chain', () => {
  it('queues an entry, which the next seal moves into the log after the head', async () => {
    await sealPending(orm());
    const before = await head();
    await audit(orm(), settingsChanged('written-unsealed'));
    const [waiting] = await queued('written-unsealed');
    expect(waiting).toBeDefined();
    expect(await logged('written-unsealed')).toEqual([]);

    expect(await sealPending(orm())).toBe(1);
    const row = await rowOf('written-unsealed');
    expect(row).toEqual({
      ...waiting,
      seq: before.headSeq + 1,
      prevHash: before.headHash,
      hash: entryHash({ ...waiting!, seq: before.headSeq + 1 }, before.headHash),
    });
    expect(await queued('written-unsealed')).toEqual([]);
    expect(await head()).toMatchObject({ headSeq: row.seq, headHash: row.hash });
    expect(await sealPending(orm())).toBe(0);
  });

  it('seals a queued entry whose time has microseconds, which a Date would round', async () => {
    await orm()
      .insert(auditPending)
      .values({
        id: 'aud_microseconds',
        createdAt: sql`'2026-11-20T10:00:00.123456Z'::timestamptz` as unknown as Date,
        actorType: 'system',
        action: 'settings.changed',
        outcome: 'success',
        details: { keys: ['microseconds'] },
      });
    expect(await sealPending(orm())).toBe(1);
    expect((await rowOf('microseconds')).seq).toBe((await head()).headSeq);
    expect(await unsealed()).toBe(0);
    expect((await verifyReport(t.app, root.headers)).valid).toBe(true);
  });

  it('queues an unsealed entry that a replica of an earlier version writes into the log', async () => {
    // Before the queue, writers inserted entries into audit_entries with their links null.
    await orm().execute(sql`
      INSERT INTO audit_entries (id, created_at, actor_type, action, outcome, details)
      VALUES ('aud_earlier_version', now(), 'system', 'settings.changed', 'success',
        '{"keys": ["earlier-version"]}'::jsonb)`);
    expect(await logged('earlier-version')).toEqual([]);
    expect(await queued('earlier-version')).toHaveLength(1);
    await sealPending(orm());
    expect((await rowOf('earlier-version')).seq).toBe((await head()).headSeq);
    expect((await verifyReport(t.app, root.headers)).valid).toBe(true);
  });

  it('shows an entry committed before a read with its place in the chain', async () => {
    await audit(orm(), settingsChanged('read-sealed'));
    const entries = await auditEntries(t.app, root.headers, '&action=settings.changed');
    const entry = entries.find((e) => e.details.keys[0] === 'read-sealed');
    expect(entry).toMatchObject({ seq: expect.any(Number), hash: expect.any(String) });
    expect(await unsealed()).toBe(0);
  });

  it('seals in the background entries that nobody reads', async () => {
    t.app.jobs.start();
    try {
      await audit(orm(), settingsChanged('background'));
      await vi.waitFor(async () => expect(await logged('background')).toHaveLength(1), {
        timeout: 10_000,
        interval: 50,
      });
    } finally {
      t.app.jobs.stop();
    }
  });

  it('links each entry once when sealers run at the same time', async () => {
    const before = await verifyReport(t.app, root.headers);
    await Promise.all(
      Array.from({ length: 60 }, (_, i) => audit(orm(), settingsChanged(`racing-${i}`))),
    );
    const sealed = await Promise.all([
      sealPending(orm()),
      sealPending(orm()),
      sealPending(orm(), { skipLocked: true }),
    ]);
    expect(sealed.reduce((a, b) => a + b, 0)).toBe(60);
    const report = await verifyReport(t.app, root.headers);
    expect(report).toMatchObject({ valid: true, broken: null });
    expect(report.head.head_seq).toBe(before.head.head_seq + 60);
  });

  it('still verifies entries hashed before sealing existed (the hash text is unchanged)', () => {
    // Written by the earlier writer, which hashed in SQL under the chain row's lock.
    const content = {
      seq: 7,
      id: 'aud_golden',
      createdAt: new Date('2026-11-20T10:00:00.123Z'),
      actorType: 'user',
      actorId: 'usr_1',
      teamId: null,
      action: 'auth.sign_in',
      targetType: 'user',
      targetId: 'usr_1',
      outcome: 'success',
      clientAddress: '203.0.113.7',
      userAgent: 'ua/1 "quoted"',
      requestId: 'req-1',
      details: { z: [1, { b: true, a: null }], a: 'é' },
    };
    expect(entryHash(content, 'ab'.repeat(32))).toBe(
      '4b551cd3503c4d949ba9faf311e14dade9ab55c7fad5b02908d0f820945ce9f1',
    );
  });
});

describe('an entry written with its change in one statement', () => {
  it('undoes the change when the entry cannot be written (a sign-in and its session)', async () => {
    const count = async () => (await orm().select({ id: sessions.id }).from(sessions)).length;
    const before = await count();
    await orm().execute(
      sql`ALTER TABLE audit_pending ADD CONSTRAINT refuse_sign_ins CHECK (action <> 'auth.sign_in')`,
    );
    try {
      const res = await login(t.app, 'root');
      expect(res.statusCode).not.toBe(200);
      expect(await count()).toBe(before);
    } finally {
      await orm().execute(sql`ALTER TABLE audit_pending DROP CONSTRAINT refuse_sign_ins`);
    }
    expect((await login(t.app, 'root')).statusCode).toBe(200);
    expect(await count()).toBe(before + 1);
  });
});

describe.skipIf(!usingPostgres())('concurrent audited transactions (PostgreSQL)', () => {
  it('do not wait for one another to commit', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let wrote!: () => void;
    const firstWrote = new Promise<void>((resolve) => (wrote = resolve));
    const first = orm().transaction(async (tx) => {
      await audit(tx, settingsChanged('held-open'));
      wrote();
      await held;
    });
    await firstWrote;
    // With a lock on the chain held until commit, this one would wait for the first.
    const second = orm().transaction((tx) => audit(tx, settingsChanged('not-waiting')));
    const outcome = await Promise.race([
      second.then(() => 'committed'),
      new Promise((resolve) => setTimeout(() => resolve('waited'), 5000)),
    ]);
    release();
    await Promise.all([first, second]);
    expect(outcome).toBe('committed');
    expect((await verifyReport(t.app, root.headers)).valid).toBe(true);
  });

  it('seal on two replicas into one chain', async () => {
    const db = await openPostgres({ url: t.database.url!, poolMax: 4 });
    try {
      const before = await verifyReport(t.app, root.headers);
      await Promise.all([
        ...Array.from({ length: 40 }, (_, i) =>
          audit(i % 2 ? orm() : db.orm, settingsChanged(`replicas-${i}`)),
        ),
        ...Array.from({ length: 6 }, (_, i) => sealPending(i % 2 ? orm() : db.orm)),
      ]);
      await Promise.all([sealPending(orm()), sealPending(db.orm)]);
      const report = await verifyReport(t.app, root.headers);
      expect(report).toMatchObject({ valid: true, broken: null });
      expect(report.head.head_seq).toBe(before.head.head_seq + 40);
    } finally {
      await db.close();
    }
  });
});
