import type { Static } from '@sinclair/typebox';
import type { AuditRequest } from '../audit/context.js';
import { fieldNames } from '../audit/fields.js';
import { ConflictError, ValidationError } from '../../http/errors.js';
import type { UserActor } from '../../http/auth/types.js';
import type { ServerRow } from '../catalogue/repository.js';
import { mergeValues, missingRequired, type emptyValues } from './config-values.js';
import type { RecordChange } from './change-recorder.js';
import type { InstallationServiceDeps } from './deps.js';
import { checkSatellite, checkVersion, mustFind, readInstallation } from './lookups.js';
import type { InstallationUpdateBody, ValuesInput } from './schemas.js';
import type { InstallationView } from './views.js';

/** The team's values for the server, merged into `stored`; every required one must be there. */
export function teamValues(
  server: ServerRow,
  stored: ReturnType<typeof emptyValues>,
  input: Static<typeof ValuesInput> | undefined,
  encryptionKey: Buffer,
) {
  const values = mergeValues(
    server.configSchema.team,
    stored,
    input,
    encryptionKey,
    'body.team_config',
  );
  const missing = missingRequired(server.configSchema.team, values);
  if (missing.length > 0)
    throw new ValidationError(`body.team_config is missing required ${missing.join(', ')}`);
  return values;
}

/** Changing how the team runs an installation. */
export interface InstallationTeamConfig {
  /** Changes an installation's name, version, team values, satellite or settings. */
  update(
    teamId: string,
    installationId: string,
    actor: UserActor,
    input: Static<typeof InstallationUpdateBody>,
    request: AuditRequest,
  ): Promise<InstallationView>;
}

export function createInstallationTeamConfig(
  deps: Pick<InstallationServiceDeps, 'db' | 'repository' | 'catalogue' | 'encryptionKey'>,
  recordChange: RecordChange,
): InstallationTeamConfig {
  const { db, repository } = deps;

  return {
    async update(teamId, installationId, actor, input, request) {
      await db.orm.transaction(async (tx) => {
        const { installation, server } = await mustFind(repository, teamId, installationId, tx);
        if (input.version_id !== undefined)
          await checkVersion(deps.catalogue, server, input.version_id, tx);
        await checkSatellite(repository, teamId, input.satellite_id, tx);
        if (input.name && (await repository.nameTaken(teamId, input.name, installationId, tx))) {
          throw new ConflictError(
            `The team already has an installation named ${input.name}`,
            'DUPLICATE',
          );
        }
        await repository.update(
          installationId,
          {
            ...(input.name !== undefined ? { name: input.name } : {}),
            ...(input.version_id !== undefined ? { versionId: input.version_id } : {}),
            ...(input.satellite_id !== undefined ? { satelliteId: input.satellite_id } : {}),
            ...(input.team_config !== undefined
              ? {
                  teamConfig: teamValues(
                    server,
                    installation.teamConfig,
                    input.team_config,
                    deps.encryptionKey,
                  ),
                }
              : {}),
            ...(input.settings !== undefined
              ? { settings: { ...installation.settings, ...input.settings } }
              : {}),
          },
          tx,
        );
        await recordChange(tx, {
          work: {
            kind: 'installation.updated',
            teamId,
            installationId,
            payload: { changed: Object.keys(input) },
          },
          entry: {
            action: 'installation.updated',
            request,
            teamId,
            target: { type: 'installation', id: installationId },
            details: { fields: fieldNames(input) },
          },
        });
      });
      return readInstallation(repository, teamId, installationId, actor);
    },
  };
}
