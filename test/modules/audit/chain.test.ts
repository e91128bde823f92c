import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAudit } from '../../../src/cli/audit.js';
import { runCli } from '../../../src/cli/main.js';
import { audit } from '../../../src/modules/audit/writer.js';
import { auditEntries as auditTable } from '../../../src/db/schema/index.js';
import {
  json,
  login,
  PASSWORD,
  register,
  sessionCookieOf,
  type Account,
} from '../../helpers/accounts.js';
import { openPostgres } from '../../../src/db/client.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { usingPostgres } from '../../helpers/database.js';
import { auditEntries, lastOf, verifyReport } from '../../helpers/audit.js';
import { DAY, manualClock } from '../../helpers/clock.js';

const clock = manualClock(new Date());
let t: TestApp;
let root: Account;
let alice: Account;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { LOGIN_LIMIT_PER_ACCOUNT: '1000' } });
  root = await register(t.app, 'root');
  alice = await register(t.app, 'alice');
});
afterAll(async () => t?.close());

const signIn = async (username: string): Promise<Account> => {
  const res = await login(t.app, username);
  const cookie = sessionCookieOf(res);
  return { ...root, cookie, headers: { cookie } };
};
/** Newest first in chain order (the list orders by time, which concurrent writers interleave). */
const bySeq = async (query = '') =>
  (await auditEntries(t.app, root.headers, query)).sort((a, b) => b.seq - a.seq);
const orm = () => t.database.db.orm;
const cli = async (args: string[]) => {
  let out = '';
  const code = await runAudit(
    args,
    { stdout: (s) => void (out += s), stderr: (s) => void (out += s), cwd: '.' },
    t.database.db,
  );
  return { code, out };
};

describe('audit entries', () => {
  it('records a sign-in with the caller’s address, user agent and request id', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/email/login',
      headers: { ...json, 'user-agent': 'audit-test/1.0', 'x-request-id': 'req-audit-1' },
      payload: { login: 'alice', password: PASSWORD },
      remoteAddress: '203.0.113.7',
    });
    expect(res.statusCode).toBe(200);
    const entry = await lastOf(t.app, root.headers, 'auth.sign_in');
    expect(entry).toMatchObject({
      actor_type: 'user',
      actor_id: alice.id,
      target_type: 'user',
      target_id: alice.id,
      outcome: 'success',
      client_address: '203.0.113.7',
      user_agent: 'audit-test/1.0',
      request_id: 'req-audit-1',
    });
    expect(entry.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('records where a change came from when the entry names another actor than the caller', async () => {
    // A registering client is the entry's actor, so only the request handed to the service
    // can give the entry its origin.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/oauth2/register',
      headers: { ...json, 'user-agent': 'audit-test/2.0', 'x-request-id': 'req-audit-2' },
      payload: { redirect_uris: ['http://127.0.0.1:7777/callback'], client_name: 'Origin check' },
      remoteAddress: '203.0.113.9',
    });
    expect(res.statusCode).toBe(201);
    const clientId = res.json().client_id as string;
    expect(await lastOf(t.app, root.headers, 'oauth.client_registered')).toMatchObject({
      actor_type: 'oauth_client',
      actor_id: clientId,
      client_address: '203.0.113.9',
      user_agent: 'audit-test/2.0',
      request_id: 'req-audit-2',
    });
  });

  it('records a failed sign-in without the typed login or password', async () => {
    await login(t.app, 'alice', 'a wrong password typed');
    await login(t.app, 'nobody-such', 'another wrong one');
    const [unknown, wrong] = await auditEntries(t.app, root.headers, '&action=auth.sign_in');
    expect(wrong).toMatchObject({
      outcome: 'failure',
      actor_id: alice.id,
      details: { reason: 'wrong_password' },
    });
    expect(unknown).toMatchObject({
      outcome: 'failure',
      actor_id: null,
      details: { reason: 'unknown_login' },
    });
    const text = JSON.stringify(await auditEntries(t.app, root.headers));
    expect(text).not.toContain('a wrong password typed');
    expect(text).not.toContain('nobody-such');
    expect(text).not.toContain(PASSWORD);
  });
});

