import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../src/db/client.js';

// On an empty folder the embedded database is created in a worker thread (src/db/pglite-initdb.ts)
// and then opened in the process; on later starts it is opened directly.
describe('PGlite on an empty data folder', () => {
  let dir: string;
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('is created, opened with small shared buffers, and found again at the next start', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'gs-first-start-'));
    const data = path.join(dir, 'pglite');
    const first = await openPglite(data);
    try {
      expect(existsSync(path.join(data, 'PG_VERSION'))).toBe(true);
      const [buffers] = await first.query<{ setting: string; unit: string }>(
        "SELECT setting, unit FROM pg_settings WHERE name = 'shared_buffers'",
      );
      expect(Number(buffers!.setting) * 8).toBe(16 * 1024);
      expect(buffers!.unit).toBe('8kB');
      await first.query('CREATE TABLE kept (n int)');
      await first.query('INSERT INTO kept VALUES (42)');
    } finally {
      await first.close();
    }
    const again = await openPglite(data);
    try {
      expect(await again.query('SELECT n FROM kept')).toEqual([{ n: 42 }]);
    } finally {
      await again.close();
    }
  });
});
