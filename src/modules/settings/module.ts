import type { FastifyPluginAsync } from 'fastify';
import type { ModuleContext } from '../context.js';
import type { SettingsConfig } from './config.js';
import { createSettingsRepository } from './repository.js';
import { settingsRoutes } from './routes.js';
import { createSettingsService, SETTINGS_TOPIC, type StoredSettings } from './service.js';

export interface SettingsModuleDeps extends Pick<ModuleContext, 'db' | 'remembering'> {
  encryptionKey: Buffer;
  config: SettingsConfig;
}

/** The global settings: stored encrypted, remembered per replica until they change. */
export function createSettingsModule(deps: SettingsModuleDeps) {
  const { db } = deps;
  const service = createSettingsService({
    db,
    repository: createSettingsRepository(db.orm),
    encryptionKey: deps.encryptionKey,
    remembered: deps.remembering<StoredSettings>(SETTINGS_TOPIC, deps.config.settingsCacheMs, 2),
  });
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(settingsRoutes, { service });
  };
  return { service, routes };
}
