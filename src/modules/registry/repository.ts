import type { Executor } from '../../db/client.js';
import type { registryVersions } from '../../db/schema/index.js';
import { createEntryReads, type RegistryEntryReads } from './repository-entries.js';
import { createImportStore, type RegistryImportStore } from './repository-import.js';
import { createSyncStore, type RegistrySyncStore } from './repository-sync.js';

export type { EntryRow, ListQuery, LocalServer } from './repository-entries.js';
export type { SourceRow, SyncRunRow } from './repository-sync.js';
export type RegistryVersionRow = typeof registryVersions.$inferSelect;

/** The registry's tables: what imports write, what the registry API serves, and sync runs. */
export interface RegistryRepository
  extends RegistryImportStore, RegistryEntryReads, RegistrySyncStore {}

export function createRegistryRepository(db: Executor): RegistryRepository {
  return { ...createImportStore(db), ...createEntryReads(db), ...createSyncStore(db) };
}
