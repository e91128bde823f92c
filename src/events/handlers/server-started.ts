import { Type } from '@sinclair/typebox';
import { satelliteProcesses } from '../../db/schema/index.js';
import { Data, Text } from '../schemas.js';
import { servedInstallation } from '../scope.js';
import { defineHandler } from '../types.js';

export const serverStarted = defineHandler({
  type: 'mcp.server.started',
  schema: Data({
    process_id: Text,
    server_id: Text,
    server_slug: Text,
    team_id: Text,
    transport: Text,
    tool_count: Type.Number({ minimum: 0 }),
    spawn_duration_ms: Type.Number({ minimum: 0 }),
    pid: Type.Optional(Type.Integer({ minimum: 0 })),
  }),
  async handle(data, { tx, satellite, timestamp, installations }) {
    const installation = await servedInstallation(
      tx,
      satellite,
      data.server_id,
      data.team_id,
      installations,
    );
    const values = {
      installationId: installation.id,
      teamId: installation.teamId,
      status: 'running',
      startedAt: timestamp,
      pid: data.pid ?? null,
      transport: data.transport,
      toolCount: Math.round(data.tool_count),
      spawnDurationMs: data.spawn_duration_ms,
      exitCode: null,
      signal: null,
      errorDetails: null,
      updatedAt: new Date(),
    };
    await tx
      .insert(satelliteProcesses)
      .values({ satelliteId: satellite.satelliteId, processId: data.process_id, ...values })
      .onConflictDoUpdate({
        target: [satelliteProcesses.satelliteId, satelliteProcesses.processId],
        set: values,
      });
    return data.process_id;
  },
});
