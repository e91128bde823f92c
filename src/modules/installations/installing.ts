import type { Static } from '@sinclair/typebox';
import type { AuditRequest } from '../audit/context.js';
import { fieldNames } from '../audit/fields.js';
import { installationNotification } from '../notifications/kinds.js';
import { ConflictError, ValidationError } from '../../http/errors.js';
import { paginationOf, type Page } from '../../http/pagination.js';
import type { UserActor } from '../../http/auth/types.js';
import { createCoalescedReads } from '../../lib/coalesced-reads.js';
import { newId } from '../../lib/ids.js';
import { emptyValues } from './config-values.js';
import type { RecordChange } from './change-recorder.js';
import type { InstallationServiceDeps } from './deps.js';
import { checkSatellite, checkVersion, mustFind, readInstallation } from './lookups.js';
import { createInstances } from './member-instances.js';
import type { InstallationBody } from './schemas.js';
import { teamValues } from './team-config.js';
import { installationView, type InstallationList, type InstallationView } from './views.js';

/** Installing catalogue servers for a team, reading the team's installations, removing them. */
export interface InstallationLifecycle {
  /** Read on every page load of a team: the same page asked at once is read once. */
  list(teamId: string, actor: UserActor, page: Page): Promise<InstallationList>;
  /** One installation of the team, with the caller's own instance, or 404. */
  get(teamId: string, installationId: string, actor: UserActor): Promise<InstallationView>;
  /** Installs a catalogue server for the team; every member gets an instance. */
  create(
    teamId: string,
    actor: UserActor,
    input: Static<typeof InstallationBody>,
    request: AuditRequest,
  ): Promise<InstallationView>;
  /** Removes an installation; its instances and personal values go with it. */
  delete(teamId: string, installationId: string, request: AuditRequest): Promise<void>;
}

export function createInstallationLifecycle(
  deps: Pick<
    InstallationServiceDeps,
    'db' | 'repository' | 'catalogue' | 'encryptionKey' | 'clock'
  >,
  recordChange: RecordChange,
): InstallationLifecycle {
  const { db, repository } = deps;
  const pages = createCoalescedReads({ gatherOneTurn: true });

  return {
    list(teamId, actor, page) {
      return pages.read(JSON.stringify([teamId, actor.userId, page]), async () => {
        const { rows, total } = await repository.pageWithOwnInstances(teamId, actor.userId, page);
        return {
          installations: rows.map((row) => installationView(row, row.instance)),
          pagination: paginationOf(page, total),
        };
      });
    },

    get: (teamId, installationId, actor) =>
      readInstallation(repository, teamId, installationId, actor),

    async create(teamId, actor, input, request) {
      const server = await deps.catalogue.findServer(input.server_id);
      if (!server)
        throw new ValidationError(
          `body.server_id ${input.server_id} does not name a catalogue server`,
        );
      // Deleted upstream (a registry sync): existing installations stay, new ones are refused.
      if (server.status === 'deleted')
        throw new ConflictError(
          `${server.name} was deleted from its registry and can no longer be installed`,
          'SERVER_DELETED',
        );
      const id = newId('inst');
      const name = input.name ?? server.name;
      await db.orm.transaction(async (tx) => {
        await checkVersion(deps.catalogue, server, input.version_id, tx);
        await checkSatellite(repository, teamId, input.satellite_id, tx);
        if (await repository.nameTaken(teamId, name, null, tx)) {
          throw new ConflictError(
            `The team already has an installation named ${name}`,
            'DUPLICATE',
          );
        }
        await repository.insert(
          {
            id,
            teamId,
            serverId: server.id,
            versionId: input.version_id ?? null,
            name,
            teamConfig: teamValues(server, emptyValues(), input.team_config, deps.encryptionKey),
            satelliteId: input.satellite_id ?? null,
            settings: { request_logging_enabled: input.settings?.request_logging_enabled ?? false },
            createdBy: actor.userId,
          },
          tx,
        );
        const members = await repository.memberIds(teamId, tx);
        await createInstances(deps, id, teamId, server, members, tx);
        await recordChange(tx, {
          work: { kind: 'installation.created', teamId, installationId: id },
          notifications: [installationNotification(teamId, { id, name }, 'created')],
          entry: {
            action: 'installation.created',
            request,
            teamId,
            target: { type: 'installation', id },
            details: { server_id: server.id, fields: fieldNames(input) },
          },
        });
      });
      return readInstallation(repository, teamId, id, actor);
    },

    async delete(teamId, installationId, request) {
      await db.orm.transaction(async (tx) => {
        const { installation } = await mustFind(repository, teamId, installationId, tx);
        // Instances and personal values go with it (foreign keys cascade).
        await repository.delete(installationId, tx);
        await recordChange(tx, {
          work: { kind: 'installation.deleted', teamId, installationId },
          notifications: [installationNotification(teamId, installation, 'deleted')],
          entry: {
            action: 'installation.deleted',
            request,
            teamId,
            target: { type: 'installation', id: installationId },
            details: { name: installation.name },
          },
        });
      });
    },
  };
}
