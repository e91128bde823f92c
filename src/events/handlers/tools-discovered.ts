import { eq } from 'drizzle-orm';
import { Type } from '@sinclair/typebox';
import { mcpServerInstallations, mcpToolMetadata } from '../../db/schema/index.js';
import { Data, Text } from '../schemas.js';
import { servedInstallation } from '../scope.js';
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
  async handle(data, { tx, satellite, installations }) {
    const installation = await servedInstallation(
      tx,
      satellite,
      data.installation_id,
      data.team_id,
      installations,
    );
    const names = new Set(data.tools.map((t) => t.name));
    if (names.size !== data.tools.length) throw new EventError('tools names a tool twice');
    // The reported set replaces what was known before.
    await tx.delete(mcpToolMetadata).where(eq(mcpToolMetadata.installationId, installation.id));
    if (data.tools.length > 0) {
      await tx.insert(mcpToolMetadata).values(
        data.tools.map((t) => ({
          installationId: installation.id,
          toolName: t.name,
          description: t.description ?? null,
          inputSchema: t.input_schema ?? null,
          tokenCount: t.token_count ?? 0,
        })),
      );
    }
    await tx
      .update(mcpServerInstallations)
      .set({ toolCount: data.tool_count, totalTokens: data.total_tokens, updatedAt: new Date() })
      .where(eq(mcpServerInstallations.id, installation.id));
    return installation.id;
  },
});
