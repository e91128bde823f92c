import { Type, type Static } from '@sinclair/typebox';
import { mcpRequestLogs } from '../../db/schema/index.js';
import { newId } from '../../lib/ids.js';
import { Data, Text } from '../schemas.js';
import { checkServed } from '../scope.js';
import { defineRowHandler, type EventContext, type InsertRow } from '../types.js';

const schema = Data({
  installation_id: Text,
  team_id: Text,
  tool_name: Text,
  request_params: Type.Unknown(),
  duration_ms: Type.Number({ minimum: 0 }),
  success: Type.Boolean(),
  tool_response: Type.Optional(Type.Unknown()),
  error_message: Type.Optional(Type.String({ maxLength: 10_000 })),
  user_id: Type.Optional(Text),
});

function toRow(
  data: Static<typeof schema>,
  { satellite, timestamp, installations }: Omit<EventContext, 'tx'>,
): InsertRow {
  const installation = checkServed(
    installations.get(data.installation_id),
    satellite,
    data.installation_id,
    data.team_id,
  );
  const id = newId('req');
  return {
    table: mcpRequestLogs,
    id,
    values: {
      id,
      satelliteId: satellite.satelliteId,
      installationId: installation.id,
      teamId: installation.teamId,
      userId: data.user_id ?? null,
      toolName: data.tool_name,
      requestParams: data.request_params ?? null,
      // Responses may hold users' data: kept only where the team switched request logging on.
      toolResponse: installation.settings.request_logging_enabled
        ? (data.tool_response ?? null)
        : null,
      durationMs: data.duration_ms,
      success: data.success,
      errorMessage: data.success ? null : (data.error_message ?? null),
      occurredAt: timestamp,
    },
  };
}

export const requestLogs = defineRowHandler({
  type: 'mcp.request.logs',
  schema,
  installationOf: (data) => ({ installationId: data.installation_id, teamId: data.team_id }),
  toRows: (data, context) => [toRow(data, context)],
});
