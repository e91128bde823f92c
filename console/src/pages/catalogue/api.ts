import { api, unwrap } from '../../api/client';
import type { operations } from '../../api/schema';

/** The catalogue is one list for every account: its queries are global, not team-scoped. */
export const keys = {
  all: ['catalogue'] as const,
  categories: ['catalogue', 'categories'] as const,
  list: (filters: ListFilters) => ['catalogue', 'servers', filters] as const,
  server: (id: string) => ['catalogue', 'server', id] as const,
  versions: (id: string) => ['catalogue', 'server', id, 'versions'] as const,
  registry: ['registry'] as const,
  source: ['registry', 'source'] as const,
  runs: (page: number) => ['registry', 'runs', page] as const,
  latestRun: ['registry', 'runs', 'latest'] as const,
  run: (id: string) => ['registry', 'run', id] as const,
};

export const PAGE_SIZE = 20;

export type Transport = 'stdio' | 'http' | 'sse';
export const TRANSPORTS: Transport[] = ['stdio', 'http', 'sse'];
export const isTransport = (value: string | null): value is Transport =>
  value === 'stdio' || value === 'http' || value === 'sse';

export interface ListFilters {
  q: string;
  categoryId: string | null;
  transport: Transport | null;
  page: number;
}

/** One page of the catalogue: ranked search when there are words to find, else by name. */
export function fetchServers({ q, categoryId, transport, page }: ListFilters) {
  const query = {
    limit: String(PAGE_SIZE),
    offset: String((page - 1) * PAGE_SIZE),
    ...(categoryId ? { category_id: categoryId } : {}),
    ...(transport ? { transport } : {}),
  };
  const words = q.trim();
  if (words) {
    return unwrap(
      api.GET('/api/mcp/servers/search', { params: { query: { ...query, q: words } } }),
    );
  }
  return unwrap(api.GET('/api/mcp/servers', { params: { query } }));
}

export const fetchCategories = async () =>
  (await unwrap(api.GET('/api/mcp/categories'))).categories;

export const fetchServer = async (id: string) =>
  (await unwrap(api.GET('/api/mcp/servers/{id}', { params: { path: { id } } }))).server;

export const fetchVersions = async (id: string) =>
  (await unwrap(api.GET('/api/mcp/servers/{id}/versions', { params: { path: { id } } }))).versions;

export type Server = Awaited<ReturnType<typeof fetchServer>>;
export type Category = Awaited<ReturnType<typeof fetchCategories>>[number];
export type Version = Awaited<ReturnType<typeof fetchVersions>>[number];
export type ConfigSchema = Server['config_schema'];
export type ConfigField = ConfigSchema['team']['env'][number];
export type ServerBody =
  operations['createGlobalServer']['requestBody']['content']['application/json'];
export type ServerUpdate =
  operations['updateGlobalServer']['requestBody']['content']['application/json'];
export type ConfigInput = NonNullable<ServerBody['config_schema']>;

export const fetchSource = async () => (await unwrap(api.GET('/api/registry/source'))).source;

export const fetchRuns = (page: number, limit = 10) =>
  unwrap(
    api.GET('/api/registry/sync/runs', {
      params: { query: { limit: String(limit), offset: String((page - 1) * limit) } },
    }),
  );

export const fetchRun = async (id: string) =>
  (await unwrap(api.GET('/api/registry/sync/runs/{id}', { params: { path: { id } } }))).run;

export type Source = NonNullable<Awaited<ReturnType<typeof fetchSource>>>;
export type SyncRun = Awaited<ReturnType<typeof fetchRun>>;
export type ImportResult = Awaited<ReturnType<typeof importDocuments>>;

export const importDocuments = async (body: unknown, overwrite: boolean) =>
  (
    await unwrap(
      api.POST('/api/registry/import', {
        // The API checks the documents itself and says what is wrong with them.
        body: toImportBody(body),
        params: { query: overwrite ? { overwrite_local_edits: 'true' } : {} },
      }),
    )
  ).result;

type ImportBody =
  operations['importRegistryDocuments']['requestBody']['content']['application/json'];

function toImportBody(body: unknown): ImportBody {
  if (Array.isArray(body)) return body;
  if (typeof body === 'object' && body !== null) return { ...body };
  throw new Error('The document must be a JSON object, or an array of them');
}

export const TRANSPORT_LABEL: Record<Transport, string> = {
  stdio: 'stdio (runs a command)',
  http: 'Streamable HTTP',
  sse: 'Server-sent events',
};
