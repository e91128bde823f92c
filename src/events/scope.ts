import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { mcpServerInstallations } from '../db/schema/index.js';
import type { SatelliteActor } from '../http/auth/types.js';
import { EventError } from './types.js';

async function load(tx: Executor, installationId: string) {
  const [row] = await tx
    .select({
      id: mcpServerInstallations.id,
      teamId: mcpServerInstallations.teamId,
      satelliteId: mcpServerInstallations.satelliteId,
      settings: mcpServerInstallations.settings,
    })
    .from(mcpServerInstallations)
    .where(eq(mcpServerInstallations.id, installationId));
  return row ?? null;
}

export type InstallationScope = NonNullable<Awaited<ReturnType<typeof load>>>;

/**
 * The installation an event names, if this satellite may write to it: it must belong to the
 * event's team, a team satellite serves only its own team, and an installation assigned to a
 * satellite is served by that one only. Looked up once per batch (`cache`).
 */
export async function servedInstallation(
  tx: Executor,
  satellite: SatelliteActor,
  installationId: string,
  teamId: string,
  cache: Map<string, unknown>,
): Promise<InstallationScope> {
  let row = (cache.get(installationId) as InstallationScope | undefined) ?? null;
  if (!row) {
    row = await load(tx, installationId);
    if (row) cache.set(installationId, row);
  }
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