describe('the hash chain', () => {
  it('hashes details as the database stores them (undefined keys, dates, nesting)', async () => {
    await audit(orm(), {
      action: 'settings.changed',
      request: null,
      details: { keys: ['b', 'a'], gone: undefined, at: new Date(0), nested: { z: 1, a: [null] } },
    });
    expect(await lastOf(t.app, root.headers, 'settings.changed')).toMatchObject({
      actor_type: 'system',
      details: { keys: ['b', 'a'], at: '1970-01-01T00:00:00.000Z', nested: { z: 1, a: [null] } },
    });
    expect((await verifyReport(t.app, root.headers)).valid).toBe(true);
  });

  it('stays whole under a storm of concurrent writes', async () => {
    await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        login(t.app, 'alice', i % 2 ? PASSWORD : 'wrong password'),
      ),
    );
    const report = await verifyReport(t.app, root.headers);
    expect(report).toMatchObject({ valid: true, broken: null });
    expect(report.checked).toBe(report.head.head_seq - report.head.start_seq + 1);
    expect(report.checked).toBeGreaterThanOrEqual(26);
    const seqs = (await auditEntries(t.app, root.headers)).map((e) => e.seq).sort((a, b) => a - b);
    expect(seqs).toEqual(seqs.map((_, i) => seqs[0] + i));
    expect(await cli(['verify'])).toMatchObject({ code: 0 });
  });

  it('names an edited entry, through the route and the CLI', async () => {
    const [, victim] = await bySeq('&action=auth.sign_in');
    await orm()
      .update(auditTable)
      .set({ outcome: 'success' === victim!.outcome ? 'failure' : 'success' })
      .where(eq(auditTable.id, victim!.id));
    try {
      const report = await verifyReport(t.app, root.headers);
      expect(report).toMatchObject({
        valid: false,
        broken: { seq: victim!.seq, entry_id: victim!.id, reason: 'modified' },
      });
      const { code, out } = await cli(['verify']);
      expect(code).toBe(1);
      expect(out).toContain(`broken at entry ${victim!.seq} (${victim!.id}): modified`);
    } finally {
      await orm()
        .update(auditTable)
        .set({ outcome: victim!.outcome })
        .where(eq(auditTable.id, victim!.id));
    }
    expect((await verifyReport(t.app, root.headers)).valid).toBe(true);
  });

  it('names an entry edited and re-hashed by its successor’s broken link', async () => {
    const [, victim] = await bySeq();
    const [row] = await orm().select().from(auditTable).where(eq(auditTable.id, victim!.id));
    const { entryHash } = await import('../../../src/modules/audit/chain.js');
    const forged = { ...row!, details: { forged: true } };
    await orm()
      .update(auditTable)
      .set({
        details: forged.details,
        hash: entryHash({ ...forged, seq: row!.seq! }, row!.prevHash!),
      })
      .where(eq(auditTable.id, row!.id));
    try {
      const report = await verifyReport(t.app, root.headers);
      expect(report.broken).toMatchObject({ seq: victim!.seq + 1, reason: 'relinked' });
    } finally {
      await orm()
        .update(auditTable)
        .set({ details: row!.details, hash: row!.hash })
        .where(eq(auditTable.id, row!.id));
    }
  });

  it('names a deleted entry, in the middle or at the end', async () => {
    const [last, middle] = await bySeq();
    for (const victim of [middle!, last!]) {
      const [row] = await orm().select().from(auditTable).where(eq(auditTable.id, victim.id));
      await orm().delete(auditTable).where(eq(auditTable.id, victim.id));
      try {
        const report = await verifyReport(t.app, root.headers);
        expect(report).toMatchObject({
          valid: false,
          broken: { seq: victim.seq, entry_id: null, reason: 'missing' },
        });
        const { code, out } = await cli(['verify']);
        expect(code).toBe(1);
        expect(out).toContain(`broken at entry ${victim.seq}: missing`);
      } finally {
        await orm().insert(auditTable).values(row!);
      }
    }
    expect((await verifyReport(t.app, root.headers)).valid).toBe(true);
  });

  it('exports the chain head to anchor it elsewhere', async () => {
    const res = await t.app.inject({ url: '/api/audit/head', headers: root.headers });
    const [newest] = await bySeq();
    expect(res.json().data).toMatchObject({
      start_seq: 1,
      head_seq: newest!.seq,
      head_hash: newest!.hash,
    });
    const { code, out } = await cli(['head']);
    expect(code).toBe(0);
    expect(JSON.parse(out)).toEqual(res.json().data);
  });

  it('is a command of the groundstation CLI', async () => {
    let out = '';
    const io = { stdout: (s: string) => void (out += s), stderr: () => {}, cwd: '.' };
    expect(await runCli(['audit', '--help'], io)).toBe(0);
    expect(out).toContain('groundstation audit verify');
    expect(await runCli(['help'], io)).toBe(0);
    expect(out).toMatch(/\n {2}audit +verify/);
  });

  it('refuses wrong CLI usage', async () => {
    expect((await cli(['frobnicate'])).code).toBe(2);
    expect((await cli(['verify', 'extra'])).code).toBe(2);
  });
});

describe('retention', () => {
  it('removes the leading entries past the retention and keeps the chain verifiable', async () => {
    const before = await verifyReport(t.app, root.headers);
    clock.advance(366 * DAY);
    // Written "now": younger than the retention, so they stay.
    await login(t.app, 'alice');
    root = await signIn('root');
    expect(await t.app.jobs.run('audit-retention')).toBe(true);
    const report = await verifyReport(t.app, root.headers);
    expect(report).toMatchObject({ valid: true, broken: null });
    expect(report.head.start_seq).toBe(before.head.head_seq + 1);
    const kept = await auditEntries(t.app, root.headers);
    expect(kept.map((e) => e.action)).toEqual([
      'audit.retention_applied',
      'auth.sign_in',
      'auth.sign_in',
    ]);
    expect(kept[0]).toMatchObject({
      actor_type: 'system',
      details: { removed: before.head.head_seq, retention_days: 365 },
    });
    const rows = await orm().select({ id: auditTable.id }).from(auditTable);
    expect(rows).toHaveLength(3);
    expect((await cli(['verify'])).code).toBe(0);
  });
});

describe.skipIf(!usingPostgres())('two replicas on one database (PostgreSQL)', () => {
  it('leave one verifiable chain after a storm of writes on both', async () => {
    const db = await openPostgres({ url: t.database.url!, poolMax: 4 });
    const b = await createTestApp({
      clock,
      env: { LOGIN_LIMIT_PER_ACCOUNT: '1000' },
      database: { db, url: t.database.url, dispose: () => db.close() },
    });
    try {
      const before = await verifyReport(t.app, root.headers);
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          login(i % 2 ? t.app : b.app, 'alice', i % 3 ? PASSWORD : 'wrong password'),
        ),
      );
      const report = await verifyReport(b.app, root.headers);
      expect(report).toMatchObject({ valid: true, broken: null });
      expect(report.head.head_seq).toBe(before.head.head_seq + 40);
    } finally {
      await b.close();
    }
  });
});
