import { Type } from '@sinclair/typebox';
import { processRecord, processEventScope } from '../process-ref.js';
import { Data, ProcessId, Text } from '../schemas.js';
import { defineHandler } from '../types.js';

export const serverStarted = defineHandler({
  type: 'mcp.server.started',
  schema: Data({
    process_id: ProcessId,
    server_id: Text,
    server_slug: Text,
    team_id: Text,
    user_id: Type.Optional(Text),
    transport: Text,
    tool_count: Type.Number({ minimum: 0 }),
    spawn_duration_ms: Type.Number({ minimum: 0 }),
    pid: Type.Optional(Type.Integer({ minimum: 0 })),
  }),
  // The member's instance is the process record when process_id is an OS pid.
  ...processEventScope,
  plan(data, { satellite, installation, timestamp, clock, userInstance }, writes) {
    const process = processRecord(data.process_id, userInstance);
    writes.upsertProcess(satellite.satelliteId, process.processId, {
      installationId: installation.id,
      teamId: installation.teamId,
      status: 'running',
      startedAt: timestamp,
      pid: data.pid ?? process.pid,
      transport: data.transport,
      toolCount: Math.round(data.tool_count),
      spawnDurationMs: data.spawn_duration_ms,
      // A fresh start leaves the last crash behind.
      exitCode: null,
      signal: null,
      errorDetails: null,
      updatedAt: clock(),
    });
    return process.processId;
  },
});
