import { Type, type Static } from '@sinclair/typebox';
import { satelliteUsageLogs } from '../../db/schema/index.js';
import { newId } from '../../lib/ids.js';
import { Data, Text } from '../schemas.js';
import { checkServed } from '../scope.js';
import { defineRowHandler, type EventContext, type InsertRow } from '../types.js';

const schema = Data({
  tool_name: Text,
  server_id: Text,
  team_id: Text,
  duration_ms: Type.Number({ minimum: 0 }),
  success: Type.Boolean(),
  error_message: Type.Optional(Type.String({ maxLength: 10_000 })),
  user_id: Type.Optional(Text),
});

function toRow(
  data: Static<typeof schema>,
  { satellite, timestamp, installations }: Omit<EventContext, 'tx'>,
): InsertRow {
  const installation = checkServed(
    installations.get(data.server_id),
    satellite,
    data.server_id,
    data.team_id,
  );
  const id = newId('use');
  return {
    table: satelliteUsageLogs,
    id,
    values: {
      id,
      satelliteId: satellite.satelliteId,
      installationId: installation.id,
      teamId: installation.teamId,
      userId: data.user_id ?? null,
      toolName: data.tool_name,
      durationMs: data.duration_ms,
      success: data.success,
      // An error message belongs only to a failed execution.
      errorMessage: data.success ? null : (data.error_message ?? null),
      metrics: data as Record<string, unknown>,
      occurredAt: timestamp,
    },
  };
}

export const toolExecuted = defineRowHandler({
  type: 'mcp.tool.executed',
  schema,
  installationOf: (data) => ({ installationId: data.server_id, teamId: data.team_id }),
  toRows: (data, context) => [toRow(data, context)],
});
