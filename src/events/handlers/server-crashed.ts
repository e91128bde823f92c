import { and, count, eq, gte, lte } from 'drizzle-orm';
import { Type } from '@sinclair/typebox';
import {
  mcpServerInstances,
  satelliteProcessCrashes,
  satelliteProcesses,
} from '../../db/schema/index.js';
import { newId } from '../../lib/ids.js';
import { Data, Text } from '../schemas.js';
import { servedInstallation } from '../scope.js';
import { defineHandler } from '../types.js';

const WINDOW_MS = 5 * 60 * 1000;
const CRASH_LIMIT = 3;

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
  async handle(data, { tx, satellite, timestamp, installations }) {
    const installation = await servedInstallation(
      tx,
      satellite,
      data.server_id,
      data.team_id,
      installations,
    );
    const details = `exited with ${data.exit_code ?? 'no code'}${data.signal ? ` (${data.signal})` : ''} after ${data.uptime_seconds}s`;
    const values = {
      installationId: installation.id,
      teamId: installation.teamId,
      status: 'failed',
      exitCode: data.exit_code,
      signal: data.signal,
      uptimeSeconds: data.uptime_seconds,
      crashCount: data.crash_count,
      willRestart: data.will_restart,
      errorDetails: details,
      updatedAt: new Date(),
    };
    await tx
      .insert(satelliteProcesses)
      .values({ satelliteId: satellite.satelliteId, processId: data.process_id, ...values })
      .onConflictDoUpdate({
        target: [satelliteProcesses.satelliteId, satelliteProcesses.processId],
        set: values,
      });
    await tx.insert(satelliteProcessCrashes).values({
      id: newId('crash'),
      satelliteId: satellite.satelliteId,
      processId: data.process_id,
      crashedAt: timestamp,
    });
    // Counted by event time, so late or batched reports still see the real sequence.
    const [recent] = await tx
      .select({ n: count() })
      .from(satelliteProcessCrashes)
      .where(
        and(
          eq(satelliteProcessCrashes.satelliteId, satellite.satelliteId),
          eq(satelliteProcessCrashes.processId, data.process_id),
          gte(satelliteProcessCrashes.crashedAt, new Date(timestamp.getTime() - WINDOW_MS)),
          lte(satelliteProcessCrashes.crashedAt, timestamp),
        ),
      );
    if ((recent?.n ?? 0) >= CRASH_LIMIT) {
      // The configuration hands out the instance id as the process id.
      await tx
        .update(mcpServerInstances)
        .set({
          status: 'permanently_failed',
          statusMessage: `Crashed ${recent!.n} times within 5 minutes; last ${details}`,
          statusUpdatedAt: timestamp,
        })
        .where(
          and(
            eq(mcpServerInstances.id, data.process_id),
            eq(mcpServerInstances.installationId, installation.id),
          ),
        );
    }
    return data.process_id;
  },
});
