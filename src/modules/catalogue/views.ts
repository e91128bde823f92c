import type { Pagination } from '../../http/pagination.js';
import type { CategoryRow, ServerRow, VersionRow } from './repository.js';
import type { SERVER_STATUSES } from './schemas.js';

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

export function categoryView(c: CategoryRow, serverCount: number) {
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

export function versionView(v: VersionRow) {
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

export type ServerView = ReturnType<typeof serverView>;
export type CategoryView = ReturnType<typeof categoryView>;
export type VersionView = ReturnType<typeof versionView>;

/** A page of servers, as the list and search routes answer it. */
export type ServerList = { servers: ServerView[]; pagination: Pagination };
