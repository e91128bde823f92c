// What one identity's aggregated server offers: the tools and prompts of the user's upstreams
// under exposed names, and the way back from an exposed name to the upstream that has it.
// Nothing here is remembered between requests (the endpoint is stateless); the pool remembers
// each upstream's tools, so naming them again per request is cheap.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Prompt, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ServerEntry } from '../../../protocol/satellite.js';
import type { Identity, Log, ToolStatus, Upstream, UpstreamPool } from '../parts.js';
import { exposeName, prefixOf, type Member } from './names.js';

/** The upstreams one request may reach, and how it names their things. */
export interface Scope {
  identity: Identity;
  members: Member[];
  /** False on `/mcp/<installation>`: a single upstream whose names go unprefixed. */
  prefixed: boolean;
}

/** An upstream's tool or prompt under the name the client sees. */
export interface Routed<T extends { name: string }> {
  exposed: string;
  item: T;
  member: Member;
}

// A server that pages forever must not hold a request forever.
const MAX_PAGES = 50;

export function exposedName(scope: Scope, member: Member, name: string): string {
  return exposeName(scope.prefixed ? member.prefix : undefined, name);
}

/** The details that name an upstream in the satellite's log. */
export function describeMember(member: Member): Record<string, unknown> {
  const { entry, key } = member.upstream;
  return { upstream: key, installation_id: entry.installation_id };
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Every page of a paginated list. */
export async function allPages<T>(
  page: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor?: string }>,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let count = 0; count < MAX_PAGES; count += 1) {
    const answer = await page(cursor);
    items.push(...answer.items);
    cursor = answer.nextCursor;
    if (!cursor) break;
  }
  return items;
}

/**
 * What each available upstream lists. One upstream failing must not hide the others: it is
 * logged and left out.
 */
export async function gather<T>(
  scope: Scope,
  log: Log,
  what: string,
  list: (member: Member) => Promise<T[]>,
): Promise<Array<{ member: Member; items: T[] }>> {
  const members = scope.members.filter((member) => member.upstream.available);
  const settled = await Promise.allSettled(members.map((member) => list(member)));
  const lists: Array<{ member: Member; items: T[] }> = [];
  settled.forEach((outcome, index) => {
    const member = members[index];
    if (!member) return;
    if (outcome.status === 'fulfilled') lists.push({ member, items: outcome.value });
    else
      log.warn(
        { ...describeMember(member), err: errorMessage(outcome.reason) },
        `listing ${what} failed`,
      );
  });
  return lists;
}

function routeAll<T extends { name: string }>(
  scope: Scope,
  lists: Array<{ member: Member; items: T[] }>,
): Routed<T>[] {
  return lists.flatMap(({ member, items }) =>
    items.map((item) => ({ exposed: exposedName(scope, member, item.name), item, member })),
  );
}

/**
 * An upstream as MCP clients are offered it: without the tools administrators switched off.
 * Every way to a tool (tools/list, tools/call, and discovery's search, describe and call) asks
 * the member's `tools()`, so a tool hidden here is hidden on all of them, and calling it answers
 * as for a tool that does not exist.
 */
class OfferedUpstream implements Upstream {
  constructor(
    private readonly upstream: Upstream,
    private readonly status: ToolStatus,
  ) {}

  get key(): string {
    return this.upstream.key;
  }

  get entry(): ServerEntry {
    return this.upstream.entry;
  }

  get available(): boolean {
    return this.upstream.available;
  }

  connect(): Promise<Client> {
    return this.upstream.connect();
  }

  async tools(): Promise<Tool[]> {
    const tools = await this.upstream.tools();
    // The command names the installation; an entry without one is known by its map key.
    const installation = this.entry.installation_id ?? this.key;
    // Switched off in Groundstation (the configuration's list, which survives a new satellite)
    // or by a command since the configuration was fetched.
    const listed = this.entry.settings?.disabled_tools ?? [];
    return tools.filter(
      (tool) => !listed.includes(tool.name) && !this.status.isDisabled(installation, tool.name),
    );
  }

  touch(): void {
    this.upstream.touch();
  }
}

/** The pool as the endpoint sees it: its upstreams offered without switched-off tools. */
export function offeredPool(pool: UpstreamPool, status: ToolStatus): UpstreamPool {
  const offered = (upstream: Upstream) => new OfferedUpstream(upstream, status);
  return {
    apply: (entries) => pool.apply(entries),
    ofUser: (userId, teamId) => pool.ofUser(userId, teamId).map(offered),
    get(key) {
      const upstream = pool.get(key);
      return upstream && offered(upstream);
    },
    redeploy: (installationId) => pool.redeploy(installationId),
    processesByTeam: () => pool.processesByTeam(),
    close: () => pool.close(),
  };
}

export async function listTools(scope: Scope, log: Log): Promise<Routed<Tool>[]> {
  return routeAll(scope, await gather(scope, log, 'tools', (member) => member.upstream.tools()));
}

/** An upstream's prompts, when it declares any (asking one that does not is an error). */
export async function promptsOf(member: Member): Promise<Prompt[]> {
  const client: Client = await member.upstream.connect();
  if (!client.getServerCapabilities()?.prompts) return [];
  return allPages(async (cursor) => {
    const answer = await client.listPrompts(cursor ? { cursor } : undefined);
    return { items: answer.prompts, nextCursor: answer.nextCursor };
  });
}

export async function listPrompts(scope: Scope, log: Log): Promise<Routed<Prompt>[]> {
  return routeAll(scope, await gather(scope, log, 'prompts', promptsOf));
}

/**
 * The upstream item a client's name stands for. A prefixed name (shortened ones too) starts with
 * its upstream's prefix, so only that upstream is asked; the name is then checked against what
 * it really lists.
 */
export async function findRouted<T extends { name: string }>(
  scope: Scope,
  exposed: string,
  list: (member: Member) => Promise<T[]>,
): Promise<Routed<T> | undefined> {
  const hint = prefixOf(exposed);
  const candidates = scope.prefixed
    ? scope.members.filter((member) => member.prefix === hint)
    : scope.members;
  for (const member of candidates) {
    const items = await list(member);
    const item = items.find((candidate) => exposedName(scope, member, candidate.name) === exposed);
    if (item) return { exposed, item, member };
  }
  return undefined;
}
