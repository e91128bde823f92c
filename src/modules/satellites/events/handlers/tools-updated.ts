import { Type } from '@sinclair/typebox';
import { installationIdOf } from '../process-ref.js';
import { Count, Data, Text } from '../schemas.js';
import { defineHandler } from '../types.js';

const Names = Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 2000 });

/**
 * A re-discovery found tools added or removed. The installation's tool set changes by exactly
 * that (added tools are known by name until a full discovery describes them), its count becomes
 * `total_tools`, and the team hears of the change (apply-tools.ts).
 */
export const toolsUpdated = defineHandler({
  type: 'mcp.tools.updated',
  schema: Data({
    /** The installation id, or the map key where the entry had none. */
    server_id: Text,
    server_slug: Type.Optional(Text),
    team_id: Text,
    added_tools: Names,
    removed_tools: Names,
    total_tools: Type.Optional(Count),
  }),
  installationOf: (data) => ({
    installationId: installationIdOf(data.server_id),
    teamId: data.team_id,
  }),
  rows: (data) => Math.max(1, data.added_tools.length + data.removed_tools.length),
  plan(data, { installation }, writes) {
    writes.updateTools(installation.id, {
      installation,
      added: data.added_tools,
      removed: data.removed_tools,
      toolCount: data.total_tools ?? null,
    });
    return installation.id;
  },
});
