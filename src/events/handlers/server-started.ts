import { Type } from '@sinclair/typebox';
import { Data, Text } from '../schemas.js';
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
  installationOf: (data) => ({ installationId: data.server_id, teamId: data.team_id }),
  plan(data, { satellite, installation, timestamp, clock }, writes) {
    writes.upsertProcess(satellite.satelliteId, data.process_id, {
      installationId: installation.id,
      teamId: installation.teamId,
      status: 'running',
      startedAt: timestamp,
      pid: data.pid ?? null,
      transport: data.transport,
      toolCount: Math.round(data.tool_count),
      spawnDurationMs: data.spawn_duration_ms,
      // A fresh start leaves the last crash behind.
      exitCode: null,
      signal: null,
      errorDetails: null,
      updatedAt: clock(),
    });
    return data.process_id;
  },
});
