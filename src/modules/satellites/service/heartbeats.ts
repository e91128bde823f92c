import type { Executor } from '../../../db/client.js';
import type { SatelliteActor } from '../../../http/auth/types.js';
import { streamTopics } from '../../../http/stream/signals.js';
import { newOrderedId } from '../../../lib/ids.js';
import type { AuditRequest } from '../../audit/context.js';
import { audit } from '../../audit/writer.js';
import { satelliteNotification } from '../../notifications/kinds.js';
import { notify } from '../../notifications/writer.js';
import type { CommandQueue } from '../commands.js';
import { readHeartbeat, type ReportedStatus } from '../heartbeat.js';
import type { SatelliteRow } from '../repository.js';
import type { SatelliteNameRow } from '../repository/satellite-records.js';
import type { SatelliteServiceDeps } from './deps.js';

export const HEARTBEAT_INTERVAL_SECONDS = 30;

type LivenessDeps = Pick<SatelliteServiceDeps, 'db' | 'repository' | 'clock' | 'signals'> & {
  /** Turns pending work into commands, in the heartbeat's transaction (commands.ts). */
  materializeCommands: CommandQueue['materialize'];
};

/** Whether satellites are alive: their heartbeats, and marking the silent ones offline. */
export interface SatelliteLiveness {
  /** Records a heartbeat of either shape (heartbeat.ts); never refuses what passed the schema. */
  heartbeat(
    actor: SatelliteActor,
    input: Record<string, unknown> & { status: ReportedStatus },
    request: AuditRequest,
  ): Promise<{ next_heartbeat_seconds: number; pending_commands: number }>;
  /** Marks satellites offline after three missed heartbeats; returns those it changed. */
  markStaleOffline(): Promise<SatelliteNameRow[]>;
}

/**
 * Tells the teams a satellite works for that it went offline or came back: a team
 * satellite's own team, or the teams whose installations are assigned to a global one.
 */
async function notifyTeams(
  deps: LivenessDeps,
  satellite: { id: string; name: string; teamId: string | null },
  status: 'offline' | 'online',
  tx: Executor,
) {
  const teamIds = satellite.teamId
    ? [satellite.teamId]
    : await deps.repository.teamsAssignedTo(satellite.id, tx);
  await notify(
    tx,
    teamIds.map((teamId) => satelliteNotification(teamId, satellite, status)),
  );
}

/**
 * A satellite URL a heartbeat reports. It never moves the satellite's URL, which is the audience
 * its MCP clients' tokens must name (introspection): a satellite that could move it could claim
 * the audience of another satellite's tokens. Only a satellite paired without a URL takes the
 * first one a heartbeat reports, once, and that is audited. Another URL than the stored one is
 * answered like any heartbeat and returned, to be kept with the satellite's latest state
 * (`reported_satellite_url`); it is logged once per new value, since it repeats every 30 s.
 */
async function settleReportedUrl(
  deps: LivenessDeps,
  before: SatelliteRow | null,
  reported: string | null,
  request: AuditRequest,
  tx: Executor,
): Promise<string | null> {
  if (!before || reported === null || reported === before.satelliteUrl) return null;
  if (before.satelliteUrl === null && (await deps.repository.claimUrl(before.id, reported, tx))) {
    await audit(tx, {
      action: 'satellite.url_changed',
      request,
      teamId: before.teamId,
      target: { type: 'satellite', id: before.id },
      details: { satellite_url: reported, previous_satellite_url: null, by: 'first_heartbeat' },
    });
    return null;
  }
  if (before.lastState.reported_satellite_url !== reported) {
    request?.log.warn(
      { satelliteId: before.id, reportedUrl: reported, satelliteUrl: before.satelliteUrl },
      'a heartbeat reported another satellite_url: the stored one stays (administrators change it)',
    );
  }
  return reported;
}

async function heartbeat(
  deps: LivenessDeps,
  actor: SatelliteActor,
  input: Record<string, unknown> & { status: ReportedStatus },
  request: AuditRequest,
) {
  const { repository } = deps;
  const now = deps.clock();
  const reading = readHeartbeat(input, request?.headers['user-agent']);
  const state = {
    reported_status: reading.reportedStatus,
    uptime_seconds: reading.uptimeSeconds,
    processes: reading.processes,
    system: reading.system,
    error_count: reading.errorCount,
    ...reading.extras,
  };
  await deps.db.orm.transaction(async (tx) => {
    const before = await repository.find(actor.satelliteId, tx);
    if (before?.status === 'offline') await notifyTeams(deps, before, 'online', tx);
    const otherUrl = await settleReportedUrl(deps, before, reading.satelliteUrl, request, tx);
    await repository.update(
      actor.satelliteId,
      {
        status: 'online',
        lastHeartbeatAt: now,
        ...(reading.version ? { version: reading.version } : {}),
        lastState: otherUrl ? { ...state, reported_satellite_url: otherUrl } : state,
      },
      tx,
    );
    await repository.insertHeartbeat(
      {
        id: newOrderedId('hb'),
        satelliteId: actor.satelliteId,
        status: reading.health,
        cpuPercent: reading.system.cpu_percent ?? null,
        memoryPercent: reading.system.memory_percent ?? null,
        processCount: reading.processCount,
        metrics: state,
        createdAt: now,
      },
      tx,
    );
    await deps.materializeCommands(tx);
  });
  deps.signals?.publish([streamTopics.metrics(actor.satelliteId)]);
  return {
    next_heartbeat_seconds: HEARTBEAT_INTERVAL_SECONDS,
    pending_commands: await repository.countPending(actor.satelliteId, now),
  };
}

function markStaleOffline(deps: LivenessDeps) {
  return deps.db.orm.transaction(async (tx) => {
    const cutoff = new Date(deps.clock().getTime() - 3 * HEARTBEAT_INTERVAL_SECONDS * 1000);
    const changed = await deps.repository.markStaleOffline(cutoff, tx);
    for (const satellite of changed) await notifyTeams(deps, satellite, 'offline', tx);
    return changed;
  });
}

export function satelliteLiveness(deps: LivenessDeps): SatelliteLiveness {
  return {
    heartbeat: (actor, input, request) => heartbeat(deps, actor, input, request),
    markStaleOffline: () => markStaleOffline(deps),
  };
}
