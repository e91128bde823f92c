import type { FastifyPluginAsync } from 'fastify';
import { byUsers, type Forgetter } from '../../http/forget-on-change.js';
import type { ModuleContext } from '../context.js';
import type { PendingWorkRecorder } from '../installations/pending-work.js';
import type { CatalogueConfig } from './config.js';
import { createCatalogueRepository } from './repository.js';
import { catalogueRoutes } from './routes.js';
import { CATALOGUE_TOPIC, createCatalogueService, type CatalogueOAuthHooks } from './service.js';

export interface CatalogueModuleDeps extends Pick<ModuleContext, 'db' | 'remembering'> {
  config: CatalogueConfig;
  encryptionKey: Buffer;
  pendingWork: PendingWorkRecorder;
  /** Upstream OAuth: servers that want their members to sign in. */
  oauth: CatalogueOAuthHooks;
}

/** The catalogue of MCP servers teams may install; its lists are remembered per replica. */
export function createCatalogueModule(deps: CatalogueModuleDeps) {
  const { db } = deps;
  const repository = createCatalogueRepository(db.orm);
  const service = createCatalogueService({
    db,
    repository,
    pendingWork: deps.pendingWork,
    oauth: deps.oauth,
    encryptionKey: deps.encryptionKey,
    // A page holds up to 100 servers: at most 100 answers, so at most 10,000 server views.
    lists: deps.remembering(CATALOGUE_TOPIC, deps.config.catalogueCacheMs, 100),
  });
  // Users change the catalogue; the lists are forgotten here at once after their changes.
  const forgetter: Forgetter = { after: byUsers, forget: () => service.lists.forgetAll() };
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(catalogueRoutes, { service });
  };
  return { repository, service, forgetter, routes };
}
