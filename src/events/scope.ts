import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { mcpServerInstallations } from '../db/schema/index.js';
import type { SatelliteActor } from '../http/auth/types.js';
import { EventError } from './errors.js';

const columns = {
  id: mcpServerInstallations.id,
  teamId: mcpServerInstallations.teamId,
  satelliteId: mcpServerInstallations.satelliteId,
  settings: mcpServerInstallations.settings,
};

export interface InstallationScope {
  id: string;
  teamId: string;
  satelliteId: string | null;
  settings: { request_logging_enabled: boolean };
}

/** Installations looked up for one batch; a null entry means "does not exist". */
export type InstallationCache = Map<string, InstallationScope | null>;

/** Reads every installation a batch names in one query, before any event is applied. */
export async function prefetchInstallations(tx: Executor, ids: string[], cache: InstallationCache) {
  if (ids.length === 0) return;
  const rows = await tx
    .select(columns)
    .from(mcpServerInstallations)
    .where(inArray(mcpServerInstallations.id, ids));
  for (const id of ids) cache.set(id, null);
  for (const row of rows) cache.set(row.id, row);
}

/**
 * The installation an event names, if this satellite may write to it: it must belong to the
 * event's team, a team satellite serves only its own team, and an installation assigned to a
 * satellite is served by that one only.
 */
export function checkServed(
  row: InstallationScope | null | undefined,
  satellite: SatelliteActor,
  installationId: string,
  teamId: string,
): InstallationScope {
  if (!row || row.teamId !== teamId) {
    throw new EventError(`installation ${installationId} does not exist in team ${teamId}`);
  }
  if (satellite.satelliteType === 'team' && satellite.teamId !== row.teamId) {
    throw new EventError(
      `installation ${installationId} belongs to a team this satellite does not serve`,
    );
  }
  if (row.satelliteId && row.satelliteId !== satellite.satelliteId) {
    throw new EventError(`installation ${installationId} is assigned to another satellite`);
  }
  return row;
}

export async function servedInstallation(
  tx: Executor,
  satellite: SatelliteActor,
  installationId: string,
  teamId: string,
  cache: InstallationCache,
): Promise<InstallationScope> {
  if (!cache.has(installationId)) {
    const [row] = await tx
      .select(columns)
      .from(mcpServerInstallations)
      .where(eq(mcpServerInstallations.id, installationId));
    cache.set(installationId, row ?? null);
  }
  return checkServed(cache.get(installationId), satellite, installationId, teamId);
}
