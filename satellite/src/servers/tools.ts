// Listing a server's tools and reporting them (`mcp.tools.discovered`).
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
