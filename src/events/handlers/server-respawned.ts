import { processRecord, processEventScope } from '../process-ref.js';
import { Count, Data, ProcessId, processFields } from '../schemas.js';
import { defineHandler } from '../types.js';
import { Type } from '@sinclair/typebox';

/** A dormant process was started again because a client needed it. */
export const serverRespawned = defineHandler({
  type: 'mcp.server.respawned',
  schema: Data({
    ...processFields,
    process_id: ProcessId,
    dormant_duration_seconds: Type.Optional(Type.Number({ minimum: 0 })),
    respawn_duration_ms: Type.Optional(Count),
  }),
  ...processEventScope,
  plan(data, { satellite, installation, timestamp, clock, userInstance }, writes) {
    const process = processRecord(data.process_id, userInstance);
    writes.upsertProcess(satellite.satelliteId, process.processId, {
      installationId: installation.id,
      teamId: installation.teamId,
      status: 'running',
      startedAt: timestamp,
      pid: process.pid,
      errorDetails: null,
      updatedAt: clock(),
    });
    return process.processId;
  },
});
