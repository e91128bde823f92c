import type { EmbeddedCompiler } from '../config.js';
import { openPglite, openPostgres, type Database } from './client.js';
import { chooseEmbeddedCompiler } from './embedded-compiler.js';
import { pgliteDir, type DatabaseTarget } from './target.js';

export function openDatabase(
  target: DatabaseTarget,
  options: {
    dataDir: string;
    poolMax: number;
    preparedStatements?: number;
    /** The service's choice (EMBEDDED_COMPILER); commands leave V8 as it is. */
    embeddedCompiler?: EmbeddedCompiler;
  },
): Promise<Database> {
  if (target.dialect === 'postgresql' && target.url) {
    return openPostgres({
      url: target.url,
      poolMax: options.poolMax,
      preparedStatements: options.preparedStatements,
    });
  }
  if (options.embeddedCompiler) chooseEmbeddedCompiler(options.embeddedCompiler);
  return openPglite(pgliteDir(options.dataDir), {
    preparedStatements: options.preparedStatements,
  });
}
