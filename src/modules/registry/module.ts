import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { createRegistrySyncJob } from '../../jobs/registry-sync.js';
import type { JobRunner } from '../../jobs/runner.js';
import type { ModuleContext } from '../context.js';
import type { AccessTokenService } from '../oauth/access-tokens.js';
import type { SettingsService } from '../settings/service.js';
import { PUBLIC_ACCESS_SETTING } from './access.js';
import { registryAdminRoutes } from './admin-routes.js';
import { registryApiRoutes, registryMetadataRoutes } from './api-routes.js';
import { createRegistryApi } from './api-service.js';
import type { RegistryConfig } from './config.js';
import { createImporter, type NewRemote } from './importer.js';
import { createRegistryRepository } from './repository.js';
import { createRegistrySync } from './sync.js';

export interface RegistryModuleDeps extends Pick<
  ModuleContext,
  'db' | 'clock' | 'logger' | 'baseUrl'
> {
  config: RegistryConfig;
  /** After commit: check whether a newly created http/sse server wants OAuth (upstream-oauth). */
  detectOAuth: (server: NewRemote) => void;
  /** Whether the registry API is public is a global setting. */
  settings: SettingsService;
  /** The registry API also accepts OAuth access tokens issued for it. */
  accessTokens: AccessTokenService;
}

/** What the registry's routes need that is built after this module: the job runner. */
export interface RegistryRouteLateDeps {
  jobs: JobRunner;
}

/** The MCP registry: imports, the periodic sync with its sources, and the registry API. */
export function createRegistryModule(deps: RegistryModuleDeps) {
  const { db, clock, logger, config, baseUrl } = deps;
  const repository = createRegistryRepository(db.orm);
  const importer = createImporter({ db, repository, clock, logger, detectOAuth: deps.detectOAuth });
  const sync = createRegistrySyncJob(
    createRegistrySync({
      db,
      repository,
      importer,
      clock,
      logger,
      settings: {
        timeoutMs: config.registry.fetchTimeoutMs,
        maxBytes: config.registry.maxPageBytes,
        maxPages: config.registry.maxPages,
        allowPrivateAddresses: config.registry.allowPrivateAddresses,
      },
    }),
    config.registry.syncIntervalMs,
  );
  const api = createRegistryApi({ repository, baseUrl });
  const routes: FastifyPluginAsync<RegistryRouteLateDeps> = async (app, late) => {
    await app.register(registryAdminRoutes, {
      importer,
      repository,
      syncNow: (request: FastifyRequest) => sync.runNow(late.jobs, request),
      importBodyLimitBytes: config.registry.importBodyLimitBytes,
    });
    await app.register(registryApiRoutes, {
      prefix: '/v0.1',
      api,
      baseUrl,
      isPublic: () => deps.settings.flag(PUBLIC_ACCESS_SETTING),
      resolveToken: (token, resource) => deps.accessTokens.resolveFor(token, resource),
    });
    await app.register(registryMetadataRoutes, { baseUrl });
  };
  return { repository, importer, job: sync.job, routes };
}
