import { Type } from '@sinclair/typebox';
import { processEventScope, writeProcess } from '../process-ref.js';
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
  plan(data, context, writes) {
    return writeProcess(context, writes, data.new_process_id, (pid) => ({
      status: 'running',
      startedAt: context.timestamp,
      pid,
      crashCount: data.attempt_number ?? null,
      willRestart: null,
      exitCode: null,
      signal: null,
      errorDetails: null,
    }));
  },
});
