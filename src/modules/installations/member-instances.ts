import type { Executor } from '../../db/client.js';
import type { ConfigSchema } from '../../db/schema/index.js';
import { NotFoundError } from '../../http/errors.js';
import { paginationOf, type Page } from '../../http/pagination.js';
import type { UserActor } from '../../http/auth/types.js';
import { newId } from '../../lib/ids.js';
import { teamRoleHas, type TeamRole } from '../roles/permissions.js';
import type { MembershipListener } from '../teams/service.js';
import { SIGN_IN_NEEDED } from '../upstream-oauth/instances.js';
import { emptyValues, missingRequired } from './config-values.js';
import type { InstallationServiceDeps } from './deps.js';
import { mustFind } from './lookups.js';
import type { InstanceStatus } from './schemas.js';
import { instanceView, type InstanceList, type InstanceView } from './views.js';

/**
 * A new instance waits for its member when personal required fields are empty, or when the
 * server wants each member to sign in with OAuth (docs/upstream-oauth.md).
 */
function initialStatus(
  server: { configSchema: ConfigSchema; requiresOauth: boolean },
  userValues: ReturnType<typeof emptyValues>,
): { status: InstanceStatus; statusMessage: string | null } {
  if (missingRequired(server.configSchema.user, userValues).length > 0)
    return { status: 'awaiting_user_config', statusMessage: null };
  if (server.requiresOauth)
    return { status: 'awaiting_user_config', statusMessage: SIGN_IN_NEEDED };
  return { status: 'provisioning', statusMessage: null };
}

/** Gives each of the members an instance of the installation, in its initial status. */
export async function createInstances(
  deps: Pick<InstallationServiceDeps, 'repository' | 'clock'>,
  installationId: string,
  teamId: string,
  server: { configSchema: ConfigSchema; requiresOauth: boolean },
  userIds: string[],
  tx: Executor,
) {
  const now = deps.clock();
  await deps.repository.insertInstances(
    userIds.map((userId) => ({
      id: newId('ins'),
      installationId,
      teamId,
      userId,
      ...initialStatus(server, emptyValues()),
      statusUpdatedAt: now,
      createdAt: now,
    })),
    tx,
  );
}

/** Each member's instance of each of the team's installations. */
export interface MemberInstances {
  /** Gives a joining member an instance of every installation; removes a leaving member's. */
  membershipListener: MembershipListener;
  /** Administrators see every member's instance; members see their own. */
  instances(
    teamId: string,
    installationId: string,
    actor: UserActor,
    teamRole: TeamRole | null,
    page: Page,
  ): Promise<InstanceList>;
  /** The caller's own instance of the installation, or 404. */
  myInstance(teamId: string, installationId: string, actor: UserActor): Promise<InstanceView>;
}

export function createMemberInstances(
  deps: Pick<InstallationServiceDeps, 'repository' | 'pendingWork' | 'clock'>,
): MemberInstances {
  const { repository, pendingWork } = deps;

  const membershipListener: MembershipListener = {
    async memberAdded(teamId, userId, tx) {
      const installations = await repository.allOfTeam(teamId, tx);
      for (const { installation, server } of installations) {
        await createInstances(deps, installation.id, teamId, server, [userId], tx);
      }
      if (installations.length > 0)
        await pendingWork.record({ kind: 'member.added', teamId, userId }, tx);
    },
    async memberRemoved(teamId, userId, tx) {
      const instances = await repository.instancesOfTeamUser(teamId, userId, tx);
      await repository.removeMemberRecords(teamId, userId, tx);
      if (instances.length > 0) {
        await pendingWork.record(
          {
            kind: 'member.removed',
            teamId,
            userId,
            payload: { instance_ids: instances.map((i) => i.id) },
          },
          tx,
        );
      }
    },
  };

  return {
    membershipListener,

    async instances(teamId, installationId, actor, teamRole, page) {
      await mustFind(repository, teamId, installationId);
      const seesAll = teamRole !== null && teamRoleHas(teamRole, 'mcp.installations.edit');
      const { items, total } = await repository.listInstances(
        installationId,
        seesAll ? null : actor.userId,
        page,
      );
      return { instances: items.map(instanceView), pagination: paginationOf(page, total) };
    },

    async myInstance(teamId, installationId, actor) {
      await mustFind(repository, teamId, installationId);
      const instance = await repository.instanceOf(installationId, actor.userId);
      if (!instance) throw new NotFoundError('You have no instance of this installation');
      return instanceView(instance);
    },
  };
}
