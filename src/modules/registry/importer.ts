import type { Logger } from 'pino';
import type { Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { applyGroups } from './import-batch.js';
import { prepare, type Prepared } from './import-prepare.js';
import {
  emptyResult,
  mergeResult,
  type ImportOptions,
  type ImportResult,
  type NewRemote,
} from './import-result.js';
import type { RegistryRepository } from './repository.js';
import { EntryError } from './server-json.js';

export {
  emptyResult,
  type ImportOptions,
  type ImportResult,
  type ImportSource,
  type NewRemote,
} from './import-result.js';

/** Writes `server.json` entries into the catalogue. */
export interface Importer {
  /**
   * Imports a list of items (documents or registry answers). Returns counts per version
   * entry and the reasons of every entry that was not applied.
   */
  importItems(items: unknown[], options: ImportOptions): Promise<ImportResult>;
}

/**
 * Writes `server.json` entries into the catalogue. Each batch is applied in one transaction; if
 * that fails, every server of the batch is retried in its own, so one bad server costs only its
 * own entries and no server is ever half-imported.
 */
export function createImporter(deps: {
  db: Database;
  repository: RegistryRepository;
  clock: Clock;
  logger: Logger;
  /** After commit: check whether a newly created http/sse server wants OAuth (upstream-oauth). */
  detectOAuth?: (server: NewRemote) => void;
}): Importer {
  const detect = (remotes: NewRemote[]) => remotes.forEach((r) => deps.detectOAuth?.(r));

  /** Applies groups in one transaction, then (committed) checks the new remotes for OAuth. */
  async function applyCommitted(
    groups: Map<string, Prepared[]>,
    options: ImportOptions,
    into: ImportResult,
  ) {
    const remotes: NewRemote[] = [];
    await deps.db.orm.transaction((tx) => applyGroups(deps, groups, options, tx, into, remotes));
    detect(remotes);
  }

  return {
    async importItems(items, options) {
      const result = emptyResult();
      const groups = prepare(items, result);
      if (groups.size === 0) return result;
      const attempt = emptyResult();
      try {
        await applyCommitted(groups, options, attempt);
        return mergeResult(result, attempt);
      } catch {
        // One server spoilt the batch: apply each on its own so the others still land.
      }
      for (const [name, group] of groups) {
        const one = emptyResult();
        try {
          await applyCommitted(new Map([[name, group]]), options, one);
          mergeResult(result, one);
        } catch (error) {
          if (!(error instanceof EntryError))
            deps.logger.error({ err: error, server: name }, 'registry entry not saved');
          const reason =
            error instanceof EntryError
              ? error.message
              : 'the server could not be saved (see the service log)';
          for (const p of group) {
            result.failed++;
            result.failures.push({ name, version: p.entry.server.version, reason });
          }
        }
      }
      return result;
    },
  };
}
