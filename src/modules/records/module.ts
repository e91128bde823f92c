import type { FastifyPluginAsync } from 'fastify';
import type { ModuleContext } from '../context.js';
import type { InstallationService } from '../installations/service.js';
import type { SatelliteService } from '../satellites/service.js';
import { createRecordRepository } from './repository.js';
import { recordRoutes } from './routes.js';

export interface RecordsModuleDeps extends Pick<ModuleContext, 'db'> {
  installations: InstallationService;
  satellites: SatelliteService;
}

/** What satellites recorded of an installation's use: requests, server logs and usage. */
export function createRecordsModule(deps: RecordsModuleDeps) {
  const records = createRecordRepository(deps.db.orm);
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(recordRoutes, {
      records,
      installations: deps.installations,
      satellites: deps.satellites,
    });
  };
  return { routes };
}
