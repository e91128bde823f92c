import { createCipheriv, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEncryptionKeys } from '../../src/cli/encryption-keys.js';
import { runCli } from '../../src/cli/main.js';
import {
  createKeyRing,
  decryptSecret,
  decryptWithKeyId,
  encryptSecret,
  keyId,
} from '../../src/lib/crypto.js';
import type { Database } from '../../src/db/client.js';
import { loadSecrets } from '../../src/lib/secrets.js';
import { createKeyRotation } from '../../src/modules/encryption/rotation.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { json, register, type Account } from '../helpers/accounts.js';
import { createServer } from '../helpers/catalogue.js';
import { createTestDatabase, usingPostgres, type TestDatabase } from '../helpers/database.js';

const keyA = randomBytes(32);
const keyB = randomBytes(32);
const hex = (key: Buffer) => key.toString('hex');

/** A value as the service wrote it before key ids: `v1:<iv>:<tag>:<ciphertext>`. */
function legacyCiphertext(plaintext: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join(':');
}

describe('key ring ciphertexts', () => {
  it('names the key in every ciphertext and reads values made before key ids', () => {
    const ring = createKeyRing(keyB, [keyA]);
    const made = encryptSecret('hunter2', ring);
    expect(made.split(':').slice(0, 2)).toEqual(['v2', keyId(keyB)]);
    expect(decryptWithKeyId(made, ring)).toEqual({ plaintext: 'hunter2', keyId: keyId(keyB) });
    // A legacy value belongs to the single key of its time, whichever place it has in the ring.
    expect(decryptWithKeyId(legacyCiphertext('old', keyA), ring)).toEqual({
      plaintext: 'old',
      keyId: keyId(keyA),
    });
    expect(decryptSecret(legacyCiphertext('old', keyA), keyA)).toBe('old');
  });

  it('refuses a value whose key left the ring, and a tampered value', () => {
    const made = encryptSecret('hunter2', createKeyRing(keyA));
    expect(() => decryptSecret(made, createKeyRing(keyB))).toThrow(/not in the key ring/);
    expect(() => decryptSecret(legacyCiphertext('x', keyA), createKeyRing(keyB))).toThrow(
      /not in the key ring/,
    );
    const parts = made.split(':');
    parts[4] = Buffer.from('tampered').toString('base64url');
    expect(() => decryptSecret(parts.join(':'), createKeyRing(keyA))).toThrow();
  });

  it('reads ENCRYPTION_KEYS_PREVIOUS from the environment into the ring', async () => {
    const secrets = await loadSecrets('/nonexistent-gs-dir', {
      ENCRYPTION_KEY: hex(keyB),
      ENCRYPTION_KEYS_PREVIOUS: `${hex(keyA)}, ${hex(randomBytes(32))}`,
      SESSION_SECRET: hex(randomBytes(32)),
      JWT_SECRET: hex(randomBytes(32)),
    });
    const made = encryptSecret('x', createKeyRing(keyA));
    expect(decryptSecret(made, secrets.ENCRYPTION_KEY)).toBe('x');
    expect(encryptSecret('y', secrets.ENCRYPTION_KEY).split(':')[1]).toBe(keyId(keyB));
  });
});

