import type { Static } from '@sinclair/typebox';
import { fieldNames } from '../audit/fields.js';
import type { AuditRequest } from '../audit/context.js';
import { audit } from '../audit/writer.js';
import type { Database, Executor } from '../../db/client.js';
import type { ConfigField, ConfigSchema, ConfigSection } from '../../db/schema/index.js';
import { ConflictError, NotFoundError, ValidationError } from '../../http/errors.js';
import { paginationOf, type Page, type Pagination } from '../../http/pagination.js';
import type { Remembered } from '../../lib/remembered.js';
import { encryptSecret } from '../../lib/crypto.js';
import { newId } from '../../lib/ids.js';
import { slugify } from '../teams/service.js';
import type { PendingWorkRecorder } from '../installations/pending-work.js';
import type {
  CatalogueRepository,
  CategoryRow,
  ServerFilters,
  ServerRow,
  ServerSort,
  VersionRow,
} from './repository.js';
import type {
  CategoryBody,
  ConfigSchemaInput,
  SERVER_STATUSES,
  ServerBody,
  VersionBody,
} from './schemas.js';

type FieldInput = Partial<ConfigField> & { name: string };
type SectionInput = Partial<Record<keyof ConfigSection, FieldInput[]>>;

function normalizeSection(section: SectionInput | undefined, path: string): ConfigSection {
  const out: ConfigSection = { args: [], env: [], headers: [] };
  for (const kind of ['args', 'env', 'headers'] as const) {
    const seen = new Set<string>();
    for (const f of section?.[kind] ?? []) {
      if (seen.has(f.name)) throw new ValidationError(`${path}.${kind} names ${f.name} twice`);
      seen.add(f.name);
      out[kind].push({
        name: f.name,
        description: f.description ?? null,
        required: f.required ?? false,
        secret: f.secret ?? false,
        default: f.default ?? null,
      });
    }
  }
  return out;
}

/** Fills in every level and field so that stored schemas always have the full shape. */
export function normalizeConfigSchema(
  input: Static<typeof ConfigSchemaInput> | undefined,
): ConfigSchema {
  const path = 'body.config_schema';
  return {
    template: normalizeSection(input?.template, `${path}.template`),
    team: normalizeSection(input?.team, `${path}.team`),
    user: normalizeSection(input?.user, `${path}.user`),
  };
}

const iso = (d: Date) => d.toISOString();

export function serverView(s: ServerRow) {
  return {
    id: s.id,
    name: s.name,
    slug: s.slug,
    description: s.description,
    category_id: s.categoryId,
    tags: s.tags,
    repository_url: s.repositoryUrl,
    repo_stars: s.repoStars,
    homepage: s.homepage,
    language: s.language,
    transport: s.transport as 'stdio' | 'http' | 'sse',
    runtime: s.runtime,
    command: s.command,
    package: s.package,
    args: s.args,
    url: s.url,
    config_schema: s.configSchema,
    status: s.status as (typeof SERVER_STATUSES)[number],
    featured: s.featured,
    requires_oauth: s.requiresOauth,
    oauth_client: s.oauthClientId
      ? { client_id: s.oauthClientId, has_secret: s.oauthClientSecret !== null }
      : null,
    created_at: iso(s.createdAt),
    updated_at: iso(s.updatedAt),
  };
}

function categoryView(c: CategoryRow, serverCount: number) {
  return {
    id: c.id,
    name: c.name,
    slug: c.slug,
    description: c.description,
    icon: c.icon,
    sort_order: c.sortOrder,
    server_count: serverCount,
    created_at: iso(c.createdAt),
    updated_at: iso(c.updatedAt),
  };
}

function versionView(v: VersionRow) {
  return {
    id: v.id,
    server_id: v.serverId,
    version: v.version,
    changelog: v.changelog,
    release_date: v.releaseDate,
    is_latest: v.isLatest,
    created_at: iso(v.createdAt),
    updated_at: iso(v.updatedAt),
  };
}

