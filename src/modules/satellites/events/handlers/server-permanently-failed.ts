import { Type } from '@sinclair/typebox';
import { processRecord, processEventScope } from '../process-ref.js';
import { Count, Data, ProcessId, processFields } from '../schemas.js';
import { defineHandler } from '../types.js';

/**
 * The satellite gave up restarting a process (its 4th crash within 5 minutes). The process and
 * the member's instance become `permanently_failed`; entering that status notifies the team
 * (apply.ts). A later `mcp.server.status_changed` (e.g. `online`) still sets the status.
 */
export const serverPermanentlyFailed = defineHandler({
  type: 'mcp.server.permanently_failed',
  schema: Data({
    ...processFields,
    process_id: Type.Optional(ProcessId),
    total_crashes: Type.Optional(Count),
    last_error: Type.Optional(Type.String({ maxLength: 2000 })),
    failed_at: Type.Optional(Type.String({ format: 'date-time' })),
  }),
  ...processEventScope,
  plan(data, { index, satellite, installation, timestamp, clock, userInstance }, writes) {
    const process = processRecord(data.process_id, userInstance);
    const crashes = data.total_crashes === undefined ? '' : ` after ${data.total_crashes} crashes`;
    const message = `The satellite stopped restarting it${crashes}${data.last_error ? `; last: ${data.last_error}` : ''}`;
    writes.upsertProcess(satellite.satelliteId, process.processId, {
      installationId: installation.id,
      teamId: installation.teamId,
      status: 'permanently_failed',
      pid: null,
      crashCount: data.total_crashes ?? null,
      willRestart: false,
      errorDetails: message,
      updatedAt: clock(),
    });
    if (userInstance)
      writes.setInstanceStatus({
        index,
        instanceId: userInstance,
        installation,
        status: 'permanently_failed',
        message,
        at: data.failed_at ? new Date(data.failed_at) : timestamp,
        required: true,
      });
    return process.processId;
  },
});
