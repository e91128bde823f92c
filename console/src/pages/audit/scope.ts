import { api, unwrap } from '../../api/client';
import { queryOf, type AuditFilters } from './filters';

/** Whose log is read: the whole service's (global administrators) or one team's. */
export type Scope = { kind: 'global' } | { kind: 'team'; teamId: string; teamName: string };

export const PAGE_SIZE = 50;

export const queryKeyOf = (scope: Scope, ...rest: unknown[]) =>
  scope.kind === 'team' ? ['team', scope.teamId, 'audit', ...rest] : ['audit', ...rest];

/** One page of entries, newest first, with the API's pagination. */
export function fetchEntries(scope: Scope, filters: AuditFilters, page: number) {
  const query = { ...filters, limit: String(PAGE_SIZE), offset: String((page - 1) * PAGE_SIZE) };
  if (scope.kind === 'global') return unwrap(api.GET('/api/audit/entries', { params: { query } }));
  return unwrap(
    api.GET('/api/teams/{teamId}/audit/entries', {
      params: { path: { teamId: scope.teamId }, query },
    }),
  );
}

const basePath = (scope: Scope) =>
  scope.kind === 'global' ? '/api/audit' : `/api/teams/${encodeURIComponent(scope.teamId)}/audit`;

const withQuery = (path: string, query: Record<string, string>) => {
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
};

/** The live stream of new entries matching the filters. */
export const streamUrl = (scope: Scope, filters: AuditFilters) =>
  withQuery(`${basePath(scope)}/entries/stream`, queryOf(filters));

/** The JSON Lines export of every entry matching the filters, not only the page shown. */
export const exportUrl = (scope: Scope, filters: AuditFilters) =>
  withQuery(`${basePath(scope)}/export`, queryOf(filters));
