import { digestOf, toCatalogue, type CatalogueValues } from './mapping.js';
import type { ImportResult } from './import-result.js';
import { EntryError, parseEntry, type Entry, type UpstreamStatus } from './server-json.js';

/** One parsed entry of a batch, with the catalogue fields and digest taken of it. */
export interface Prepared {
  entry: Entry;
  values: CatalogueValues;
  status: UpstreamStatus;
  digest: string;
}

/** Parses items; the ones that fail are reported, the rest grouped by server name in order. */
export function prepare(items: unknown[], result: ImportResult): Map<string, Prepared[]> {
  const groups = new Map<string, Prepared[]>();
  for (const item of items) {
    try {
      const entry = parseEntry(item);
      const values = toCatalogue(entry.server);
      if (typeof values === 'string')
        throw new EntryError(entry.server.name, entry.server.version, values);
      const group = groups.get(entry.server.name) ?? [];
      if (group.some((p) => p.entry.server.version === entry.server.version)) {
        throw new EntryError(
          entry.server.name,
          entry.server.version,
          'the same version appears twice in one batch',
        );
      }
      group.push({
        entry,
        values,
        status: entry.official?.status ?? 'active',
        digest: digestOf({ server: entry.server, official: entry.official }),
      });
      groups.set(entry.server.name, group);
    } catch (error) {
      if (!(error instanceof EntryError)) throw error;
      result.failed++;
      result.failures.push({
        name: error.entryName,
        version: error.entryVersion,
        reason: error.message,
      });
    }
  }
  return groups;
}

/**
 * Which entry of a group becomes the latest: upstream's word when it gives one; otherwise the
 * last version given that the catalogue did not have yet (as publishing it would); otherwise
 * none, and the latest stays where it is.
 */
export function latestOf(group: Prepared[], isNew: (p: Prepared) => boolean): Prepared | null {
  const marked = group.filter((p) => p.entry.official?.isLatest === true);
  if (marked.length > 0) return marked.at(-1)!;
  const bare = group.filter((p) => p.entry.official?.isLatest === undefined && isNew(p));
  return bare.at(-1) ?? null;
}
