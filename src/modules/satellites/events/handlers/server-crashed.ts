import { Type } from '@sinclair/typebox';
import { satelliteProcessCrashes } from '../../../../db/schema/index.js';
import { newOrderedId } from '../../../../lib/ids.js';
import { processRecord, processEventScope } from '../process-ref.js';
import { Data, ProcessId, Text } from '../schemas.js';
import { defineHandler } from '../types.js';

export const serverCrashed = defineHandler({
  type: 'mcp.server.crashed',
  schema: Data({
    process_id: ProcessId,
    server_id: Text,
    server_slug: Text,
    team_id: Text,
    user_id: Type.Optional(Text),
    exit_code: Type.Union([Type.Integer(), Type.Null()]),
    signal: Type.Union([Text, Type.Null()]),
    uptime_seconds: Type.Number({ minimum: 0 }),
    crash_count: Type.Integer({ minimum: 0 }),
    will_restart: Type.Boolean(),
  }),
  ...processEventScope,
  plan(data, { index, satellite, installation, timestamp, clock, userInstance }, writes) {
    const process = processRecord(data.process_id, userInstance);
    // The DeployStack satellite says "none" where the spec has null.
    const signal = data.signal === 'none' ? null : data.signal;
    const details = `exited with ${data.exit_code ?? 'no code'}${signal ? ` (${signal})` : ''} after ${data.uptime_seconds}s`;
    writes.upsertProcess(satellite.satelliteId, process.processId, {
      installationId: installation.id,
      teamId: installation.teamId,
      status: 'failed',
      exitCode: data.exit_code,
      signal,
      uptimeSeconds: data.uptime_seconds,
      crashCount: data.crash_count,
      willRestart: data.will_restart,
      errorDetails: details,
      updatedAt: clock(),
    });
    writes.insert(satelliteProcessCrashes, [
      {
        id: newOrderedId('crash'),
        satelliteId: satellite.satelliteId,
        processId: process.processId,
        crashedAt: timestamp,
      },
    ]);
    // Three crashes within five minutes make the instance permanently_failed (see apply.ts).
    writes.checkCrash({
      index,
      satelliteId: satellite.satelliteId,
      processId: process.processId,
      installation,
      at: timestamp,
      details,
    });
    return process.processId;
  },
});
