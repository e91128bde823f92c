import {
  fetchInstallations,
  fetchTools,
  type Installation,
  type Tool,
} from '../installations/data';
import { assignPrefixes, exposeName, serverKey } from './names';

const MAX_PAGES = 20;

/** Every installation of the team (pages of 100): the connect page needs them all at once. */
export async function fetchAllInstallations(teamId: string): Promise<Installation[]> {
  const all: Installation[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const data = await fetchInstallations(teamId, page * 100, 100);
    all.push(...data.installations);
    if (!data.pagination.has_more) break;
  }
  return all;
}

async function fetchAllTools(teamId: string, installationId: string) {
  const all: Tool[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const data = await fetchTools(teamId, installationId, page * 100, 100);
    all.push(...data.tools);
    if (!data.pagination.has_more) break;
  }
  return all;
}

/** The hub serves every instance of mine except those still waiting for my configuration. */
export const isServed = (i: Installation) =>
  !!i.my_instance && i.my_instance.status !== 'awaiting_user_config';

/** Instances the hub serves but cannot list tools for until I act or the server recovers. */
const BLOCKED = new Set(['requires_reauth', 'error', 'permanently_failed']);

export interface SeenTool {
  name: string;
  tool: string;
  description: string | null;
  installation: Installation;
}

export interface ToolsSeen {
  tools: SeenTool[];
  /** Served, but no tools known yet: the server has not started once. */
  undiscovered: Installation[];
}

/**
 * The tools my MCP client sees at `/mcp`: the enabled tools of each instance the hub serves me,
 * under the names the hub gives them.
 */
export async function toolsSeen(
  teamId: string,
  teamSlug: string,
  userId: string,
  installations: Installation[],
): Promise<ToolsSeen> {
  const served = installations.filter(isServed);
  const keyOf = (i: Installation) => serverKey(i.server.slug, teamSlug, userId, i.id);
  const prefixes = assignPrefixes(
    served.map((i) => ({ key: keyOf(i), serverSlug: i.server.slug })),
  );
  const listed = served.filter((i) => !BLOCKED.has(i.my_instance?.status ?? ''));
  const lists = await Promise.all(listed.map((i) => fetchAllTools(teamId, i.id)));
  const tools: SeenTool[] = [];
  const undiscovered: Installation[] = [];
  listed.forEach((installation, index) => {
    const list = lists[index] ?? [];
    if (list.length === 0) undiscovered.push(installation);
    const prefix = prefixes.get(keyOf(installation)) ?? installation.server.slug;
    for (const tool of list) {
      if (tool.is_disabled || installation.settings.disabled_tools.includes(tool.name)) continue;
      tools.push({
        name: exposeName(prefix, tool.name),
        tool: tool.name,
        description: tool.description,
        installation,
      });
    }
  });
  return { tools, undiscovered };
}

export type EndpointCheck =
  | { up: true; url: string; authorizationServers: string[] }
  | { up: false; url: string; reason: string };

async function messageOf(res: Response): Promise<string> {
  const body: unknown = await res.json().catch(() => null);
  if (body && typeof body === 'object') {
    for (const key of ['error_description', 'error', 'message'] as const) {
      const value: unknown = Reflect.get(body, key);
      if (typeof value === 'string') return value;
    }
  }
  return res.statusText;
}

/**
 * Asks the MCP endpoint without a token, as a new client does: it must answer 401 with a
 * `WWW-Authenticate` naming its protected-resource metadata (RFC 9728), which names where to sign in.
 */
export async function checkEndpoint(url: string): Promise<EndpointCheck> {
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', credentials: 'omit' });
  } catch (error) {
    return { up: false, url, reason: `No answer: ${String(error)}` };
  }
  if (res.status === 503)
    return { up: false, url, reason: `No satellite serves it yet (${await messageOf(res)}).` };
  const challenge = res.headers.get('www-authenticate') ?? '';
  const metadata = /resource_metadata="([^"]+)"/.exec(challenge)?.[1];
  if (res.status !== 401 || !metadata)
    return {
      up: false,
      url,
      reason: `Expected 401 with a sign-in challenge, got ${res.status} (${await messageOf(res)}).`,
    };
  const described = await fetch(metadata, { credentials: 'omit' }).catch(() => null);
  const document: unknown = described?.ok ? await described.json().catch(() => null) : null;
  const servers: unknown =
    document && typeof document === 'object' ? Reflect.get(document, 'authorization_servers') : [];
  return {
    up: true,
    url,
    authorizationServers: Array.isArray(servers) ? servers.map(String) : [],
  };
}
