import { and, eq, isNull, or } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { mcpServerInstallations, satellites } from '../../../db/schema/index.js';

/** An installation with what decides which satellites serve it. */
export interface AssignedInstallation {
  id: string;
  teamId: string;
  satelliteId: string | null;
}

/** Reading which satellites serve which installations and teams. */
export interface AssignmentReads {
  /** Teams with an installation assigned to this satellite. */
  teamsAssignedTo(satelliteId: string, tx?: Executor): Promise<string[]>;
  /** Satellites that serve an installation: the assigned one, or the team's and the global ones. */
  servingSatellites(
    installation: { teamId: string; satelliteId: string | null },
    tx?: Executor,
  ): Promise<Array<{ id: string }>>;
  /** An installation's team and assigned satellite, or null. */
  installationOf(id: string, tx?: Executor): Promise<AssignedInstallation | null>;
}

export function assignmentReads(db: Executor): AssignmentReads {
  return {
    async teamsAssignedTo(satelliteId, tx = db) {
      const rows = await tx
        .selectDistinct({ teamId: mcpServerInstallations.teamId })
        .from(mcpServerInstallations)
        .where(eq(mcpServerInstallations.satelliteId, satelliteId));
      return rows.map((r) => r.teamId);
    },
    async servingSatellites(installation, tx = db) {
      const where = installation.satelliteId
        ? eq(satellites.id, installation.satelliteId)
        : or(eq(satellites.teamId, installation.teamId), eq(satellites.type, 'global'));
      return tx
        .select({ id: satellites.id })
        .from(satellites)
        .where(and(where, isNull(satellites.disabledAt)));
    },
    async installationOf(id, tx = db) {
      const [row] = await tx
        .select({
          id: mcpServerInstallations.id,
          teamId: mcpServerInstallations.teamId,
          satelliteId: mcpServerInstallations.satelliteId,
        })
        .from(mcpServerInstallations)
        .where(eq(mcpServerInstallations.id, id));
      return row ?? null;
    },
  };
}
