import { Type } from '@sinclair/typebox';
import { processEventScope, writeProcess } from '../process-ref.js';
import { Count, Data, ProcessId, processFields } from '../schemas.js';
import { defineHandler } from '../types.js';

/**
 * The satellite stopped an idle process to save resources; it starts it again on the next
 * request. The process record says `dormant` and has no pid until then.
 */
export const serverDormant = defineHandler({
  type: 'mcp.server.dormant',
  schema: Data({
    ...processFields,
    process_id: Type.Optional(ProcessId),
    idle_duration_seconds: Type.Optional(Count),
    last_activity_at: Type.Optional(Type.String({ format: 'date-time' })),
  }),
  ...processEventScope,
  plan(data, context, writes) {
    return writeProcess(context, writes, data.process_id, () => ({ status: 'dormant', pid: null }));
  },
});
