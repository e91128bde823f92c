import type { Executor } from '../../db/client.js';
import { NotFoundError, ValidationError } from '../../http/errors.js';
import type { UserActor } from '../../http/auth/types.js';
import type { CatalogueRepository, ServerRow } from '../catalogue/repository.js';
import type { InstallationRepository } from './repository.js';
import { installationView } from './views.js';

/** The team's installation with its catalogue server, or 404. */
export async function mustFind(
  repository: InstallationRepository,
  teamId: string,
  installationId: string,
  tx?: Executor,
) {
  const row = await repository.find(teamId, installationId, tx);
  if (!row) throw new NotFoundError('Installation not found');
  return row;
}

/** The team's installation as the caller sees it (with their own instance), or 404. */
export async function readInstallation(
  repository: InstallationRepository,
  teamId: string,
  installationId: string,
  actor: UserActor,
) {
  const row = await mustFind(repository, teamId, installationId);
  return installationView(row, await repository.instanceOf(installationId, actor.userId));
}

/** A chosen version must be one of the server's. */
export async function checkVersion(
  catalogue: CatalogueRepository,
  server: ServerRow,
  versionId: string | null | undefined,
  tx: Executor,
) {
  if (versionId && !(await catalogue.findVersion(server.id, versionId, tx))) {
    throw new ValidationError(`body.version_id ${versionId} is not a version of ${server.slug}`);
  }
}

/** A chosen satellite must be able to serve the team. */
export async function checkSatellite(
  repository: InstallationRepository,
  teamId: string,
  satelliteId: string | null | undefined,
  tx: Executor,
) {
  if (satelliteId && !(await repository.satelliteCanServe(satelliteId, teamId, tx))) {
    throw new ValidationError(
      `body.satellite_id ${satelliteId} does not name a satellite that can serve this team`,
    );
  }
}
