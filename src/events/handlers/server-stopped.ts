import { Type } from '@sinclair/typebox';
import { processEventScope, writeProcess } from '../process-ref.js';
import { Data, ProcessId, Text } from '../schemas.js';
import { defineHandler } from '../types.js';

/** The satellite stopped a process on purpose (`reason`, e.g. uninstall); it has no pid now. */
export const serverStopped = defineHandler({
  type: 'mcp.server.stopped',
  schema: Data({
    server_id: Text,
    /** The configuration's map key. */
    server_name: Type.Optional(Text),
    server_slug: Type.Optional(Text),
    team_id: Text,
    user_id: Type.Optional(Text),
    process_id: Type.Optional(ProcessId),
    reason: Type.Optional(Type.String({ maxLength: 500 })),
  }),
  ...processEventScope,
  plan(data, context, writes) {
    return writeProcess(context, writes, data.process_id, () => ({ status: 'stopped', pid: null }));
  },
});
