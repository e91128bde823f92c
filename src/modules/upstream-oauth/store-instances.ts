import { and, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { mcpServerInstallations, mcpServerInstances, mcpServers } from '../../db/schema/index.js';
import type { Sealer } from './store-seal.js';

/** The instance of a member, with what the flow needs of its installation and server. */
const instanceColumns = {
  instanceId: mcpServerInstances.id,
  status: mcpServerInstances.status,
  statusMessage: mcpServerInstances.statusMessage,
  statusUpdatedAt: mcpServerInstances.statusUpdatedAt,
  userId: mcpServerInstances.userId,
  teamId: mcpServerInstallations.teamId,
  installationId: mcpServerInstallations.id,
  installationName: mcpServerInstallations.name,
  serverId: mcpServers.id,
  transport: mcpServers.transport,
  url: mcpServers.url,
  requiresOauth: mcpServers.requiresOauth,
  oauthClientId: mcpServers.oauthClientId,
  oauthClientSecret: mcpServers.oauthClientSecret,
};

function instances(tx: Executor) {
  return tx
    .select(instanceColumns)
    .from(mcpServerInstances)
    .innerJoin(
      mcpServerInstallations,
      eq(mcpServerInstallations.id, mcpServerInstances.installationId),
    )
    .innerJoin(mcpServers, eq(mcpServers.id, mcpServerInstallations.serverId));
}

/** The one instance `where` names, its server's client secret decrypted; null when none. */
async function instanceWhere(tx: Executor, sealer: Sealer, where: SQL | undefined) {
  const [row] = await instances(tx).where(where);
  return row ? { ...row, oauthClientSecret: sealer.open(row.oauthClientSecret) } : null;
}

export type MemberInstance = NonNullable<Awaited<ReturnType<typeof instanceWhere>>>;

/** Reads of members' instances, with their installation and server. */
export interface InstanceReads {
  /** A member's instance of a team's installation. */
  memberInstance(
    teamId: string,
    installationId: string,
    userId: string,
    tx?: Executor,
  ): Promise<MemberInstance | null>;
  /** The id of a member's instance of an installation, or null. */
  memberInstanceOf(installationId: string, userId: string, tx?: Executor): Promise<string | null>;
  /** An instance by its id, whoever's it is. */
  instanceById(instanceId: string, tx?: Executor): Promise<MemberInstance | null>;
}

export function instanceReads(db: Executor, sealer: Sealer): InstanceReads {
  return {
    memberInstance: (teamId, installationId, userId, tx = db) =>
      instanceWhere(
        tx,
        sealer,
        and(
          eq(mcpServerInstallations.teamId, teamId),
          eq(mcpServerInstances.installationId, installationId),
          eq(mcpServerInstances.userId, userId),
        ),
      ),
    async memberInstanceOf(installationId, userId, tx = db) {
      const [row] = await tx
        .select({ id: mcpServerInstances.id })
        .from(mcpServerInstances)
        .where(
          and(
            eq(mcpServerInstances.installationId, installationId),
            eq(mcpServerInstances.userId, userId),
          ),
        );
      return row?.id ?? null;
    },
    instanceById: (instanceId, tx = db) =>
      instanceWhere(tx, sealer, eq(mcpServerInstances.id, instanceId)),
  };
}
