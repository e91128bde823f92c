// Resources of all the user's upstreams as one list. URIs pass unchanged, except where two
// upstreams list the same URI (or template): then each copy is namespaced `<prefix>+<uri>`, which
// is still a URI (the prefix joins the scheme) and says whose copy it is. Which upstream owns
// which URI is remembered per user from the last listing, since a later request (stateless: a
// new server) must route a read there; an unknown URI lists again before giving up.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import type { Resource, ResourceTemplate } from '@modelcontextprotocol/sdk/types.js';
import type { Log } from '../parts.js';
import { BoundedCache } from './cache.js';
import { allPages, gather, type Scope } from './catalog.js';
import type { Member } from './names.js';

/** Where a client's URI goes: the upstream and the URI it knows. */
export interface ResourceRoute {
  member: Member;
  uri: string;
}

interface Owner {
  upstreamKey: string;
  uri: string;
}

interface TemplateOwner extends Owner {
  matcher: UriTemplate | null;
}

interface Directory {
  resources: Map<string, Owner>;
  templates: Map<string, TemplateOwner>;
}

export interface ResourceDirectory {
  listResources(scope: Scope, log: Log): Promise<Resource[]>;
  listTemplates(scope: Scope, log: Log): Promise<ResourceTemplate[]>;
  /** The upstream for a URI (or template, for completion) a client names; undefined if none. */
  route(scope: Scope, uri: string, log: Log): Promise<ResourceRoute | undefined>;
}

export interface ResourceDirectoryOptions {
  now?: () => number;
  ttlMs?: number;
  maxUsers?: number;
}

async function resourcesOf(member: Member): Promise<Resource[]> {
  const client: Client = await member.upstream.connect();
  if (!client.getServerCapabilities()?.resources) return [];
  return allPages(async (cursor) => {
    const answer = await client.listResources(cursor ? { cursor } : undefined);
    return { items: answer.resources, nextCursor: answer.nextCursor };
  });
}

async function templatesOf(member: Member): Promise<ResourceTemplate[]> {
  const client: Client = await member.upstream.connect();
  if (!client.getServerCapabilities()?.resources) return [];
  return allPages(async (cursor) => {
    const answer = await client.listResourceTemplates(cursor ? { cursor } : undefined);
    return { items: answer.resourceTemplates, nextCursor: answer.nextCursor };
  });
}

/** Each item with the URI the client sees: namespaced when several upstreams list it. */
function namespace<T>(
  lists: Array<{ member: Member; items: T[] }>,
  uriOf: (item: T) => string,
): Array<{ member: Member; item: T; uri: string; exposed: string }> {
  const owners = new Map<string, Set<string>>();
  for (const { member, items } of lists) {
    for (const item of items) {
      const set = owners.get(uriOf(item)) ?? new Set<string>();
      set.add(member.upstream.key);
      owners.set(uriOf(item), set);
    }
  }
  return lists.flatMap(({ member, items }) =>
    items.map((item) => {
      const uri = uriOf(item);
      const shared = (owners.get(uri)?.size ?? 0) > 1;
      return { member, item, uri, exposed: shared ? `${member.prefix}+${uri}` : uri };
    }),
  );
}

function matcherFor(template: string): UriTemplate | null {
  try {
    return new UriTemplate(template);
  } catch {
    return null;
  }
}

export function createResourceDirectory(options: ResourceDirectoryOptions = {}): ResourceDirectory {
  const now = options.now ?? Date.now;
  const ttlMs = options.ttlMs ?? 10 * 60_000;
  const directories = new BoundedCache<string, Directory>({
    maxEntries: options.maxUsers ?? 1_000,
    now,
  });

  function directoryOf(scope: Scope): Directory {
    const key = `${scope.identity.userId}\n${scope.identity.teamId ?? ''}`;
    let directory = directories.get(key);
    if (!directory) {
      directory = { resources: new Map(), templates: new Map() };
      directories.set(key, directory, now() + ttlMs);
    }
    return directory;
  }

  const directory: ResourceDirectory = {
    async listResources(scope, log) {
      const named = namespace(await gather(scope, log, 'resources', resourcesOf), (r) => r.uri);
      const owners = new Map<string, Owner>();
      for (const { member, uri, exposed } of named) {
        owners.set(exposed, { upstreamKey: member.upstream.key, uri });
      }
      directoryOf(scope).resources = owners;
      return named.map(({ item, exposed }) => ({ ...item, uri: exposed }));
    },

    async listTemplates(scope, log) {
      const lists = await gather(scope, log, 'resource templates', templatesOf);
      const named = namespace(lists, (t) => t.uriTemplate);
      const owners = new Map<string, TemplateOwner>();
      for (const { member, uri, exposed } of named) {
        const matcher = exposed === uri ? matcherFor(uri) : null;
        owners.set(exposed, { upstreamKey: member.upstream.key, uri, matcher });
      }
      directoryOf(scope).templates = owners;
      return named.map(({ item, exposed }) => ({ ...item, uriTemplate: exposed }));
    },

    async route(scope, uri, log) {
      const only = scope.members.length === 1 ? scope.members[0] : undefined;
      if (only) return { member: only, uri };
      const known = lookup(scope, directoryOf(scope), uri);
      if (known) return known;
      await Promise.all([directory.listResources(scope, log), directory.listTemplates(scope, log)]);
      return (
        lookup(scope, directoryOf(scope), uri) ?? matchTemplate(scope, directoryOf(scope), uri)
      );
    },
  };
  return directory;
}

function memberWithKey(scope: Scope, owner: Owner | undefined): ResourceRoute | undefined {
  if (!owner) return undefined;
  // Only an upstream of this request's scope (the pool's answer for this user) may be reached.
  const member = scope.members.find((candidate) => candidate.upstream.key === owner.upstreamKey);
  return member ? { member, uri: owner.uri } : undefined;
}

function lookup(scope: Scope, directory: Directory, uri: string): ResourceRoute | undefined {
  const owned = memberWithKey(scope, directory.resources.get(uri) ?? directory.templates.get(uri));
  if (owned) return owned;
  const plus = uri.indexOf('+');
  if (plus <= 0) return undefined;
  const member = scope.members.find((candidate) => candidate.prefix === uri.slice(0, plus));
  return member ? { member, uri: uri.slice(plus + 1) } : undefined;
}

/** A URI no upstream lists may still be one of a template's (a file by path, say). */
function matchTemplate(scope: Scope, directory: Directory, uri: string): ResourceRoute | undefined {
  for (const owner of directory.templates.values()) {
    if (owner.matcher?.match(uri)) {
      const route = memberWithKey(scope, owner);
      if (route) return { member: route.member, uri };
    }
  }
  return undefined;
}
