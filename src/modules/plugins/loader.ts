import { access, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Database } from '../../db/client.js';
import { pluginToolkit, type PluginEntry } from './api.js';
import { createPluginDatabase } from './database.js';
import { readManifest, tablePrefix, type PluginManifest } from './manifest.js';
import { migratePlugin } from './migrations.js';
import { createRouteManager } from './route-manager.js';

/** built-in/ beside this file (in src/ or, once built, dist/): the plugins that ship with the service. */
export const BUILT_IN_PLUGINS_DIR = fileURLToPath(new URL('./built-in', import.meta.url));

export interface PluginStatus {
  id: string;
  name: string | null;
  version: string | null;
  description: string | null;
  source: 'built-in' | 'directory';
  folder: string;
  status: 'loaded' | 'failed';
  /** Why it failed to load; null when loaded. */
  error: string | null;
  routes: string[];
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** The entry module: the built `.js`, or its `.ts` source when running from source. */
async function entryFile(folder: string, entry: string) {
  const file = path.resolve(folder, entry);
  if (!file.startsWith(path.resolve(folder) + path.sep))
    throw new Error(`entry ${entry} is outside the plugin's folder`);
  if (await exists(file)) return file;
  const source = file.replace(/\.js$/, '.ts');
  if (source !== file && (await exists(source))) return source;
  throw new Error(`entry module ${entry} not found`);
}

async function folders(dir: string) {
  if (!(await exists(dir))) return [];
  const entries = await readdir(dir, { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory())
    .map((e) => path.join(dir, e.name))
    .sort();
}

/**
 * Loads every plugin: built-in ones, then those in `extraDir`. Each is on its own: a bad
 * manifest, a failing migration, a throwing entry or a route outside its prefix leaves that
 * plugin out, with one error log line saying why, and the service starts without it.
 */
export async function loadPlugins(
  app: FastifyInstance,
  deps: { db: Database; logger: Logger; extraDir: string | null },
): Promise<PluginStatus[]> {
  const statuses: PluginStatus[] = [];
  const sources: Array<[string, PluginStatus['source']]> = [
    [BUILT_IN_PLUGINS_DIR, 'built-in'],
    ...(deps.extraDir ? [[deps.extraDir, 'directory'] as [string, PluginStatus['source']]] : []),
  ];
  for (const [dir, source] of sources) {
    for (const folder of await folders(dir)) {
      let manifest: PluginManifest | null = null;
      try {
        manifest = await readManifest(folder);
        if (statuses.some((s) => s.id === manifest!.id && s.status === 'loaded'))
          throw new Error(`another plugin already has the id ${manifest.id}`);
        const routes = await loadOne(app, deps, folder, manifest);
        statuses.push({
          ...describe(manifest, folder, source),
          status: 'loaded',
          error: null,
          routes,
        });
        deps.logger.info({ plugin: manifest.id, routes: routes.length }, 'plugin loaded');
      } catch (error) {
        const reason = (error as Error).message;
        statuses.push({
          ...(manifest
            ? describe(manifest, folder, source)
            : { ...describe(null, folder, source), id: path.basename(folder) }),
          status: 'failed',
          error: reason,
          routes: [],
        });
        deps.logger.error(
          { plugin: manifest?.id ?? path.basename(folder), folder, reason },
          `plugin ${manifest?.id ?? path.basename(folder)} failed to load and is disabled: ${reason}`,
        );
      }
    }
  }
  return statuses;
}

async function loadOne(
  app: FastifyInstance,
  deps: { db: Database; logger: Logger },
  folder: string,
  manifest: PluginManifest,
) {
  const prefix = tablePrefix(manifest.id);
  await migratePlugin(deps.db, folder, prefix);
  const module = (await import(pathToFileURL(await entryFile(folder, manifest.entry)).href)) as {
    default?: PluginEntry;
  };
  if (typeof module.default?.register !== 'function')
    throw new Error('the entry module must export default { register(context) }');
  const manager = createRouteManager(manifest);
  await module.default.register({
    manifest,
    routes: manager.routes,
    db: await createPluginDatabase(deps.db.orm, prefix),
    logger: deps.logger.child({ plugin: manifest.id }),
    toolkit: pluginToolkit,
  });
  return manager.install(app);
}

function describe(manifest: PluginManifest | null, folder: string, source: PluginStatus['source']) {
  return {
    id: manifest?.id ?? '',
    name: manifest?.name ?? null,
    version: manifest?.version ?? null,
    description: manifest?.description ?? null,
    source,
    folder,
  };
}
