import type { FastifyPluginAsync } from 'fastify';
import type { ModuleContext } from '../context.js';
import { clientActivityRoutes } from './routes.js';
import { createClientActivitySource } from './source.js';

export type ClientActivityModuleDeps = Pick<ModuleContext, 'db'>;

/** A member's MCP clients' activity, listed and streamed. */
export function createClientActivityModule(deps: ClientActivityModuleDeps) {
  const source = createClientActivitySource(deps.db.orm);
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(clientActivityRoutes, { source });
  };
  return { routes };
}
