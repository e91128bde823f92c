import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  mcpCategories,
  mcpServerInstallations,
  mcpServers,
  mcpServerVersions,
} from '../../db/schema/index.js';
import { countWhere, type Page } from '../../http/pagination.js';

export type CategoryRow = typeof mcpCategories.$inferSelect;
export type ServerRow = Omit<typeof mcpServers.$inferSelect, 'searchVector'>;

// Every column but the search vector, which only the database needs.
export const { searchVector: _searchVector, ...serverColumns } = getTableColumns(mcpServers);
export type VersionRow = typeof mcpServerVersions.$inferSelect;
export type NewServer = Omit<typeof mcpServers.$inferInsert, 'searchVector'>;
export type NewCategory = typeof mcpCategories.$inferInsert;
export type NewVersion = typeof mcpServerVersions.$inferInsert;

export interface ServerFilters {
  categoryId?: string;
  transport?: string;
  status?: string;
  featured?: boolean;
  language?: string;
}

export type ServerSort = { by: 'name' | 'repo_stars' | 'created_at'; order: 'asc' | 'desc' };

/** Name weighs most, then tags, then the description. */
export function searchVector(name: string, tags: string[], description: string | null | undefined) {
  return sql`setweight(to_tsvector('english', ${name}), 'A') || setweight(to_tsvector('english', ${tags.join(' ')}), 'B') || setweight(to_tsvector('english', ${description ?? ''}), 'C')`;
}

function filterWhere(f: ServerFilters): SQL | undefined {
  return and(
    f.categoryId ? eq(mcpServers.categoryId, f.categoryId) : undefined,
    f.transport ? eq(mcpServers.transport, f.transport) : undefined,
    f.status ? eq(mcpServers.status, f.status) : undefined,
    f.featured !== undefined ? eq(mcpServers.featured, f.featured) : undefined,
    f.language ? sql`lower(${mcpServers.language}) = ${f.language.toLowerCase()}` : undefined,
  );
}

// Below this offset a plain index scan is cheapest; above it the deferred join wins.
const DEFERRED_JOIN_FROM = 500;

const SORT_COLUMNS = {
  name: mcpServers.name,
  repo_stars: mcpServers.repoStars,
  created_at: mcpServers.createdAt,
};

// Written out in full: inside a subquery, the ORM's unqualified column names would bind to the inner table.
const serverCount = sql<number>`(SELECT count(*)::int FROM mcp_servers s WHERE s.category_id = mcp_categories.id)`;

/** Categories, each with its number of servers. */
function categoryRecords(db: Executor) {
  return {
    /** Every category with its number of servers, in display order. */
    async listCategories(tx: Executor = db) {
      return tx
        .select({ category: mcpCategories, serverCount })
        .from(mcpCategories)
        .orderBy(asc(mcpCategories.sortOrder), asc(mcpCategories.name), asc(mcpCategories.id));
    },
    /** One category with its number of servers, or null. */
    async findCategory(id: string, tx: Executor = db) {
      const [row] = await tx
        .select({ category: mcpCategories, serverCount })
        .from(mcpCategories)
        .where(eq(mcpCategories.id, id));
      return row ?? null;
    },
    /** Adds a category. */
    async insertCategory(values: typeof mcpCategories.$inferInsert, tx: Executor = db) {
      await tx.insert(mcpCategories).values(values);
    },
    /** Changes a category; false when there is none with the id. */
    async updateCategory(
      id: string,
      values: Partial<typeof mcpCategories.$inferInsert>,
      tx: Executor = db,
    ) {
      const rows = await tx
        .update(mcpCategories)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(mcpCategories.id, id))
        .returning({ id: mcpCategories.id });
      return rows.length > 0;
    },
    /** Deletes a category. */
    async deleteCategory(id: string, tx: Executor = db) {
      await tx.delete(mcpCategories).where(eq(mcpCategories.id, id));
    },
    /** Moves every server of one category to another. */
    async moveServers(fromCategory: string, toCategory: string, tx: Executor = db) {
      await tx
        .update(mcpServers)
        .set({ categoryId: toCategory, updatedAt: new Date() })
        .where(eq(mcpServers.categoryId, fromCategory));
    },
    /** How many servers the category has. */
    countServersIn: (categoryId: string, tx: Executor = db) =>
      countWhere(tx, mcpServers, eq(mcpServers.categoryId, categoryId)),
  };
}

