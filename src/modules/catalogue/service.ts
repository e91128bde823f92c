import { createCatalogueCategories, type CatalogueCategories } from './categories.js';
import type { CatalogueServiceDeps } from './deps.js';
import { createCatalogueReads, type CatalogueReads } from './reading.js';
import { createServerEditing, type ServerEditing } from './server-editing.js';
import { createCatalogueVersions, type CatalogueVersions } from './versions.js';

export { normalizeConfigSchema } from './config-schema.js';
export { toPrefixQuery } from './reading.js';
export { serverView } from './views.js';
export type { CatalogueOAuthHooks, CatalogueServiceDeps } from './deps.js';

/** The topic the database raises when the catalogue's servers change (migration 0019). */
export const CATALOGUE_TOPIC = 'catalogue';

/**
 * The catalogue of MCP servers: its categories, reading its servers, editing them, and their
 * versions. Each part is its own file; this only puts them together.
 */
export interface CatalogueService
  extends CatalogueCategories, CatalogueReads, ServerEditing, CatalogueVersions {}

export function createCatalogueService(deps: CatalogueServiceDeps): CatalogueService {
  return {
    ...createCatalogueCategories(deps),
    ...createCatalogueReads(deps),
    ...createServerEditing(deps),
    ...createCatalogueVersions(deps),
  };
}
