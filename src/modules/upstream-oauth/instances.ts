import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  mcpServerInstallations,
  mcpServerInstances,
  mcpServers,
  upstreamOauthTokens,
} from '../../db/schema/index.js';
import type { PendingWorkRecorder } from '../installations/pending-work.js';

/** The status message of an instance that waits for its member to sign in. */
export const SIGN_IN_NEEDED = 'Sign in to this server (OAuth) to use it';

function ofServer(serverId: string) {
  return inArray(
    mcpServerInstances.installationId,
    sql`(SELECT ${mcpServerInstallations.id} FROM ${mcpServerInstallations} WHERE ${mcpServerInstallations.serverId} = ${serverId})`,
  );
}

/**
 * Keeps each member instance of a server in step with its OAuth requirement: with it, the
 * instances of members who have not signed in wait (`awaiting_user_config`, left out of the
 * satellites' configuration); without it, the instances that waited only for that are released.
 * Every installation of the server gets pending work, so satellites fetch their configuration.
 */
export function createRequirementKeeper(deps: { pendingWork: PendingWorkRecorder }) {
  return {
    async changed(serverId: string, requiresOauth: boolean, tx: Executor) {
      const now = new Date();
      if (requiresOauth) {
        await tx
          .update(mcpServerInstances)
          .set({
            status: 'awaiting_user_config',
            statusMessage: SIGN_IN_NEEDED,
            statusUpdatedAt: now,
          })
          .where(
            and(
              ofServer(serverId),
              ne(mcpServerInstances.status, 'awaiting_user_config'),
              // Members who have signed in keep running.
              sql`${mcpServerInstances.id} NOT IN (SELECT ${upstreamOauthTokens.instanceId} FROM ${upstreamOauthTokens})`,
            ),
          );
      } else {
        await tx
          .update(mcpServerInstances)
          .set({ status: 'provisioning', statusMessage: null, statusUpdatedAt: now })
          .where(
            and(
              ofServer(serverId),
              eq(mcpServerInstances.status, 'awaiting_user_config'),
              eq(mcpServerInstances.statusMessage, SIGN_IN_NEEDED),
            ),
          );
      }
      const installations = await tx
        .select({ id: mcpServerInstallations.id, teamId: mcpServerInstallations.teamId })
        .from(mcpServerInstallations)
        .where(eq(mcpServerInstallations.serverId, serverId));
      for (const installation of installations) {
        await deps.pendingWork.record(
          {
            kind: 'installation.updated',
            teamId: installation.teamId,
            installationId: installation.id,
          },
          tx,
        );
      }
    },

    /** Marks a server found to want OAuth, unless its URL changed or it is marked already. */
    async detected(server: { id: string; url: string | null }, tx: Executor) {
      if (!server.url) return false;
      const [row] = await tx
        .update(mcpServers)
        .set({ requiresOauth: true, updatedAt: new Date() })
        .where(
          and(
            eq(mcpServers.id, server.id),
            eq(mcpServers.url, server.url),
            eq(mcpServers.requiresOauth, false),
          ),
        )
        .returning({ id: mcpServers.id });
      if (!row) return false;
      await this.changed(server.id, true, tx);
      return true;
    },
  };
}

export type RequirementKeeper = ReturnType<typeof createRequirementKeeper>;