/** Adding, changing and deleting servers; each write keeps the search vector current. */
function serverWrites(db: Executor) {
  return {
    /** Adds a server, with its search vector. */
    async insertServer(values: NewServer, tx: Executor = db): Promise<ServerRow> {
      const [row] = await tx
        .insert(mcpServers)
        .values({
          ...values,
          searchVector: searchVector(values.name, values.tags ?? [], values.description),
        })
        .returning(serverColumns);
      return row!;
    },
    /** Changes a server and its search vector (from `current` and the change); null if gone. */
    async updateServer(
      id: string,
      values: Partial<NewServer>,
      current: ServerRow,
      tx: Executor = db,
    ) {
      const merged = { ...current, ...values };
      const [row] = await tx
        .update(mcpServers)
        .set({
          ...values,
          searchVector: searchVector(merged.name, merged.tags, merged.description),
          updatedAt: new Date(),
        })
        .where(eq(mcpServers.id, id))
        .returning(serverColumns);
      return row ?? null;
    },
    /** Deletes a server. */
    async deleteServer(id: string, tx: Executor = db) {
      await tx.delete(mcpServers).where(eq(mcpServers.id, id));
    },
  };
}

/** Finding, listing and searching servers. */
function serverReads(db: Executor) {
  return {
    /** By id, or by slug (case-insensitive). */
    async findServer(idOrSlug: string, tx: Executor = db) {
      const [row] = await tx
        .select(serverColumns)
        .from(mcpServers)
        .where(
          or(
            eq(mcpServers.id, idOrSlug),
            sql`lower(${mcpServers.slug}) = ${idOrSlug.toLowerCase()}`,
          ),
        )
        .limit(1);
      return row ?? null;
    },
    /** Whether another server than `exceptId` has the slug (case-insensitive). */
    async slugTaken(slug: string, exceptId: string | null, tx: Executor = db) {
      const [row] = await tx
        .select({ id: mcpServers.id })
        .from(mcpServers)
        .where(
          and(
            sql`lower(${mcpServers.slug}) = ${slug.toLowerCase()}`,
            exceptId ? ne(mcpServers.id, exceptId) : undefined,
          ),
        );
      return Boolean(row);
    },
    /** A page of servers, filtered and sorted, and the total. */
    async listServers(filters: ServerFilters, sort: ServerSort, page: Page, tx: Executor = db) {
      const where = filterWhere(filters);
      const column = SORT_COLUMNS[sort.by];
      const direction = sort.order === 'asc' ? asc : desc;
      const order = [direction(column), direction(mcpServers.id)];
      const [items, total] = await Promise.all([
        page.offset < DEFERRED_JOIN_FROM
          ? tx
              .select(serverColumns)
              .from(mcpServers)
              .where(where)
              .orderBy(...order)
              .limit(page.limit)
              .offset(page.offset)
          : // Deferred join: a deep offset walks the narrow (sort key, id) index instead of whole
            // rows, and only the page's rows are read from the table.
            tx
              .select(serverColumns)
              .from(mcpServers)
              .where(
                inArray(
                  mcpServers.id,
                  tx
                    .select({ id: mcpServers.id })
                    .from(mcpServers)
                    .where(where)
                    .orderBy(...order)
                    .limit(page.limit)
                    .offset(page.offset),
                ),
              )
              .orderBy(...order),
        countWhere(tx, mcpServers, where),
      ]);
      return { items, total };
    },
    /** Full-text search with ranking; every word may be a prefix. */
    async searchServers(
      tsquery: string,
      phrase: string,
      filters: ServerFilters,
      page: Page,
      tx: Executor = db,
    ) {
      const query = sql`to_tsquery('english', ${tsquery})`;
      const where = and(sql`${mcpServers.searchVector} @@ ${query}`, filterWhere(filters));
      const rank = sql`ts_rank(${mcpServers.searchVector}, ${query}) + CASE WHEN starts_with(lower(${mcpServers.name}), ${phrase}) THEN 1 ELSE 0 END`;
      const [items, total] = await Promise.all([
        tx
          .select(serverColumns)
          .from(mcpServers)
          .where(where)
          .orderBy(desc(rank), asc(mcpServers.name), asc(mcpServers.id))
          .limit(page.limit)
          .offset(page.offset),
        countWhere(tx, mcpServers, where),
      ]);
      return { items, total };
    },
  };
}