describe('rotating ENCRYPTION_KEY on a live database', () => {
  let database: TestDatabase;
  let before: TestApp;
  let after: TestApp;
  let root: Account;
  const plaintexts = new Map<string, string>();

  async function storedCiphertexts() {
    const out: string[] = [];
    const settings = await database.db.query<{ value: string }>(
      "SELECT value FROM global_settings WHERE key = 'smtp.password'",
    );
    out.push(...settings.map((r) => r.value));
    for (const table of ['mcp_server_installations', 'mcp_user_configs']) {
      const column = table === 'mcp_user_configs' ? 'values' : 'team_config';
      const rows = await database.db.query<{ v: Record<string, Record<string, string>> }>(
        `SELECT "${column}" AS v FROM ${table}`,
      );
      for (const row of rows)
        for (const map of Object.values(row.v))
          for (const value of Object.values(map))
            if (value.startsWith('enc:')) out.push(value.slice(4));
    }
    return out;
  }

  /** Every stored ciphertext opens, with the given ring, to one of the values written. */
  async function expectAllReadable(ring: Buffer) {
    const stored = await storedCiphertexts();
    expect(stored.length).toBe(plaintexts.size);
    const opened = stored.map((c) => decryptSecret(c, ring)).sort();
    expect(opened).toEqual([...plaintexts.values()].sort());
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    before = await createTestApp({ database, env: { ENCRYPTION_KEY: hex(keyA) } });
    root = await register(before.app, 'root');
    const team = await before.app.inject({
      method: 'POST',
      url: '/api/teams',
      headers: { ...json, ...root.headers },
      payload: { name: 'Rotation' },
    });
    const teamId = team.json().data.team.id as string;
    const setting = await before.app.inject({
      method: 'PATCH',
      url: '/api/settings',
      headers: { ...json, ...root.headers },
      payload: { values: { 'smtp.password': 'smtp-secret' } },
    });
    expect(setting.statusCode, setting.body).toBe(200);
    plaintexts.set('setting', 'smtp-secret');
    for (let i = 0; i < 4; i++) {
      const server = await createServer(before.app, root.headers, {
        name: `Vault ${i}`,
        config_schema: {
          team: { env: [{ name: 'TEAM_TOKEN', secret: true }] },
          user: { env: [{ name: 'USER_TOKEN', secret: true }] },
        },
      });
      const installed = await before.app.inject({
        method: 'POST',
        url: `/api/teams/${teamId}/mcp/installations`,
        headers: { ...json, ...root.headers },
        payload: { server_id: server.id, team_config: { env: { TEAM_TOKEN: `team-${i}` } } },
      });
      expect(installed.statusCode, installed.body).toBe(201);
      const id = installed.json().data.installation.id as string;
      const mine = await before.app.inject({
        method: 'PUT',
        url: `/api/teams/${teamId}/mcp/installations/${id}/user-config`,
        headers: { ...json, ...root.headers },
        payload: { values: { env: { USER_TOKEN: `user-${i}` } } },
      });
      expect(mine.statusCode, mine.body).toBe(200);
      plaintexts.set(`team-${i}`, `team-${i}`);
      plaintexts.set(`user-${i}`, `user-${i}`);
    }
    // One value as written before key ids existed, by the same (then only) key.
    const [row] = await database.db.query<{
      id: string;
      team_config: Record<string, Record<string, string>>;
    }>('SELECT id, team_config FROM mcp_server_installations ORDER BY id LIMIT 1');
    const config = row!.team_config;
    const plain = decryptSecret(config.env!.TEAM_TOKEN!.slice(4), keyA);
    config.env!.TEAM_TOKEN = `enc:${legacyCiphertext(plain, keyA)}`;
    await database.db.query(
      'UPDATE mcp_server_installations SET team_config = $1::jsonb WHERE id = $2',
      [JSON.stringify(config), row!.id],
    );
    await before.app.close();
    // The service restarted with the new key, the old one kept for reading.
    after = await createTestApp({
      database,
      env: { ENCRYPTION_KEY: hex(keyB), ENCRYPTION_KEYS_PREVIOUS: hex(keyA) },
    });
  });
  afterAll(async () => after?.close());

  it('finds every encrypted value, all still on the old key', async () => {
    const report = await createKeyRotation({
      db: database.db,
      key: createKeyRing(keyB, [keyA]),
    }).usage();
    expect(report.keys).toEqual([
      { id: keyId(keyB), current: true, values: 0 },
      { id: keyId(keyA), current: false, values: plaintexts.size },
    ]);
    // Locations that hold no value here (remote servers' OAuth tokens) report none.
    const holding = report.locations.filter((l) => Object.keys(l.byKey).length > 0);
    expect(holding.map((l) => [l.location, l.byKey[keyId(keyA)]])).toEqual([
      ['global_settings.value', 1],
      ['mcp_server_installations.team_config', 4],
      ['mcp_user_configs.values', 4],
    ]);
    await expectAllReadable(createKeyRing(keyB, [keyA]));
  });

  it('survives a crash part-way, then resumes: everything decrypts, nothing twice encrypted', async () => {
    const ring = createKeyRing(keyB, [keyA]);
    const rotation = createKeyRotation({ db: database.db, key: ring });
    let batches = 0;
    await expect(
      rotation.reencrypt({
        batchSize: 1,
        onBatch: () => {
          if (++batches === 3) throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    const midway = await rotation.usage();
    expect(midway.keys.map((k) => k.values)).toEqual([3, plaintexts.size - 3]);
    await expectAllReadable(ring);
    // The service keeps working between the two runs: a new value uses the new key.
    const patched = await after.app.inject({
      method: 'PATCH',
      url: '/api/settings',
      headers: { ...json, ...root.headers },
      payload: { values: { 'smtp.password': 'smtp-secret-2' } },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    plaintexts.set('setting', 'smtp-secret-2');

    let out = '';
    const code = await runEncryptionKeys(
      ['reencrypt', '--batch-size', '2'],
      { stdout: (t) => void (out += t), stderr: (t) => void (out += t), cwd: '.' },
      { db: database.db, key: ring },
    );
    expect(code, out).toBe(0);
    expect(out).toContain(`key ${keyId(keyA)} is no longer used`);
    const stored = await storedCiphertexts();
    expect(stored.every((c) => c.startsWith(`v2:${keyId(keyB)}:`))).toBe(true);
    // Retired: the new key alone reads everything, and each value opens to its plaintext
    // directly (a doubly encrypted value would open to another ciphertext).
    await expectAllReadable(createKeyRing(keyB));
    const again = await rotation.reencrypt({ batchSize: 2 });
    expect(again.rowsChanged).toBe(0);
  });

  it('lets the service’s own job move what is left under an old key', async () => {
    const [row] = await database.db.query<{
      id: string;
      team_config: Record<string, Record<string, string>>;
    }>('SELECT id, team_config FROM mcp_server_installations ORDER BY id DESC LIMIT 1');
    const config = row!.team_config;
    const plain = decryptSecret(config.env!.TEAM_TOKEN!.slice(4), createKeyRing(keyB));
    config.env!.TEAM_TOKEN = `enc:${legacyCiphertext(plain, keyA)}`;
    await database.db.query(
      'UPDATE mcp_server_installations SET team_config = $1::jsonb WHERE id = $2',
      [JSON.stringify(config), row!.id],
    );
    expect(await after.app.jobs.run('encryption-rotation')).toBe(true);
    const stored = await storedCiphertexts();
    expect(stored.every((c) => c.startsWith(`v2:${keyId(keyB)}:`))).toBe(true);
    await expectAllReadable(createKeyRing(keyB));
  });

  it('reports values that need a key missing from the ring, and exits non-zero', async () => {
    let out = '';
    const code = await runEncryptionKeys(
      ['status'],
      { stdout: (t) => void (out += t), stderr: (t) => void (out += t), cwd: '.' },
      { db: database.db, key: createKeyRing(keyA) },
    );
    expect(code).toBe(1);
    expect(out).toMatch(new RegExp(`${plaintexts.size} values need a key that is not in the ring`));
    // Re-encrypting with a ring that lacks their key leaves them untouched.
    const before = await storedCiphertexts();
    const result = await createKeyRotation({
      db: database.db,
      key: createKeyRing(keyA),
    }).reencrypt();
    expect(result).toMatchObject({ rowsChanged: 0, rowsUnreadable: 1 + 4 + 4 });
    expect(await storedCiphertexts()).toEqual(before);
  });

  it.runIf(usingPostgres())('runs as a command on the configured PostgreSQL database', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'gs-keys-'));
    try {
      let out = '';
      const code = await runCli(['encryption-keys', 'status'], {
        stdout: (t) => void (out += t),
        stderr: (t) => void (out += t),
        cwd: dataDir,
        env: {
          DATA_DIR: dataDir,
          DATABASE_URL: database.url!,
          ENCRYPTION_KEY: hex(keyB),
          ENCRYPTION_KEYS_PREVIOUS: hex(keyA),
        },
      });
      expect(code, out).toBe(0);
      expect(out).toContain(`${keyId(keyB)}   current`);
      expect(out).toContain(`key ${keyId(keyA)} is no longer used`);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses bad arguments with the usage text', async () => {
    let err = '';
    const io = { stdout: () => undefined, stderr: (t: string) => void (err += t), cwd: '.' };
    expect(await runCli(['encryption-keys'], io)).toBe(2);
    expect(
      await runEncryptionKeys(['reencrypt', '--batch-size', 'x'], io, {
        db: database.db,
        key: keyB,
      }),
    ).toBe(2);
    expect(
      await runEncryptionKeys(['reencrypt', '--batch-size', '0'], io, {
        db: database.db,
        key: keyB,
      }),
    ).toBe(2);
    expect(err).toContain('usage: groundstation encryption-keys');
  });
});

describe('re-encrypting beside a writer', () => {
  it('leaves a value the service changed between the read and the write as the service wrote it', async () => {
    const database = await createTestDatabase();
    try {
      const ring = createKeyRing(keyB, [keyA]);
      await database.db.query(
        "INSERT INTO global_settings (key, value) VALUES ('smtp.password', $1)",
        [encryptSecret('old', createKeyRing(keyA))],
      );
      const written = encryptSecret('written meanwhile', ring);
      // The service's write lands after the command read the row, before its batch commits.
      const racing: Database = {
        ...database.db,
        orm: new Proxy(database.db.orm, {
          get(target, property, receiver) {
            if (property !== 'transaction') return Reflect.get(target, property, receiver);
            return async (fn: (tx: unknown) => Promise<unknown>) => {
              await database.db.query(
                "UPDATE global_settings SET value = $1 WHERE key = 'smtp.password'",
                [written],
              );
              return target.transaction(fn as never);
            };
          },
        }),
      };
      const result = await createKeyRotation({ db: racing, key: ring }).reencrypt();
      expect(result).toMatchObject({ rowsChanged: 0, rowsSkipped: 1 });
      const [row] = await database.db.query<{ value: string }>(
        "SELECT value FROM global_settings WHERE key = 'smtp.password'",
      );
      expect(row!.value).toBe(written);
    } finally {
      await database.dispose();
    }
  });
});
