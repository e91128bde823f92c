// Discovery mode: instead of every tool of every upstream (whose definitions can fill much of a
// model's context), the client sees three meta-tools to search, describe and call them.
// Chosen per connection with `?mode=discovery` or the header `X-Groundstation-Tools: discovery`.
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Routed } from './catalog.js';

export const SEARCH_TOOLS = 'search_tools';
export const DESCRIBE_TOOL = 'describe_tool';
export const CALL_TOOL = 'call_tool';

const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 50;

export const DISCOVERY_INSTRUCTIONS =
  `Tools are found on demand: ${SEARCH_TOOLS} finds them by keywords, ${DESCRIBE_TOOL} gives ` +
  `one's input schema, and ${CALL_TOOL} calls it by name.`;

export const DISCOVERY_TOOLS: Tool[] = [
  {
    name: SEARCH_TOOLS,
    description:
      'Searches the available tools by keywords in their names and descriptions; returns the ' +
      'best matches (name and description). Use describe_tool before calling one.',
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'Keywords, e.g. "read file" or "create issue".' },
        limit: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT },
      },
      required: ['query'],
    },
    annotations: { readOnlyHint: true },
  },
  {
    name: DESCRIBE_TOOL,
    description: "Gives a tool's full definition, including the JSON schema of its arguments.",
    inputSchema: {
      type: 'object',
      properties: { name: { type: 'string', description: 'A name search_tools returned.' } },
      required: ['name'],
    },
    annotations: { readOnlyHint: true },
  },
  {
    name: CALL_TOOL,
    description: 'Calls a tool by name with arguments that match its input schema.',
    inputSchema: {
      type: 'object',
      properties: {
        name: { type: 'string', description: 'A name search_tools returned.' },
        arguments: { type: 'object', description: "The tool's arguments." },
      },
      required: ['name'],
    },
  },
];

export function isDiscoveryTool(name: string): boolean {
  return name === SEARCH_TOOLS || name === DESCRIBE_TOOL || name === CALL_TOOL;
}

function terms(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * How well a tool matches: a term that is a whole word of the name counts most, one inside the
 * name less, one in the description least. Simple and predictable beats clever here.
 */
function score(route: Routed<Tool>, wanted: string[]): number {
  const name = route.exposed.toLowerCase();
  const nameWords = new Set(terms(route.exposed));
  const description = (route.item.description ?? '').toLowerCase();
  const title = (route.item.title ?? '').toLowerCase();
  let total = 0;
  for (const term of wanted) {
    if (nameWords.has(term)) total += 5;
    else if (name.includes(term)) total += 3;
    if (title.includes(term)) total += 2;
    if (description.includes(term)) total += 1;
  }
  return total;
}

export function searchTools(
  routes: readonly Routed<Tool>[],
  query: string,
  limit = DEFAULT_LIMIT,
): Array<{ name: string; description?: string }> {
  const wanted = terms(query);
  const count = Math.min(Math.max(1, Math.floor(limit)), MAX_LIMIT);
  const ranked = routes
    .map((route, index) => ({ route, index, score: wanted.length ? score(route, wanted) : 1 }))
    .filter((candidate) => candidate.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index);
  return ranked.slice(0, count).map(({ route }) => ({
    name: route.exposed,
    ...(route.item.description === undefined ? {} : { description: route.item.description }),
  }));
}

export function jsonResult(value: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value };
}

export function errorResult(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}