/** The team installations of a server, as its changes and deletion need them. */
function serverInstallations(db: Executor) {
  return {
    /** How many team installations use the server. */
    async countInstallations(serverId: string, tx: Executor = db) {
      const [row] = await tx
        .select({ n: count() })
        .from(mcpServerInstallations)
        .where(eq(mcpServerInstallations.serverId, serverId));
      return row?.n ?? 0;
    },
    /** The installations of the server, with their team. */
    async installationsOf(serverId: string, tx: Executor = db) {
      return tx
        .select({ id: mcpServerInstallations.id, teamId: mcpServerInstallations.teamId })
        .from(mcpServerInstallations)
        .where(eq(mcpServerInstallations.serverId, serverId))
        .orderBy(mcpServerInstallations.id);
    },
    /** Deletes the installations of the server; returns what it deleted. */
    async deleteInstallationsOf(serverId: string, tx: Executor = db) {
      return tx
        .delete(mcpServerInstallations)
        .where(eq(mcpServerInstallations.serverId, serverId))
        .returning({ id: mcpServerInstallations.id, teamId: mcpServerInstallations.teamId });
    },
  };
}

/** The versions of a server. */
function versionRecords(db: Executor) {
  return {
    /** The server's versions, newest first. */
    async listVersions(serverId: string, tx: Executor = db) {
      return tx
        .select()
        .from(mcpServerVersions)
        .where(eq(mcpServerVersions.serverId, serverId))
        .orderBy(desc(mcpServerVersions.createdAt), desc(mcpServerVersions.id));
    },
    /** One version of the server, or null. */
    async findVersion(serverId: string, versionId: string, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(mcpServerVersions)
        .where(and(eq(mcpServerVersions.serverId, serverId), eq(mcpServerVersions.id, versionId)));
      return row ?? null;
    },
    /** Adds a version. */
    async insertVersion(values: typeof mcpServerVersions.$inferInsert, tx: Executor = db) {
      const [row] = await tx.insert(mcpServerVersions).values(values).returning();
      return row!;
    },
    /** Changes a version; null if gone. */
    async updateVersion(
      id: string,
      values: Partial<typeof mcpServerVersions.$inferInsert>,
      tx: Executor = db,
    ) {
      const [row] = await tx
        .update(mcpServerVersions)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(mcpServerVersions.id, id))
        .returning();
      return row ?? null;
    },
    /** Takes the latest mark off the server's versions. */
    async clearLatest(serverId: string, tx: Executor = db) {
      await tx
        .update(mcpServerVersions)
        .set({ isLatest: false })
        .where(and(eq(mcpServerVersions.serverId, serverId), eq(mcpServerVersions.isLatest, true)));
    },
    /** Whether a version other than `exceptId` of the server has the name. */
    async versionExists(
      serverId: string,
      version: string,
      exceptId: string | null,
      tx: Executor = db,
    ) {
      const [row] = await tx
        .select({ id: mcpServerVersions.id })
        .from(mcpServerVersions)
        .where(
          and(
            eq(mcpServerVersions.serverId, serverId),
            eq(mcpServerVersions.version, version),
            exceptId ? ne(mcpServerVersions.id, exceptId) : undefined,
          ),
        );
      return Boolean(row);
    },
    /** Locks the server's row until the transaction ends (serialises its version changes). */
    async lockServer(serverId: string, tx: Executor) {
      await tx.execute(
        sql`SELECT 1 FROM ${mcpServers} WHERE ${mcpServers.id} = ${serverId} FOR UPDATE`,
      );
    },
  };
}

/** The catalogue's records: categories, servers (reads and writes), their installations, versions. */
export type CatalogueRepository = ReturnType<typeof categoryRecords> &
  ReturnType<typeof serverWrites> &
  ReturnType<typeof serverReads> &
  ReturnType<typeof serverInstallations> &
  ReturnType<typeof versionRecords>;

export function createCatalogueRepository(db: Executor): CatalogueRepository {
  return {
    ...categoryRecords(db),
    ...serverWrites(db),
    ...serverReads(db),
    ...serverInstallations(db),
    ...versionRecords(db),
  };
}
