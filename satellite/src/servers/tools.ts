// Listing a server's tools and reporting them (`mcp.tools.discovered`, `mcp.tools.updated`).
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ToolListChangedNotificationSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ServerEntry } from '../../../protocol/satellite.js';
import type { EventSink } from '../parts.js';
import { teamOf } from './fields.js';

/** Every page of `tools/list`; a server without tools answers with none. */
export async function listAllTools(client: Client): Promise<Tool[]> {
  if (client.getServerCapabilities()?.tools === undefined) return [];
  const tools: Tool[] = [];
  let cursor: string | undefined;
  // A bound on pages guards against a server that hands out cursors forever.
  for (let page = 0; page < 100; page += 1) {
    const answer = await client.listTools(cursor === undefined ? undefined : { cursor });
    tools.push(...answer.tools);
    cursor = answer.nextCursor;
    if (cursor === undefined) break;
  }
  return tools;
}

/** Calls `onChanged` when the server says its tools changed (`notifications/tools/list_changed`). */
export function onToolsChanged(client: Client, onChanged: () => void): void {
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => onChanged());
}

/** A rough token count, as the DeployStack satellite estimates it: a quarter of the JSON's length. */
const tokensOf = (value: unknown) => Math.ceil(JSON.stringify(value ?? null).length / 4);

export function reportTools(
  events: EventSink,
  key: string,
  entry: ServerEntry,
  tools: Tool[],
): void {
  const described = tools.map((tool) => ({
    tool_name: tool.name,
    description: tool.description ?? '',
    input_schema: tool.inputSchema,
    token_count: tokensOf(tool),
  }));
  events.emit('mcp.tools.discovered', {
    installation_id: entry.installation_id ?? key,
    installation_name: key,
    team_id: teamOf(entry),
    server_slug: entry.server_slug ?? key,
    tool_count: tools.length,
    total_tokens: described.reduce((sum, tool) => sum + tool.token_count, 0),
    tools: described,
    discovered_at: new Date().toISOString(),
  });
}

/** The tool names a new listing added and removed, each in the server's order. */
export function toolChanges(
  before: readonly Tool[],
  after: readonly Tool[],
): { added: string[]; removed: string[] } {
  const old = new Set(before.map((tool) => tool.name));
  const now = new Set(after.map((tool) => tool.name));
  return {
    added: [...now].filter((name) => !old.has(name)),
    removed: [...old].filter((name) => !now.has(name)),
  };
}

/**
 * `mcp.tools.updated` when a server's tools changed by name since they were last listed. A first
 * listing (`before` null) or one that changed only descriptions or schemas reports nothing here:
 * the `mcp.tools.discovered` that goes with every listing carries those.
 */
export function reportToolChanges(
  events: EventSink,
  key: string,
  entry: ServerEntry,
  before: readonly Tool[] | null,
  after: readonly Tool[],
): void {
  if (before === null) return;
  const { added, removed } = toolChanges(before, after);
  if (added.length === 0 && removed.length === 0) return;
  events.emit('mcp.tools.updated', {
    server_id: entry.installation_id ?? key,
    server_slug: entry.server_slug ?? key,
    team_id: teamOf(entry),
    added_tools: added,
    removed_tools: removed,
    total_tools: after.length,
  });
}

/**
 * Reports a listing of a server's tools: always `mcp.tools.discovered`, and `mcp.tools.updated`
 * after it when names were added or removed since `before` (the list the upstream held until
 * now, null if none). An upstream calls it wherever it lists tools: after connecting, on the
 * server's `notifications/tools/list_changed`, and after a redeploy.
 */
export function reportListing(
  events: EventSink,
  key: string,
  entry: ServerEntry,
  before: readonly Tool[] | null,
  after: Tool[],
): void {
  reportTools(events, key, entry, after);
  reportToolChanges(events, key, entry, before, after);
}
