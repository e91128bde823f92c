import type { FastifyPluginAsync } from 'fastify';
import type { Executor } from '../../db/client.js';
import type { CatalogueRepository } from '../catalogue/repository.js';
import type { ModuleContext } from '../context.js';
import type { PendingWorkRecorder } from './pending-work.js';
import { createInstallationRepository } from './repository.js';
import { installationRoutes } from './routes.js';
import { createInstallationService } from './service.js';

export interface InstallationsModuleDeps extends Pick<ModuleContext, 'db' | 'clock'> {
  encryptionKey: Buffer;
  /** Installations are of catalogue servers. */
  catalogue: CatalogueRepository;
  pendingWork: PendingWorkRecorder;
  /** Whether the member has signed in to the server with OAuth (src/modules/upstream-oauth). */
  oauthConnected: (installationId: string, userId: string, tx: Executor) => Promise<boolean>;
}

/** Teams' installations of catalogue servers, their settings and their members' instances. */
export function createInstallationsModule(deps: InstallationsModuleDeps) {
  const { db } = deps;
  const service = createInstallationService({
    db,
    repository: createInstallationRepository(db.orm),
    catalogue: deps.catalogue,
    pendingWork: deps.pendingWork,
    encryptionKey: deps.encryptionKey,
    clock: deps.clock,
    oauthConnected: deps.oauthConnected,
  });
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(installationRoutes, { service });
  };
  return { service, membershipListener: service.membershipListener, routes };
}
