import { NotFoundError, ValidationError } from '../../http/errors.js';
import { paginationOf, type Page } from '../../http/pagination.js';
import type { Remembered } from '../../lib/remembered.js';
import type { CatalogueServiceDeps } from './deps.js';
import type { CatalogueRepository, ServerFilters, ServerRow, ServerSort } from './repository.js';
import { serverView, type ServerList, type ServerView } from './views.js';

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

/** The server named by id or slug, or 404. */
export async function mustFindServer(repository: CatalogueRepository, idOrSlug: string) {
  const server = await repository.findServer(idOrSlug);
  if (!server) throw new NotFoundError('MCP server not found');
  return server;
}

/** Reading the catalogue's servers: the lists and searches every page asks for, and one server. */
export interface CatalogueReads {
  /** Every page of the catalogue UI and of registry clients reads these: remembered. */
  lists: Remembered<ServerList>;
  /** A page of servers, filtered and sorted; remembered by its query. */
  listServers(filters: ServerFilters, sort: ServerSort, page: Page): Promise<ServerList>;
  /** A page of servers matching every word of `q` as a prefix, best first; remembered. */
  searchServers(q: string, filters: ServerFilters, page: Page): Promise<ServerList>;
  /** One server by id or slug, or 404. */
  getServer(idOrSlug: string): Promise<ServerView>;
  /** One server's row by id or slug, or null. */
  findServerRow(idOrSlug: string): Promise<ServerRow | null>;
}

export function createCatalogueReads(
  deps: Pick<CatalogueServiceDeps, 'repository' | 'lists'>,
): CatalogueReads {
  const { repository, lists } = deps;

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

  return {
    lists,
    listServers: (filters, sort, page) =>
      rememberedList(['list', filters, sort, page], async () => {
        const { items, total } = await repository.listServers(filters, sort, page);
        return { servers: items.map(serverView), pagination: paginationOf(page, total) };
      }),
    searchServers: (q, filters, page) =>
      rememberedList(['search', q, filters, page], async () => {
        const { tsquery, phrase } = toPrefixQuery(q);
        const { items, total } = await repository.searchServers(tsquery, phrase, filters, page);
        return { servers: items.map(serverView), pagination: paginationOf(page, total) };
      }),
    getServer: async (idOrSlug) => serverView(await mustFindServer(repository, idOrSlug)),
    findServerRow: (idOrSlug) => repository.findServer(idOrSlug),
  };
}
