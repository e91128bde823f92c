import { lstat, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { openPglite } from '../../src/db/client.js';
import { pgliteDir } from '../../src/db/target.js';
import { usingPostgres } from '../helpers/database.js';

async function cli(argv: string[], dataDir: string) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    cwd: dataDir,
    env: { LOG_LEVEL: 'silent', DATA_DIR: dataDir },
  });
  return { code, stdout, stderr };
}

/** Every entry under `root` with its permission bits, `root` itself included, without recursing. */
async function modes(root: string): Promise<Array<{ entry: string; kind: string; mode: number }>> {
  const found: Array<{ entry: string; kind: string; mode: number }> = [];
  const pending = [root];
  for (let dir = pending.pop(); dir !== undefined; dir = pending.pop()) {
    found.push({ entry: dir, kind: 'directory', mode: (await lstat(dir)).mode & 0o777 });
    for (const child of await readdir(dir, { withFileTypes: true })) {
      const entry = path.join(dir, child.name);
      if (child.isDirectory()) pending.push(entry);
      else found.push({ entry, kind: 'file', mode: (await lstat(entry)).mode & 0o777 });
    }
  }
  return found;
}

describe.skipIf(usingPostgres())('security: a restored embedded database is owner-only', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'gs-restore-modes-'));
    const db = await openPglite(pgliteDir(dataDir));
    await db.query('CREATE TABLE kept (name text)');
    await db.query("INSERT INTO kept VALUES ('before the backup')");
    await db.close();
  });
  afterAll(async () => rm(dataDir, { recursive: true, force: true }));

  it('restores every file as 0600 and every directory as 0700, like the rest of DATA_DIR', async () => {
    const file = path.join(dataDir, 'backup.tgz');
    const backup = await cli(['backup', file], dataDir);
    expect(backup.code, backup.stderr).toBe(0);
    const restore = await cli(['restore', file], dataDir);
    expect(restore.code, restore.stderr).toBe(0);

    const restored = await modes(pgliteDir(dataDir));
    // A PGlite directory holds a few hundred files in a few dozen directories.
    expect(restored.filter((e) => e.kind === 'file').length).toBeGreaterThan(100);
    expect(restored.filter((e) => e.kind === 'directory').length).toBeGreaterThan(10);
    const wrong = restored.filter((e) => e.mode !== (e.kind === 'file' ? 0o600 : 0o700));
    expect(wrong.map((e) => `${e.mode.toString(8)} ${e.entry}`)).toEqual([]);

    const db = await openPglite(pgliteDir(dataDir));
    try {
      expect(await db.query('SELECT name FROM kept')).toEqual([{ name: 'before the backup' }]);
    } finally {
      await db.close();
    }
  });
});
