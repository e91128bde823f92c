import type { FastifyPluginAsync } from 'fastify';
import type { ModuleContext } from '../context.js';
import { loadPlugins, type PluginStatus } from './loader.js';
import { pluginRoutes } from './routes.js';

export interface PluginsModuleDeps extends Pick<ModuleContext, 'db' | 'logger'> {
  /** PLUGINS_DIR: extra plugins beside the built-in ones. */
  extraDir: string | null;
}

/**
 * Plugins: `routes` lists them, and `load` loads them, each on its own: one that fails to load
 * is left out and the core is untouched. The app registers both last.
 */
export function createPluginsModule(deps: PluginsModuleDeps) {
  let plugins: PluginStatus[] = [];
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(pluginRoutes, { statuses: () => plugins });
  };
  const load: FastifyPluginAsync = async (scope) => {
    plugins = await loadPlugins(scope, {
      db: deps.db,
      logger: deps.logger,
      extraDir: deps.extraDir,
    });
  };
  return { routes, load };
}
