import { readFile } from 'node:fs/promises';
import path from 'node:path';

export interface PluginManifest {
  id: string;
  name: string;
  version: string;
  description: string;
  /** The entry module, relative to the plugin's folder. */
  entry: string;
}

export const PLUGIN_ID = /^[a-z][a-z0-9-]{1,48}[a-z0-9]$/;
const VERSION = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;

/** Reads and checks `manifest.json`; throws with a sentence an operator can act on. */
export async function readManifest(folder: string): Promise<PluginManifest> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path.join(folder, 'manifest.json'), 'utf8'));
  } catch (error) {
    throw new Error(`manifest.json is missing or not JSON (${(error as Error).message})`);
  }
  const m = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const text = (key: string, max: number) => {
    const value = m[key];
    if (typeof value !== 'string' || value.length === 0 || value.length > max)
      throw new Error(
        `manifest.json: ${key} must be a non-empty string of at most ${max} characters`,
      );
    return value;
  };
  const id = text('id', 50);
  if (!PLUGIN_ID.test(id))
    throw new Error('manifest.json: id must be lowercase letters, digits and dashes (3–50)');
  const version = text('version', 50);
  if (!VERSION.test(version)) throw new Error('manifest.json: version must look like 1.2.3');
  return {
    id,
    name: text('name', 80),
    version,
    description: text('description', 500),
    entry: typeof m.entry === 'string' ? m.entry : 'index.js',
  };
}

/** Table names of a plugin start with its id, dashes made underscores: `example_plugin_…`. */
export const tablePrefix = (id: string) => `${id.replace(/-/g, '_')}_`;
