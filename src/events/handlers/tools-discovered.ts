import { Type } from '@sinclair/typebox';
import { Data, Text } from '../schemas.js';
import { defineHandler, EventError } from '../types.js';

const Tool = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    description: Type.Optional(Type.String({ maxLength: 20_000 })),
    input_schema: Type.Optional(Type.Unknown()),
    token_count: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: true },
);

export const toolsDiscovered = defineHandler({
  type: 'mcp.tools.discovered',
  schema: Data({
    installation_id: Text,
    team_id: Text,
    server_slug: Text,
    tool_count: Type.Integer({ minimum: 0 }),
    total_tokens: Type.Integer({ minimum: 0 }),
    tools: Type.Array(Tool, { maxItems: 2000 }),
  }),
  installationOf: (data) => ({ installationId: data.installation_id, teamId: data.team_id }),
  plan(data, { installation }, writes) {
    const names = new Set(data.tools.map((t) => t.name));
    if (names.size !== data.tools.length) throw new EventError('tools names a tool twice');
    // The reported set replaces what was known before.
    writes.replaceTools(installation.id, {
      installation,
      toolCount: data.tool_count,
      totalTokens: data.total_tokens,
      tools: data.tools.map((t) => ({
        installationId: installation.id,
        toolName: t.name,
        description: t.description ?? null,
        inputSchema: t.input_schema ?? null,
        tokenCount: t.token_count ?? 0,
      })),
    });
    return installation.id;
  },
});