/** Words of a search, each used as a prefix: `file serv` finds "Filesystem server". */
export function toPrefixQuery(q: string): { tsquery: string; phrase: string } {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) throw new ValidationError('querystring.q must contain a letter or digit');
  return {
    tsquery: words
      .slice(0, 10)
      .map((w) => `${w}:*`)
      .join(' & '),
    phrase: q.trim().toLowerCase(),
  };
}

type ServerInput = Static<typeof ServerBody>;

/** The server's fields that the satellites' configuration is built from (satellites/configuration.ts). */
const RUNTIME_FIELDS = [
  'name',
  'slug',
  'transport',
  'runtime',
  'command',
  'package',
  'args',
  'url',
  'configSchema',
  'requiresOauth',
] as const;

/** The topic the database raises when the catalogue's servers change (migration 0019). */
export const CATALOGUE_TOPIC = 'catalogue';

/** What the catalogue tells the OAuth side about servers (src/modules/upstream-oauth). */
export interface CatalogueOAuthHooks {
  /** In the change's transaction: the server's `requires_oauth` changed. */
  changed(serverId: string, requiresOauth: boolean, tx: Executor): Promise<void>;
  /** After commit: check in the background whether this http/sse server wants OAuth. */
  detect(server: { id: string; transport: string; url: string | null }): void;
}

type ServerList = { servers: Array<ReturnType<typeof serverView>>; pagination: Pagination };

