import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Credentials } from './backend.js';

const FILE = 'credentials.json';

/**
 * The satellite's id and API key, kept in its data folder (mode 0600) so that a restart does not
 * need a new registration token.
 */
export function credentialStore(dataDir: string) {
  const file = path.join(dataDir, FILE);
  return {
    file,
    async load(): Promise<Credentials | null> {
      try {
        const saved: unknown = JSON.parse(await readFile(file, 'utf8'));
        if (
          saved &&
          typeof saved === 'object' &&
          'id' in saved &&
          'key' in saved &&
          typeof saved.id === 'string' &&
          typeof saved.key === 'string'
        )
          return { id: saved.id, key: saved.key };
        return null;
      } catch {
        return null;
      }
    },
    async save(creds: Credentials): Promise<void> {
      await mkdir(dataDir, { recursive: true, mode: 0o700 });
      const saved = { ...creds, registered_at: new Date().toISOString() };
      await writeFile(file, JSON.stringify(saved, null, 2), { mode: 0o600 });
    },
    async forget(): Promise<void> {
      await rm(file, { force: true });
    },
  };
}
