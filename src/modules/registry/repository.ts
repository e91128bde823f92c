import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.js';
import { insertJsonRows } from '../../db/json-rows.js';
import { searchVector } from '../catalogue/repository.js';
import type { CatalogueValues } from './mapping.js';
import {
  mcpServerInstallations,
  mcpServers,
  mcpServerVersions,
  registryServers,
  registrySources,
  registrySyncRuns,
  registryVersions,
} from '../../db/schema/index.js';

export type RegistryVersionRow = typeof registryVersions.$inferSelect;
export type SyncRunRow = typeof registrySyncRuns.$inferSelect;
export type SourceRow = typeof registrySources.$inferSelect;

// Written out: the catalogue's weighting (name A, tags B, description C) over json_populate rows.
const SEARCH_VECTOR = sql`setweight(to_tsvector('english', r.name), 'A') || setweight(to_tsvector('english', array_to_string(r.tags, ' ')), 'B') || setweight(to_tsvector('english', coalesce(r.description, '')), 'C')`;

export interface ListQuery {
  after: { name: string; id: string } | null;
  limit: number;
  search?: string;
  updatedSince?: Date;
  version?: string;
  includeDeleted: boolean;
}

export type LocalServer = Pick<
  typeof mcpServers.$inferSelect,
  | 'id'
  | 'name'
  | 'description'
  | 'repositoryUrl'
  | 'homepage'
  | 'transport'
  | 'runtime'
  | 'command'
  | 'package'
  | 'args'
  | 'url'
  | 'configSchema'
  | 'requiresOauth'
>;

/** One served entry; `document` is null for a server typed in by hand. */
export interface EntryRow {
  id: string;
  name: string;
  version: string;
  serverId: string;
  versionId: string;
  document: Record<string, unknown> | null;
  status: string;
  statusMessage: string | null;
  statusChangedAt: Date;
  isLatest: boolean;
  publishedAt: Date;
  updatedAt: Date;
  upstreamUpdatedAt: Date | null;
}

interface RawEntry {
  id: string;
  name: string;
  version: string;
  server_id: string;
  version_id: string;
  document: Record<string, unknown> | string | null;
  status: string;
  status_message: string | null;
  status_changed_at: Date | string;
  is_latest: boolean;
  published_at: Date | string;
  updated_at: Date | string;
  upstream_updated_at: Date | string | null;
}

/**
 * Imported documents and, beside them, the versions of hand-made servers. Both halves are
 * filtered by the outer WHERE, which PostgreSQL pushes into each of them.
 */
async function entries(
  tx: Executor,
  namespace: string,
  where: SQL,
  tail: SQL,
): Promise<EntryRow[]> {
  const result = await tx.execute(sql`
    SELECT e.* FROM (
      SELECT id, name, version, server_id, version_id, document, status, status_message,
             status_changed_at, is_latest, published_at, updated_at, upstream_updated_at
        FROM registry_versions
      UNION ALL
      SELECT v.id, ${namespace} || '/' || s.slug, v.version, s.id, v.id, NULL::jsonb,
             CASE WHEN s.status = 'deprecated' THEN 'deprecated' ELSE 'active' END, NULL,
             greatest(s.updated_at, v.updated_at), v.is_latest, v.created_at,
             greatest(s.updated_at, v.updated_at), NULL::timestamptz
        FROM mcp_server_versions v JOIN mcp_servers s ON s.id = v.server_id
       WHERE NOT s.from_registry
    ) e ${where} ${tail}`);
  const date = (v: Date | string) => (v instanceof Date ? v : new Date(v));
  return rowsOf<RawEntry>(result).map((r) => ({
    id: r.id,
    name: r.name,
    version: r.version,
    serverId: r.server_id,
    versionId: r.version_id,
    document:
      typeof r.document === 'string'
        ? (JSON.parse(r.document) as Record<string, unknown>)
        : r.document,
    status: r.status,
    statusMessage: r.status_message,
    statusChangedAt: date(r.status_changed_at),
    isLatest: r.is_latest,
    publishedAt: date(r.published_at),
    updatedAt: date(r.updated_at),
    upstreamUpdatedAt: r.upstream_updated_at === null ? null : date(r.upstream_updated_at),
  }));
}

/** The catalogue columns a registry document is built from (imported or hand-made servers). */
const documentFields = {
  name: mcpServers.name,
  description: mcpServers.description,
  repositoryUrl: mcpServers.repositoryUrl,
  homepage: mcpServers.homepage,
  transport: mcpServers.transport,
  runtime: mcpServers.runtime,
  command: mcpServers.command,
  package: mcpServers.package,
  args: mcpServers.args,
  url: mcpServers.url,
  configSchema: mcpServers.configSchema,
};

