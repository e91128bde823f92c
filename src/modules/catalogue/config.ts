import { integer, type Env } from '../../lib/env.js';

export interface CatalogueConfig {
  /**
   * How long a replica remembers a catalogue list or search answer (0: never), used only while
   * it hears the `catalogue` signal that any change to the catalogue raises.
   */
  catalogueCacheMs: number;
}

/** CATALOGUE_CACHE_MS. */
export function readCatalogueConfig(env: Env): CatalogueConfig {
  return { catalogueCacheMs: integer(env, 'CATALOGUE_CACHE_MS', 60_000, 0, 600_000) };
}
