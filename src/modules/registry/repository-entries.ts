import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.js';
import { mcpServers, registryServers } from '../../db/schema/index.js';

export type RegistryServerRow = typeof registryServers.$inferSelect;

export interface ListQuery {
  after: { name: string; id: string } | null;
  limit: number;
  search?: string;
  updatedSince?: Date;
  version?: string;
  includeDeleted: boolean;
}

/** The catalogue fields a registry document is built from. */
export type DocumentFields = Pick<
  typeof mcpServers.$inferSelect,
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
>;

export type LocalServer = DocumentFields &
  Pick<typeof mcpServers.$inferSelect, 'id' | 'requiresOauth'>;

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
export const documentFields = {
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

/** What the registry API serves: entries, and the catalogue rows they are built from. */
export interface RegistryEntryReads {
  /**
   * Registry entries: every imported document, and every version of the servers typed in by
   * hand, named `<namespace>/<slug>` (their documents are built from the catalogue when served).
   */
  list(q: ListQuery, namespace: string, tx?: Executor): Promise<EntryRow[]>;
  /** Every version of one entry name, newest published first. */
  versionsOf(
    name: string,
    namespace: string,
    includeDeleted: boolean,
    tx?: Executor,
  ): Promise<EntryRow[]>;
  /** Catalogue fields of hand-made servers, to build their documents from. */
  localServers(serverIds: string[], tx?: Executor): Promise<Map<string, LocalServer>>;
  /** The catalogue slug and status of each server, by id. */
  catalogueIds(
    serverIds: string[],
    tx?: Executor,
  ): Promise<Map<string, { slug: string; status: string }>>;
  /** The registry identity of an imported server, or null for one typed in by hand. */
  registryServer(serverId: string, tx?: Executor): Promise<RegistryServerRow | null>;
}

export function createEntryReads(db: Executor): RegistryEntryReads {
  return {
    async list(q, namespace, tx = db) {
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
    async versionsOf(name, namespace, includeDeleted, tx = db) {
      return entries(
        tx,
        namespace,
        sql`WHERE e.name = ${name}${includeDeleted ? sql`` : sql` AND e.status <> 'deleted'`}`,
        sql`ORDER BY e.published_at DESC, e.id DESC`,
      );
    },
    async localServers(serverIds, tx = db) {
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
    async catalogueIds(serverIds, tx = db) {
      if (serverIds.length === 0) return new Map<string, { slug: string; status: string }>();
      const rows = await tx
        .select({ id: mcpServers.id, slug: mcpServers.slug, status: mcpServers.status })
        .from(mcpServers)
        .where(inArray(mcpServers.id, serverIds));
      return new Map(rows.map((r) => [r.id, { slug: r.slug, status: r.status }]));
    },
    async registryServer(serverId, tx = db) {
      const [row] = await tx
        .select()
        .from(registryServers)
        .where(eq(registryServers.serverId, serverId));
      return row ?? null;
    },
  };
}