export function createCatalogueService(deps: {
  db: Database;
  repository: CatalogueRepository;
  pendingWork: PendingWorkRecorder;
  /** List and search answers by their query, remembered per replica (app.ts: when forgotten). */
  lists: Remembered<ServerList>;
  /** Remote servers that want OAuth (src/modules/upstream-oauth); absent: nothing detected. */
  oauth?: CatalogueOAuthHooks;
  /** Encrypts the secrets of administrators' OAuth clients (lib/crypto.ts). */
  encryptionKey: Buffer;
}) {
  const { db, repository, lists } = deps;

  /** The answer remembered for `query`, else `read`'s, remembered for the next caller. */
  async function rememberedList(query: unknown[], read: () => Promise<ServerList>) {
    const key = JSON.stringify(query);
    const remembered = lists.get(key);
    if (remembered) return remembered;
    const readEpoch = lists.epoch();
    const answer = await read();
    lists.remember(readEpoch, [[key, answer]]);
    return answer;
  }

  async function mustFindServer(idOrSlug: string) {
    const server = await repository.findServer(idOrSlug);
    if (!server) throw new NotFoundError('MCP server not found');
    return server;
  }

  async function checkCategory(categoryId: string | null | undefined) {
    if (categoryId && !(await repository.findCategory(categoryId))) {
      throw new ValidationError(`body.category_id ${categoryId} does not name a category`);
    }
  }

  /** An administrator's client for the server's authorization server; the secret encrypted. */
  function oauthClientValues(client: ServerInput['oauth_client']) {
    if (client === undefined) return {};
    return {
      oauthClientId: client?.client_id ?? null,
      oauthClientSecret: client?.client_secret
        ? encryptSecret(client.client_secret, deps.encryptionKey)
        : null,
    };
  }

  function serverValues(input: Partial<ServerInput>) {
    const { config_schema, category_id, repository_url, repo_stars, oauth_client, ...rest } = input;
    return {
      ...oauthClientValues(oauth_client),
      ...(rest.name !== undefined ? { name: rest.name } : {}),
      ...(rest.slug !== undefined ? { slug: rest.slug } : {}),
      ...(rest.description !== undefined ? { description: rest.description } : {}),
      ...(category_id !== undefined ? { categoryId: category_id } : {}),
      ...(rest.tags !== undefined ? { tags: rest.tags } : {}),
      ...(repository_url !== undefined ? { repositoryUrl: repository_url } : {}),
      ...(repo_stars !== undefined ? { repoStars: repo_stars } : {}),
      ...(rest.homepage !== undefined ? { homepage: rest.homepage } : {}),
      ...(rest.language !== undefined ? { language: rest.language } : {}),
      ...(rest.transport !== undefined ? { transport: rest.transport } : {}),
      ...(rest.runtime !== undefined ? { runtime: rest.runtime } : {}),
      ...(rest.command !== undefined ? { command: rest.command } : {}),
      ...(rest.package !== undefined ? { package: rest.package } : {}),
      ...(rest.args !== undefined ? { args: rest.args } : {}),
      ...(rest.url !== undefined ? { url: rest.url } : {}),
      ...(config_schema !== undefined
        ? { configSchema: normalizeConfigSchema(config_schema) }
        : {}),
      ...(rest.status !== undefined ? { status: rest.status } : {}),
      ...(rest.featured !== undefined ? { featured: rest.featured } : {}),
      ...(rest.requires_oauth !== undefined ? { requiresOauth: rest.requires_oauth } : {}),
    };
  }

  function checkRunnable(s: {
    transport: string;
    url: string | null;
    command: string | null;
    package: string | null;
    requiresOauth?: boolean;
  }) {
    if (s.transport === 'stdio' && s.requiresOauth)
      throw new ValidationError('body.requires_oauth is only for the http and sse transports');
    if (s.transport !== 'stdio' && !s.url)
      throw new ValidationError(`body.url is required for the ${s.transport} transport`);
    if (s.transport === 'stdio' && !s.command && !s.package) {
      throw new ValidationError('body.command or body.package is required for the stdio transport');
    }
  }

  return {
    // ---- categories
    async listCategories() {
      return (await repository.listCategories()).map((r) =>
        categoryView(r.category, r.serverCount),
      );
    },
    async createCategory(input: Static<typeof CategoryBody>, request: AuditRequest) {
      const id = newId('cat');
      const slug = input.slug ?? slugify(input.name);
      await db.orm.transaction(async (tx) => {
        await repository.insertCategory(
          {
            id,
            name: input.name,
            slug,
            description: input.description ?? null,
            icon: input.icon ?? null,
            sortOrder: input.sort_order ?? 0,
          },
          tx,
        );
        await audit(tx, {
          action: 'catalogue.category_created',
          request,
          target: { type: 'category', id },
          details: { slug },
        });
      });
      const row = (await repository.findCategory(id))!;
      return categoryView(row.category, row.serverCount);
    },
    async updateCategory(
      id: string,
      input: Partial<Static<typeof CategoryBody>>,
      request: AuditRequest,
    ) {
      const values = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.slug !== undefined ? { slug: input.slug } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.icon !== undefined ? { icon: input.icon } : {}),
        ...(input.sort_order !== undefined ? { sortOrder: input.sort_order } : {}),
      };
      await db.orm.transaction(async (tx) => {
        if (!(await repository.updateCategory(id, values, tx)))
          throw new NotFoundError('Category not found');
        await audit(tx, {
          action: 'catalogue.category_updated',
          request,
          target: { type: 'category', id },
          details: { fields: fieldNames(input, 1) },
        });
      });
      const row = (await repository.findCategory(id))!;
      return categoryView(row.category, row.serverCount);
    },
    async deleteCategory(id: string, moveTo: string | undefined, request: AuditRequest) {
      await db.orm.transaction(async (tx) => {
        if (!(await repository.findCategory(id, tx))) throw new NotFoundError('Category not found');
        const inUse = await repository.countServersIn(id, tx);
        if (inUse > 0) {
          if (!moveTo) {
            throw new ConflictError(
              `The category has ${inUse} servers; move them first (move_servers_to)`,
              'CATEGORY_IN_USE',
            );
          }
          if (moveTo === id || !(await repository.findCategory(moveTo, tx))) {
            throw new ValidationError(
              'querystring.move_servers_to must name another existing category',
            );
          }
          await repository.moveServers(id, moveTo, tx);
        }
        await repository.deleteCategory(id, tx);
        await audit(tx, {
          action: 'catalogue.category_deleted',
          request,
          target: { type: 'category', id },
          details: inUse > 0 ? { servers_moved_to: moveTo, servers_moved: inUse } : {},
        });
      });
    },

    // ---- servers
    /** Every page of the catalogue UI and of registry clients reads these: remembered. */
    lists,
    listServers: (filters: ServerFilters, sort: ServerSort, page: Page) =>
      rememberedList(['list', filters, sort, page], async () => {
        const { items, total } = await repository.listServers(filters, sort, page);
        return { servers: items.map(serverView), pagination: paginationOf(page, total) };
      }),
    searchServers: (q: string, filters: ServerFilters, page: Page) =>
      rememberedList(['search', q, filters, page], async () => {
        const { tsquery, phrase } = toPrefixQuery(q);
        const { items, total } = await repository.searchServers(tsquery, phrase, filters, page);
        return { servers: items.map(serverView), pagination: paginationOf(page, total) };
      }),
    getServer: async (idOrSlug: string) => serverView(await mustFindServer(idOrSlug)),
    findServerRow: (idOrSlug: string) => repository.findServer(idOrSlug),

    async createServer(input: ServerInput, request: AuditRequest) {
      await checkCategory(input.category_id);
      const slug = input.slug ?? slugify(input.name);
      if (await repository.slugTaken(slug, null))
        throw new ConflictError(`The server slug ${slug} is taken`, 'DUPLICATE');
      const values = {
        ...serverValues(input),
        slug,
        configSchema: normalizeConfigSchema(input.config_schema),
      };
      checkRunnable({
        transport: input.transport,
        url: input.url ?? null,
        command: input.command ?? null,
        package: input.package ?? null,
        requiresOauth: input.requires_oauth ?? false,
      });
      const row = await db.orm.transaction(async (tx) => {
        const inserted = await repository.insertServer(
          { id: newId('srv'), name: input.name, transport: input.transport, ...values },
          tx,
        );
        await audit(tx, {
          action: 'catalogue.server_created',
          request,
          target: { type: 'server', id: inserted.id },
          details: { slug },
        });
        return inserted;
      });
      if (input.requires_oauth === undefined) deps.oauth?.detect(row);
      return serverView(row);
    },
    async updateServer(id: string, input: Partial<ServerInput>, request: AuditRequest) {
      const current = await mustFindServer(id);
      if (input.category_id !== undefined) await checkCategory(input.category_id);
      if (input.slug && (await repository.slugTaken(input.slug, current.id))) {
        throw new ConflictError(`The server slug ${input.slug} is taken`, 'DUPLICATE');
      }
      const values = serverValues(input);
      checkRunnable({ ...current, ...values });
      const row = await db.orm.transaction(async (tx) => {
        const updated = await repository.updateServer(current.id, values, current, tx);
        if (values.requiresOauth !== undefined && values.requiresOauth !== current.requiresOauth)
          await deps.oauth?.changed(current.id, values.requiresOauth, tx);
        // Satellites run installations from these fields: each installation's satellites fetch
        // their configuration again (a `configure` command), as after an installation's change.
        if (RUNTIME_FIELDS.some((field) => field in values)) {
          for (const installation of await repository.installationsOf(current.id, tx)) {
            await deps.pendingWork.record(
              {
                kind: 'installation.updated',
                teamId: installation.teamId,
                installationId: installation.id,
              },
              tx,
            );
          }
        }
        await audit(tx, {
          action: 'catalogue.server_updated',
          request,
          target: { type: 'server', id: current.id },
          details: {
            fields: Object.keys(input)
              .filter((k) => input[k as keyof ServerInput] !== undefined)
              .sort(),
          },
        });
        return updated;
      });
      // A new address may want OAuth where the old one did not.
      const moved = values.url !== undefined || values.transport !== undefined;
      if (moved && input.requires_oauth === undefined && !row!.requiresOauth)
        deps.oauth?.detect(row!);
      return serverView(row!);
    },
    async deleteServer(id: string, force: boolean, request: AuditRequest) {
      const server = await mustFindServer(id);
      await db.orm.transaction(async (tx) => {
        const installed = await repository.countInstallations(server.id, tx);
        if (installed > 0 && !force) {
          throw new ConflictError(
            `${installed} team installation(s) use this server; pass force=true to remove them too`,
            'SERVER_IN_USE',
          );
        }
        for (const removed of await repository.deleteInstallationsOf(server.id, tx)) {
          await deps.pendingWork.record(
            { kind: 'installation.deleted', teamId: removed.teamId, installationId: removed.id },
            tx,
          );
        }
        await repository.deleteServer(server.id, tx);
        await audit(tx, {
          action: 'catalogue.server_deleted',
          request,
          target: { type: 'server', id: server.id },
          details: { slug: server.slug, forced: force },
        });
      });
    },

    // ---- versions
    async listVersions(serverId: string) {
      const server = await mustFindServer(serverId);
      return (await repository.listVersions(server.id)).map(versionView);
    },
    async createVersion(
      serverId: string,
      input: Static<typeof VersionBody>,
      request: AuditRequest,
    ) {
      const server = await mustFindServer(serverId);
      return db.orm.transaction(async (tx) => {
        // Serialises version changes of one server, so "exactly one latest" holds under races.
        await repository.lockServer(server.id, tx);
        if (await repository.versionExists(server.id, input.version, null, tx)) {
          throw new ConflictError(
            `Version ${input.version} already exists for this server`,
            'DUPLICATE',
          );
        }
        const first = (await repository.listVersions(server.id, tx)).length === 0;
        const latest = first || input.is_latest === true;
        if (latest) await repository.clearLatest(server.id, tx);
        const row = await repository.insertVersion(
          {
            id: newId('ver'),
            serverId: server.id,
            version: input.version,
            changelog: input.changelog ?? null,
            releaseDate: input.release_date ?? null,
            isLatest: latest,
          },
          tx,
        );
        await audit(tx, {
          action: 'catalogue.version_created',
          request,
          target: { type: 'server_version', id: row.id },
          details: { server_id: server.id, version: input.version, is_latest: latest },
        });
        return versionView(row);
      });
    },
    async updateVersion(
      serverId: string,
      versionId: string,
      input: Partial<Static<typeof VersionBody>>,
      request: AuditRequest,
    ) {
      const server = await mustFindServer(serverId);
      return db.orm.transaction(async (tx) => {
        await repository.lockServer(server.id, tx);
        const current = await repository.findVersion(server.id, versionId, tx);
        if (!current) throw new NotFoundError('Version not found');
        if (
          input.version &&
          (await repository.versionExists(server.id, input.version, current.id, tx))
        ) {
          throw new ConflictError(
            `Version ${input.version} already exists for this server`,
            'DUPLICATE',
          );
        }
        if (input.is_latest === false && current.isLatest) {
          throw new ConflictError(
            'A server always has one latest version; mark another version as latest instead',
            'LATEST_REQUIRED',
          );
        }
        if (input.is_latest === true && !current.isLatest)
          await repository.clearLatest(server.id, tx);
        const row = await repository.updateVersion(
          current.id,
          {
            ...(input.version !== undefined ? { version: input.version } : {}),
            ...(input.changelog !== undefined ? { changelog: input.changelog } : {}),
            ...(input.release_date !== undefined ? { releaseDate: input.release_date } : {}),
            ...(input.is_latest === true ? { isLatest: true } : {}),
          },
          tx,
        );
        await audit(tx, {
          action: 'catalogue.version_updated',
          request,
          target: { type: 'server_version', id: current.id },
          details: { server_id: server.id, fields: fieldNames(input, 1) },
        });
        return versionView(row!);
      });
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
