import type { Static } from '@sinclair/typebox';
import type { AuditRequest } from '../audit/context.js';
import { fieldNames } from '../audit/fields.js';
import type { Executor } from '../../db/client.js';
import { NotFoundError } from '../../http/errors.js';
import type { UserActor } from '../../http/auth/types.js';
import { SIGN_IN_NEEDED } from '../upstream-oauth/instances.js';
import { emptyValues, mergeValues, missingRequired } from './config-values.js';
import type { RecordChange } from './change-recorder.js';
import type { InstallationServiceDeps } from './deps.js';
import { mustFind } from './lookups.js';
import type { InstallationRepository, InstanceRow } from './repository.js';
import type { ValuesInput } from './schemas.js';
import { userConfigView, type UserConfigView } from './views.js';

/**
 * Moves the instance to where its member's values leave it: waiting for them (or for the
 * member's OAuth sign-in), or provisioning once nothing is missing.
 */
async function settleStatus(
  repository: InstallationRepository,
  instance: InstanceRow,
  complete: boolean,
  signedIn: boolean,
  now: Date,
  tx: Executor,
) {
  if (complete && !signedIn && instance.status === 'awaiting_user_config') {
    await repository.setInstanceStatus(
      instance.id,
      'awaiting_user_config',
      SIGN_IN_NEEDED,
      now,
      tx,
    );
  } else if (complete && instance.status === 'awaiting_user_config') {
    await repository.setInstanceStatus(instance.id, 'provisioning', null, now, tx);
  } else if (!complete && instance.status !== 'awaiting_user_config') {
    await repository.setInstanceStatus(
      instance.id,
      'awaiting_user_config',
      'Required personal configuration is missing',
      now,
      tx,
    );
  }
}

/** Each member's own values for an installation (the server's `user` fields). */
export interface PersonalConfig {
  /** The caller's own values (secrets masked), the required ones missing, and their status. */
  userConfig(teamId: string, installationId: string, actor: UserActor): Promise<UserConfigView>;
  /** Saves the caller's own values; filling every required field releases the instance. */
  saveUserConfig(
    teamId: string,
    installationId: string,
    actor: UserActor,
    input: Static<typeof ValuesInput>,
    request: AuditRequest,
  ): Promise<UserConfigView>;
}

export function createPersonalConfig(
  deps: Pick<
    InstallationServiceDeps,
    'db' | 'repository' | 'encryptionKey' | 'clock' | 'oauthConnected'
  >,
  recordChange: RecordChange,
): PersonalConfig {
  const { db, repository } = deps;

  async function userConfig(teamId: string, installationId: string, actor: UserActor) {
    const { server } = await mustFind(repository, teamId, installationId);
    const [config, instance] = await Promise.all([
      repository.userConfig(installationId, actor.userId),
      repository.instanceOf(installationId, actor.userId),
    ]);
    if (!instance) throw new NotFoundError('You have no instance of this installation');
    return userConfigView(installationId, server.configSchema.user, config, instance);
  }

  return {
    userConfig,

    async saveUserConfig(teamId, installationId, actor, input, request) {
      await db.orm.transaction(async (tx) => {
        const { server } = await mustFind(repository, teamId, installationId, tx);
        const instance = await repository.instanceOf(installationId, actor.userId, tx);
        if (!instance) throw new NotFoundError('You have no instance of this installation');
        const stored =
          (await repository.userConfig(installationId, actor.userId, tx))?.values ?? emptyValues();
        const values = mergeValues(
          server.configSchema.user,
          stored,
          input,
          deps.encryptionKey,
          'body.values',
        );
        const now = deps.clock();
        await repository.saveUserConfig(installationId, actor.userId, values, now, tx);
        const complete = missingRequired(server.configSchema.user, values).length === 0;
        const signedIn =
          !server.requiresOauth ||
          ((await deps.oauthConnected?.(installationId, actor.userId, tx)) ?? false);
        await settleStatus(repository, instance, complete, signedIn, now, tx);
        await recordChange(tx, {
          work: { kind: 'user_config.saved', teamId, installationId, userId: actor.userId },
          entry: {
            action: 'installation.personal_config_changed',
            request,
            teamId,
            target: { type: 'installation', id: installationId },
            details: { fields: fieldNames(input) },
          },
        });
      });
      return userConfig(teamId, installationId, actor);
    },
  };
}
