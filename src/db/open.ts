import { openPglite, openPostgres, type Database } from './client.js';
import { pgliteDir, type DatabaseTarget } from './target.js';

export function openDatabase(
  target: DatabaseTarget,
  options: { dataDir: string; poolMax: number; preparedStatements?: number },
): Promise<Database> {
  return target.dialect === 'postgresql' && target.url
    ? openPostgres({
        url: target.url,
        poolMax: options.poolMax,
        preparedStatements: options.preparedStatements,
      })
    : openPglite(pgliteDir(options.dataDir));
}