export function createRegistryRepository(db: Executor) {
  return {
    // ---- import
    async existingServers(names: string[], tx: Executor = db) {
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
    async existingVersions(names: string[], tx: Executor = db) {
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
    async takenSlugs(slugs: string[], tx: Executor = db) {
      if (slugs.length === 0) return new Set<string>();
      const rows = await tx
        .select({ slug: sql<string>`lower(${mcpServers.slug})` })
        .from(mcpServers)
        .where(inArray(sql`lower(${mcpServers.slug})`, slugs));
      return new Set(rows.map((r) => r.slug));
    },
    async insertServers(rows: Array<Record<string, unknown>>, tx: Executor = db) {
      await insertJsonRows(
        tx,
        mcpServers,
        rows.map((r) => ({ ...r, searchVector: null })),
        { computed: { searchVector: SEARCH_VECTOR } },
      );
    },
    insertCatalogueVersions: (
      rows: Array<typeof mcpServerVersions.$inferInsert>,
      tx: Executor = db,
    ) => insertJsonRows(tx, mcpServerVersions, rows),
    insertRegistryServers: (rows: Array<typeof registryServers.$inferInsert>, tx: Executor = db) =>
      insertJsonRows(tx, registryServers, rows),
    insertRegistryVersions: (
      rows: Array<typeof registryVersions.$inferInsert>,
      tx: Executor = db,
    ) => insertJsonRows(tx, registryVersions, rows),
    async updateRegistryVersion(
      id: string,
      values: Partial<typeof registryVersions.$inferInsert>,
      tx: Executor = db,
    ) {
      await tx.update(registryVersions).set(values).where(eq(registryVersions.id, id));
    },
    async updateRegistryServer(
      serverId: string,
      values: Partial<typeof registryServers.$inferInsert>,
      tx: Executor = db,
    ) {
      await tx
        .update(registryServers)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(registryServers.serverId, serverId));
    },
    async clearLatest(serverId: string, tx: Executor = db) {
      await tx
        .update(mcpServerVersions)
        .set({ isLatest: false })
        .where(and(eq(mcpServerVersions.serverId, serverId), eq(mcpServerVersions.isLatest, true)));
      await tx
        .update(registryVersions)
        .set({ isLatest: false, updatedAt: new Date() })
        .where(and(eq(registryVersions.serverId, serverId), eq(registryVersions.isLatest, true)));
    },
    async markLatest(versionId: string, tx: Executor = db) {
      await tx
        .update(mcpServerVersions)
        .set({ isLatest: true })
        .where(eq(mcpServerVersions.id, versionId));
      await tx
        .update(registryVersions)
        .set({ isLatest: true, updatedAt: new Date() })
        .where(eq(registryVersions.versionId, versionId));
    },
    async updateCatalogueServer(
      serverId: string,
      values: CatalogueValues,
      tags: string[],
      tx: Executor = db,
    ) {
      await tx
        .update(mcpServers)
        .set({
          ...values,
          searchVector: searchVector(values.name, tags, values.description),
          updatedAt: new Date(),
        })
        .where(eq(mcpServers.id, serverId));
    },
    async teamsWithInstallations(serverId: string, tx: Executor = db) {
      return tx
        .selectDistinct({ teamId: mcpServerInstallations.teamId })
        .from(mcpServerInstallations)
        .where(eq(mcpServerInstallations.serverId, serverId));
    },
    async setServerStatus(serverId: string, status: string, tx: Executor = db) {
      await tx
        .update(mcpServers)
        .set({ status, updatedAt: new Date() })
        .where(eq(mcpServers.id, serverId));
    },

    // ---- serving
    /**
     * Registry entries: every imported document, and every version of the servers typed in by
     * hand, named `<namespace>/<slug>` (their documents are built from the catalogue when served).
     */
    async list(q: ListQuery, namespace: string, tx: Executor = db) {
      const where: SQL[] = [];
      // A row comparison, which an index range scan on (name, id) can serve directly.
      if (q.after) where.push(sql`(e.name, e.id) > (${q.after.name}, ${q.after.id})`);
      if (q.search)
        where.push(sql`e.name ILIKE ${`%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
      if (q.updatedSince)
        where.push(sql`e.updated_at >= ${q.updatedSince.toISOString()}::timestamptz`);
      if (q.version === 'latest') where.push(sql`e.is_latest`);
      else if (q.version) where.push(sql`e.version = ${q.version}`);
      if (!q.includeDeleted) where.push(sql`e.status <> 'deleted'`);
      return entries(
        tx,
        namespace,
        where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``,
        sql`ORDER BY e.name, e.id LIMIT ${q.limit}`,
      );
    },
    async versionsOf(name: string, namespace: string, includeDeleted: boolean, tx: Executor = db) {
      return entries(
        tx,
        namespace,
        sql`WHERE e.name = ${name}${includeDeleted ? sql`` : sql` AND e.status <> 'deleted'`}`,
        sql`ORDER BY e.published_at DESC, e.id DESC`,
      );
    },
    /** Catalogue fields of hand-made servers, to build their documents from. */
    async localServers(serverIds: string[], tx: Executor = db) {
      if (serverIds.length === 0) return new Map<string, LocalServer>();
      const rows = await tx
        .select({
          id: mcpServers.id,
          ...documentFields,
          requiresOauth: mcpServers.requiresOauth,
        })
        .from(mcpServers)
        .where(inArray(mcpServers.id, serverIds));
      return new Map(rows.map((r) => [r.id, r]));
    },
    async catalogueIds(serverIds: string[], tx: Executor = db) {
      if (serverIds.length === 0) return new Map<string, { slug: string; status: string }>();
      const rows = await tx
        .select({ id: mcpServers.id, slug: mcpServers.slug, status: mcpServers.status })
        .from(mcpServers)
        .where(inArray(mcpServers.id, serverIds));
      return new Map(rows.map((r) => [r.id, { slug: r.slug, status: r.status }]));
    },
    async registryServer(serverId: string, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(registryServers)
        .where(eq(registryServers.serverId, serverId));
      return row ?? null;
    },

    // ---- sources and runs
    async source(id = 'default', tx: Executor = db) {
      const [row] = await tx.select().from(registrySources).where(eq(registrySources.id, id));
      return row ?? null;
    },
    async saveSource(values: typeof registrySources.$inferInsert, tx: Executor = db) {
      const [row] = await tx
        .insert(registrySources)
        .values(values)
        .onConflictDoUpdate({
          target: registrySources.id,
          set: {
            baseUrl: values.baseUrl,
            versionMode: values.versionMode,
            enabled: values.enabled,
            // A different registry starts from scratch: its marks mean nothing here.
            highWaterMark: sql`CASE WHEN ${registrySources.baseUrl} = ${values.baseUrl} THEN ${registrySources.highWaterMark} END`,
            resumeCursor: sql`CASE WHEN ${registrySources.baseUrl} = ${values.baseUrl} THEN ${registrySources.resumeCursor} END`,
            resumeSince: sql`CASE WHEN ${registrySources.baseUrl} = ${values.baseUrl} THEN ${registrySources.resumeSince} END`,
            resumeMark: sql`CASE WHEN ${registrySources.baseUrl} = ${values.baseUrl} THEN ${registrySources.resumeMark} END`,
            updatedAt: new Date(),
          },
        })
        .returning();
      return row!;
    },
    async updateSource(
      id: string,
      values: Partial<typeof registrySources.$inferInsert>,
      tx: Executor = db,
    ) {
      await tx
        .update(registrySources)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(registrySources.id, id));
    },
    async insertRun(values: typeof registrySyncRuns.$inferInsert, tx: Executor = db) {
      await tx.insert(registrySyncRuns).values(values);
    },
    async updateRun(
      id: string,
      values: Partial<typeof registrySyncRuns.$inferInsert>,
      tx: Executor = db,
    ) {
      await tx.update(registrySyncRuns).set(values).where(eq(registrySyncRuns.id, id));
    },
    async runs(limit: number, offset: number, tx: Executor = db) {
      const [items, total] = await Promise.all([
        tx
          .select()
          .from(registrySyncRuns)
          .orderBy(desc(registrySyncRuns.startedAt), desc(registrySyncRuns.id))
          .limit(limit)
          .offset(offset),
        tx.execute(sql`SELECT count(*)::int AS n FROM ${registrySyncRuns}`),
      ]);
      return { items, total: rowsOf<{ n: number }>(total)[0]?.n ?? 0 };
    },
    async closeInterruptedRuns(now: Date, tx: Executor = db) {
      await tx
        .update(registrySyncRuns)
        .set({
          status: 'failed',
          error: 'interrupted: the service stopped during the run',
          finishedAt: now,
        })
        .where(eq(registrySyncRuns.status, 'running'));
    },
    async run(id: string, tx: Executor = db) {
      const [row] = await tx.select().from(registrySyncRuns).where(eq(registrySyncRuns.id, id));
      return row ?? null;
    },
  };
}

export type RegistryRepository = ReturnType<typeof createRegistryRepository>;
