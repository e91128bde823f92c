import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { insertJsonRows } from '../../db/json-rows.js';
import {
  mcpServerInstallations,
  mcpServers,
  mcpServerVersions,
  registryServers,
  registryVersions,
} from '../../db/schema/index.js';
import { searchVector } from '../catalogue/repository.js';
import type { CatalogueValues } from './mapping.js';
import { documentFields, type DocumentFields } from './repository-entries.js';

// Written out: the catalogue's weighting (name A, tags B, description C) over json_populate rows.
const SEARCH_VECTOR = sql`setweight(to_tsvector('english', r.name), 'A') || setweight(to_tsvector('english', array_to_string(r.tags, ' ')), 'B') || setweight(to_tsvector('english', coalesce(r.description, '')), 'C')`;

type ServerRow = typeof mcpServers.$inferSelect;
type RegistryServerInsert = typeof registryServers.$inferInsert;
type RegistryVersionInsert = typeof registryVersions.$inferInsert;

/** An imported server as an import finds it: its registry identity and its catalogue fields. */
export interface ExistingServer {
  serverId: string;
  name: string;
  fingerprint: string;
  upstreamStatus: string;
  server: DocumentFields & Pick<ServerRow, 'tags' | 'status'>;
}

/** A stored document as an import compares it with the incoming one. */
export type ExistingVersion = Pick<
  typeof registryVersions.$inferSelect,
  'id' | 'name' | 'version' | 'versionId' | 'digest' | 'status' | 'isLatest'
>;

/** What an import reads of the catalogue, inside the import's transaction. */
export interface RegistryImportReads {
  /** The imported servers of these registry names. */
  existingServers(names: string[], tx?: Executor): Promise<ExistingServer[]>;
  /** The stored documents of these registry names, every version. */
  existingVersions(names: string[], tx?: Executor): Promise<ExistingVersion[]>;
  /** Which of these slugs (lower-cased) catalogue servers already use. */
  takenSlugs(slugs: string[], tx?: Executor): Promise<Set<string>>;
  /** The teams that installed a server, to notify of its status. */
  teamsWithInstallations(serverId: string, tx?: Executor): Promise<Array<{ teamId: string }>>;
}

/** What an import writes, inside the import's transaction. */
export interface RegistryImportWrites {
  /** Inserts catalogue servers, with their search vectors computed in the statement. */
  insertServers(rows: Array<Record<string, unknown>>, tx?: Executor): Promise<void>;
  /** Inserts catalogue versions. */
  insertCatalogueVersions(
    rows: Array<typeof mcpServerVersions.$inferInsert>,
    tx?: Executor,
  ): Promise<void>;
  /** Inserts the registry identities of new servers. */
  insertRegistryServers(rows: RegistryServerInsert[], tx?: Executor): Promise<void>;
  /** Inserts stored documents. */
  insertRegistryVersions(rows: RegistryVersionInsert[], tx?: Executor): Promise<void>;
  /** Replaces a stored document and its upstream metadata. */
  updateRegistryVersion(
    id: string,
    values: Partial<RegistryVersionInsert>,
    tx?: Executor,
  ): Promise<void>;
  /** Changes a server's registry identity (fingerprint, status, local edits). */
  updateRegistryServer(
    serverId: string,
    values: Partial<RegistryServerInsert>,
    tx?: Executor,
  ): Promise<void>;
  /** Unmarks a server's latest version, in the catalogue and among its documents. */
  clearLatest(serverId: string, tx?: Executor): Promise<void>;
  /** Marks a catalogue version and its document latest. */
  markLatest(versionId: string, tx?: Executor): Promise<void>;
  /** Writes an imported server's catalogue fields and search vector. */
  updateCatalogueServer(
    serverId: string,
    values: CatalogueValues,
    tags: string[],
    tx?: Executor,
  ): Promise<void>;
  /** Sets a catalogue server's status. */
  setServerStatus(serverId: string, status: string, tx?: Executor): Promise<void>;
}

/** The reads and writes of an import. */
export interface RegistryImportStore extends RegistryImportReads, RegistryImportWrites {}

