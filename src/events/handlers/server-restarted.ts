import { Type } from '@sinclair/typebox';
import { processRecord, processEventScope } from '../process-ref.js';
import { Count, Data, ProcessId, processFields } from '../schemas.js';
import { defineHandler } from '../types.js';

/** The satellite restarted a crashed process on its own: it runs again, under a new pid. */
export const serverRestarted = defineHandler({
  type: 'mcp.server.restarted',
  schema: Data({
    ...processFields,
    old_process_id: Type.Optional(ProcessId),
    new_process_id: ProcessId,
    restart_reason: Type.Optional(Type.String({ maxLength: 200 })),
    attempt_number: Type.Optional(Count),
  }),
  ...processEventScope,
  plan(data, { satellite, installation, timestamp, clock, userInstance }, writes) {
    const process = processRecord(data.new_process_id, userInstance);
    writes.upsertProcess(satellite.satelliteId, process.processId, {
      installationId: installation.id,
      teamId: installation.teamId,
      status: 'running',
      startedAt: timestamp,
      pid: process.pid,
      crashCount: data.attempt_number ?? null,
      willRestart: null,
      exitCode: null,
      signal: null,
      errorDetails: null,
      updatedAt: clock(),
    });
    return process.processId;
  },
});
