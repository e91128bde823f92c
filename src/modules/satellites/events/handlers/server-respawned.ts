import { processEventScope, writeProcess } from '../process-ref.js';
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
  plan(data, context, writes) {
    return writeProcess(context, writes, data.process_id, (pid) => ({
      status: 'running',
      startedAt: context.timestamp,
      pid,
      errorDetails: null,
    }));
  },
});
