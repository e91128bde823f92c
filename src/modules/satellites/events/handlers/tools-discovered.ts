import { Type } from '@sinclair/typebox';
import { installationIdOf, sameInstallation } from '../process-ref.js';
import { Data, Text } from '../schemas.js';
import { defineHandler, EventError } from '../types.js';

const ToolName = Type.String({ minLength: 1, maxLength: 200 });

// The spec's form names a tool `name`; the DeployStack satellite's `tool_name`. Either will do.
const Tool = Type.Object(
  {
    name: Type.Optional(ToolName),
    tool_name: Type.Optional(ToolName),
    description: Type.Optional(Type.String({ maxLength: 20_000 })),
    input_schema: Type.Optional(Type.Unknown()),
    token_count: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: true, anyOf: [{ required: ['name'] }, { required: ['tool_name'] }] },
);

export const toolsDiscovered = defineHandler({
  type: 'mcp.tools.discovered',
  schema: Data({
    installation_id: Text,
    /** The configuration's map key (DeployStack satellite). */
    installation_name: Type.Optional(Text),
    team_id: Text,
    server_slug: Text,
    tool_count: Type.Integer({ minimum: 0 }),
    total_tokens: Type.Integer({ minimum: 0 }),
    tools: Type.Array(Tool, { maxItems: 2000 }),
  }),
  installationOf(data) {
    const installationId = installationIdOf(data.installation_id);
    sameInstallation(data.installation_name, installationId);
    return { installationId, teamId: data.team_id };
  },
  rows: (data) => Math.max(1, data.tools.length),
  plan(data, { installation }, writes) {
    const tools = data.tools.map((t) => ({ ...t, name: (t.tool_name ?? t.name)! }));
    const names = new Set(tools.map((t) => t.name));
    if (names.size !== tools.length) throw new EventError('tools names a tool twice');
    // The reported set replaces what was known before.
    writes.replaceTools(installation.id, {
      installation,
      toolCount: data.tool_count,
      totalTokens: data.total_tokens,
      tools: tools.map((t) => ({
        installationId: installation.id,
        toolName: t.name,
        // The satellite sends "" for a tool without a description.
        description: t.description || null,
        inputSchema: t.input_schema ?? null,
        tokenCount: t.token_count ?? 0,
      })),
    });
    return installation.id;
  },
});
