import { Type } from '@sinclair/typebox';
import { satelliteProcessCrashes } from '../../db/schema/index.js';
import { newId } from '../../lib/ids.js';
import { Data, Text } from '../schemas.js';
import { defineHandler } from '../types.js';

export const serverCrashed = defineHandler({
  type: 'mcp.server.crashed',
  schema: Data({
    process_id: Text,
    server_id: Text,
    server_slug: Text,
    team_id: Text,
    exit_code: Type.Union([Type.Integer(), Type.Null()]),
    signal: Type.Union([Text, Type.Null()]),
    uptime_seconds: Type.Number({ minimum: 0 }),
    crash_count: Type.Integer({ minimum: 0 }),
    will_restart: Type.Boolean(),
  }),
  installationOf: (data) => ({ installationId: data.server_id, teamId: data.team_id }),
  plan(data, { index, satellite, installation, timestamp, clock }, writes) {
    const details = `exited with ${data.exit_code ?? 'no code'}${data.signal ? ` (${data.signal})` : ''} after ${data.uptime_seconds}s`;
    writes.upsertProcess(satellite.satelliteId, data.process_id, {
      installationId: installation.id,
      teamId: installation.teamId,
      status: 'failed',
      exitCode: data.exit_code,
      signal: data.signal,
      uptimeSeconds: data.uptime_seconds,
      crashCount: data.crash_count,
      willRestart: data.will_restart,
      errorDetails: details,
      updatedAt: clock(),
    });
    writes.insert(satelliteProcessCrashes, [
      {
        id: newId('crash'),
        satelliteId: satellite.satelliteId,
        processId: data.process_id,
        crashedAt: timestamp,
      },
    ]);
    // Three crashes within five minutes make the instance permanently_failed (see apply.ts).
    writes.checkCrash({
      index,
      satelliteId: satellite.satelliteId,
      processId: data.process_id,
      installation,
      at: timestamp,
      details,
    });
    return data.process_id;
  },
});
