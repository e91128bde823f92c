import { mkdtemp, readFile, rm, stat, chmod } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSecrets } from '../../src/lib/secrets.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'gs-secrets-'));
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

describe('secrets', () => {
  it('generates missing secrets once and keeps them in DATA_DIR with mode 0600', async () => {
    const first = await loadSecrets(dir, {});
    const file = path.join(dir, 'secrets.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(first.ENCRYPTION_KEY.length).toBe(32);
    const second = await loadSecrets(dir, {});
    expect(second.SESSION_SECRET.equals(first.SESSION_SECRET)).toBe(true);
    expect(second.JWT_SECRET.equals(first.JWT_SECRET)).toBe(true);
    expect(first.JWT_SECRET.equals(first.SESSION_SECRET)).toBe(false);
  });

  it('prefers the environment and does not write what it was given', async () => {
    const key = 'a'.repeat(64);
    const secrets = await loadSecrets(dir, { ENCRYPTION_KEY: key });
    expect(secrets.ENCRYPTION_KEY.toString('hex')).toBe(key);
    const stored = JSON.parse(await readFile(path.join(dir, 'secrets.json'), 'utf8'));
    expect(stored.ENCRYPTION_KEY).toBeUndefined();
    expect(stored.SESSION_SECRET).toBeTypeOf('string');
  });

  it('refuses a secret that is too short', async () => {
    await expect(loadSecrets(dir, { JWT_SECRET: 'short' })).rejects.toThrow(
      /JWT_SECRET must hold at least 32 bytes/,
    );
  });

  it('tightens a secrets file with loose permissions', async () => {
    await loadSecrets(dir, {});
    const file = path.join(dir, 'secrets.json');
    await chmod(file, 0o644);
    await loadSecrets(dir, {});
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });
});
