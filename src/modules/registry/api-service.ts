import { NotFoundError, ValidationError } from '../../http/errors.js';
import { localDocument, localNamespace } from './local-documents.js';
import type { EntryRow, RegistryRepository } from './repository.js';
import {
  CATALOGUE_META,
  OFFICIAL_META,
  type ServerDocument,
  type UpstreamStatus,
} from './server-json.js';

const iso = (d: Date) => d.toISOString();

/** Cursors are opaque to clients: the (name, id) of the last entry served, base64url-encoded. */
export function encodeCursor(row: { name: string; id: string }): string {
  return Buffer.from(JSON.stringify([row.name, row.id])).toString('base64url');
}

export function decodeCursor(cursor: string): { name: string; id: string } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'string')) {
      return { name: value[0] as string, id: value[1] as string };
    }
  } catch {
    // falls through to the refusal
  }
  throw new ValidationError('cursor is not a cursor this registry gave out');
}

/** Serves the catalogue's registry entries in the Registry API's shapes. */
export function createRegistryApi(deps: { repository: RegistryRepository; baseUrl: string }) {
  const { repository } = deps;
  const namespace = localNamespace(deps.baseUrl);

  async function views(rows: EntryRow[]) {
    const [catalogue, local] = await Promise.all([
      repository.catalogueIds([...new Set(rows.map((r) => r.serverId))]),
      repository.localServers([...new Set(rows.filter((r) => !r.document).map((r) => r.serverId))]),
    ]);
    return rows.map((r) => {
      const server = catalogue.get(r.serverId);
      const document = r.document ?? localDocument(local.get(r.serverId)!, r.name, r.version);
      return {
        server: document as unknown as ServerDocument,
        _meta: {
          [OFFICIAL_META]: {
            status: r.status as UpstreamStatus,
            ...(r.statusMessage ? { statusMessage: r.statusMessage } : {}),
            statusChangedAt: iso(r.statusChangedAt),
            publishedAt: iso(r.publishedAt),
            updatedAt: iso(r.updatedAt),
            isLatest: r.isLatest,
          },
          [CATALOGUE_META]: {
            server_id: r.serverId,
            slug: server?.slug ?? '',
            version_id: r.versionId,
            catalogue_status: (server?.status ?? r.status) as UpstreamStatus,
            ...(r.upstreamUpdatedAt ? { upstream_updated_at: iso(r.upstreamUpdatedAt) } : {}),
          },
        },
      };
    });
  }

  return {
    async list(q: {
      cursor?: string;
      limit?: number;
      search?: string;
      updated_since?: string;
      version?: string;
      include_deleted?: string;
    }) {
      const limit = q.limit ?? 30;
      const rows = await repository.list(
        {
          after: q.cursor ? decodeCursor(q.cursor) : null,
          limit: limit + 1,
          ...(q.search ? { search: q.search } : {}),
          ...(q.updated_since ? { updatedSince: new Date(q.updated_since) } : {}),
          ...(q.version ? { version: q.version } : {}),
          // An incremental reader must hear about deletions, so updated_since always includes them.
          includeDeleted: q.include_deleted === 'true' || q.updated_since !== undefined,
        },
        namespace,
      );
      const page = rows.slice(0, limit);
      const more = rows.length > limit;
      return {
        servers: await views(page),
        metadata: {
          ...(more ? { nextCursor: encodeCursor(page.at(-1)!) } : {}),
          count: page.length,
        },
      };
    },
    async versions(name: string, includeDeleted: boolean) {
      const rows = await repository.versionsOf(name, namespace, includeDeleted);
      if (rows.length === 0) throw new NotFoundError('Server not found');
      return { servers: await views(rows), metadata: { count: rows.length } };
    },
    async version(name: string, version: string, includeDeleted: boolean) {
      const rows = await repository.versionsOf(name, namespace, includeDeleted);
      if (rows.length === 0) throw new NotFoundError('Server not found');
      const row =
        version === 'latest'
          ? rows.find((r) => r.isLatest)
          : rows.find((r) => r.version === version);
      if (!row) throw new NotFoundError('Server version not found');
      return (await views([row]))[0]!;
    },
  };
}

export type RegistryApi = ReturnType<typeof createRegistryApi>;
