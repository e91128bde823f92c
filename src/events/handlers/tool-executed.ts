import { Type } from '@sinclair/typebox';
import { satelliteUsageLogs } from '../../db/schema/index.js';
import { newId } from '../../lib/ids.js';
import { Data, Text } from '../schemas.js';
import { servedInstallation } from '../scope.js';
import { defineHandler } from '../types.js';

export const toolExecuted = defineHandler({
  type: 'mcp.tool.executed',
  schema: Data({
    tool_name: Text,
    server_id: Text,
    team_id: Text,
    duration_ms: Type.Number({ minimum: 0 }),
    success: Type.Boolean(),
    error_message: Type.Optional(Type.String({ maxLength: 10_000 })),
    user_id: Type.Optional(Text),
  }),
  async handle(data, { tx, satellite, timestamp, installations }) {
    const installation = await servedInstallation(
      tx,
      satellite,
      data.server_id,
      data.team_id,
      installations,
    );
    const id = newId('use');
    await tx.insert(satelliteUsageLogs).values({
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
    });
    return id;
  },
});
