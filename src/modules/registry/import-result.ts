import type { SyncFailure } from '../../db/schema/index.js';
import type { AuditRequest } from '../audit/context.js';

export type ImportSource = 'import' | 'starter' | 'sync';

export interface ImportOptions {
  source: ImportSource;
  /** Apply upstream changes even to servers edited here (docs/catalogue.md, local edits). */
  overwriteLocalEdits?: boolean;
  /** The administrator's request that imports or syncs; null for a scheduled sync. */
  request: AuditRequest;
}

export interface ImportResult {
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  failures: SyncFailure[];
  /** Servers whose upstream changes were not applied to the catalogue because of local edits. */
  localEditsKept: string[];
  /** Newest upstream `updatedAt` among the applied entries. */
  newestUpdate: Date | null;
}

export const emptyResult = (): ImportResult => ({
  created: 0,
  updated: 0,
  unchanged: 0,
  failed: 0,
  failures: [],
  localEditsKept: [],
  newestUpdate: null,
});

/** Adds the counts and reasons of `from` to `into`, and returns `into`. */
export function mergeResult(into: ImportResult, from: ImportResult): ImportResult {
  into.created += from.created;
  into.updated += from.updated;
  into.unchanged += from.unchanged;
  into.failed += from.failed;
  into.failures.push(...from.failures);
  into.localEditsKept.push(...from.localEditsKept);
  if (from.newestUpdate && (!into.newestUpdate || from.newestUpdate > into.newestUpdate))
    into.newestUpdate = from.newestUpdate;
  return into;
}

/** A remote server an import created, for the OAuth check that follows the commit. */
export interface NewRemote {
  id: string;
  transport: string;
  url: string | null;
}