export function createImportStore(db: Executor): RegistryImportStore {
  return { ...importReads(db), ...importWrites(db) };
}

function importReads(db: Executor): RegistryImportReads {
  return {
    async existingServers(names, tx = db) {
      if (names.length === 0) return [];
      return tx
        .select({
          serverId: registryServers.serverId,
          name: registryServers.name,
          fingerprint: registryServers.fingerprint,
          upstreamStatus: registryServers.upstreamStatus,
          server: {
            ...documentFields,
            tags: mcpServers.tags,
            status: mcpServers.status,
          },
        })
        .from(registryServers)
        .innerJoin(mcpServers, eq(mcpServers.id, registryServers.serverId))
        .where(inArray(registryServers.name, names));
    },
    async existingVersions(names, tx = db) {
      if (names.length === 0) return [];
      return tx
        .select({
          id: registryVersions.id,
          name: registryVersions.name,
          version: registryVersions.version,
          versionId: registryVersions.versionId,
          digest: registryVersions.digest,
          status: registryVersions.status,
          isLatest: registryVersions.isLatest,
        })
        .from(registryVersions)
        .where(inArray(registryVersions.name, names));
    },
    async takenSlugs(slugs, tx = db) {
      if (slugs.length === 0) return new Set<string>();
      const rows = await tx
        .select({ slug: sql<string>`lower(${mcpServers.slug})` })
        .from(mcpServers)
        .where(inArray(sql`lower(${mcpServers.slug})`, slugs));
      return new Set(rows.map((r) => r.slug));
    },
    async teamsWithInstallations(serverId, tx = db) {
      return tx
        .selectDistinct({ teamId: mcpServerInstallations.teamId })
        .from(mcpServerInstallations)
        .where(eq(mcpServerInstallations.serverId, serverId));
    },
  };
}

function importWrites(db: Executor): RegistryImportWrites {
  return {
    async insertServers(rows, tx = db) {
      await insertJsonRows(
        tx,
        mcpServers,
        rows.map((r) => ({ ...r, searchVector: null })),
        { computed: { searchVector: SEARCH_VECTOR } },
      );
    },
    insertCatalogueVersions: (rows, tx = db) => insertJsonRows(tx, mcpServerVersions, rows),
    insertRegistryServers: (rows, tx = db) => insertJsonRows(tx, registryServers, rows),
    insertRegistryVersions: (rows, tx = db) => insertJsonRows(tx, registryVersions, rows),
    async updateRegistryVersion(id, values, tx = db) {
      await tx.update(registryVersions).set(values).where(eq(registryVersions.id, id));
    },
    async updateRegistryServer(serverId, values, tx = db) {
      await tx
        .update(registryServers)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(registryServers.serverId, serverId));
    },
    async clearLatest(serverId, tx = db) {
      await tx
        .update(mcpServerVersions)
        .set({ isLatest: false })
        .where(and(eq(mcpServerVersions.serverId, serverId), eq(mcpServerVersions.isLatest, true)));
      await tx
        .update(registryVersions)
        .set({ isLatest: false, updatedAt: new Date() })
        .where(and(eq(registryVersions.serverId, serverId), eq(registryVersions.isLatest, true)));
    },
    async markLatest(versionId, tx = db) {
      await tx
        .update(mcpServerVersions)
        .set({ isLatest: true })
        .where(eq(mcpServerVersions.id, versionId));
      await tx
        .update(registryVersions)
        .set({ isLatest: true, updatedAt: new Date() })
        .where(eq(registryVersions.versionId, versionId));
    },
    async updateCatalogueServer(serverId, values, tags, tx = db) {
      await tx
        .update(mcpServers)
        .set({
          ...values,
          searchVector: searchVector(values.name, tags, values.description),
          updatedAt: new Date(),
        })
        .where(eq(mcpServers.id, serverId));
    },
    async setServerStatus(serverId, status, tx = db) {
      await tx
        .update(mcpServers)
        .set({ status, updatedAt: new Date() })
        .where(eq(mcpServers.id, serverId));
    },
  };
}
