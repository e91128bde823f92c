import path from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { optionalUserActor } from '../../http/auth/actor.js';
import { ok } from '../../http/envelope.js';
import { completeRouteContract } from '../../http/route-contract.js';
import { Success } from '../../http/schemas.js';
import type { PluginHandler, PluginRouteOptions, PluginRoutes } from './api.js';
import type { PluginManifest } from './manifest.js';

/** Core areas no plugin may touch, whatever its prefix would allow. */
const RESERVED = ['/api/auth', '/api/users', '/api/settings'];

export class PluginRouteError extends Error {
  override name = 'PluginRouteError';
}

/** `example-plugin` + `listExamples` → `examplePluginListExamples`: unique across the API. */
function operationIdOf(pluginId: string, operationId: string) {
  const camel = pluginId.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
  return `${camel}${operationId.charAt(0).toUpperCase()}${operationId.slice(1)}`;
}

/**
 * Where a plugin's path lands: relative paths go under `/api/plugin/{id}/`; a path that would
 * land anywhere else (absolute, or climbing out with `..`) is refused.
 */
export function placeRoute(pluginId: string, requested: string): string {
  const prefix = `/api/plugin/${pluginId}`;
  if (typeof requested !== 'string' || !requested.startsWith('/'))
    throw new PluginRouteError(`path ${String(requested)} must start with /`);
  const absolute = requested.startsWith('/api/') || requested === '/api';
  const url = path.posix.normalize(absolute ? requested : `${prefix}${requested}`);
  const reserved = RESERVED.find((area) => url === area || url.startsWith(`${area}/`));
  if (reserved)
    throw new PluginRouteError(`path ${requested} is under ${reserved}, which belongs to the core`);
  if (url !== prefix && !url.startsWith(`${prefix}/`))
    throw new PluginRouteError(`path ${requested} is outside the plugin's prefix ${prefix}/`);
  return url.replace(/\/$/, '') || prefix;
}

/**
 * Collects a plugin's routes while it registers, then installs them all or none: every route
 * is placed and checked against the route contract first, so a plugin that breaks a rule
 * leaves no route behind and the core routes are untouched.
 */
export function createRouteManager(manifest: PluginManifest) {
  const pending: RouteOptions[] = [];
  let problem: Error | null = null;

  function add(
    method: RouteOptions['method'],
    requested: string,
    options: PluginRouteOptions,
    handler: PluginHandler,
  ) {
    try {
      const url = placeRoute(manifest.id, requested);
      const status = options.status ?? 200;
      pending.push({
        method,
        url,
        config: { auth: options.auth },
        schema: {
          operationId: operationIdOf(manifest.id, options.operationId),
          summary: options.summary,
          ...(options.description ? { description: options.description } : {}),
          tags: [manifest.name],
          ...(options.params ? { params: options.params } : {}),
          ...(options.querystring ? { querystring: options.querystring } : {}),
          ...(options.body ? { body: options.body } : {}),
          response:
            status === 204
              ? { 204: { type: 'null', description: 'No content' } }
              : { [status]: Success(options.response) },
        },
        async handler(request, reply) {
          const actor = optionalUserActor(request);
          const data = await handler({
            params: request.params as Record<string, string>,
            query: request.query as Record<string, unknown>,
            body: request.body,
            user: actor ? { id: actor.userId, globalRole: actor.globalRole } : null,
          });
          if (status === 204) return reply.code(204).send();
          return reply.code(status).send(ok(data));
        },
      });
    } catch (error) {
      problem ??= error as Error;
    }
  }

  const routes: PluginRoutes = {
    get: (p, o, h) => add('GET', p, o, h),
    post: (p, o, h) => add('POST', p, o, h),
    put: (p, o, h) => add('PUT', p, o, h),
    patch: (p, o, h) => add('PATCH', p, o, h),
    delete: (p, o, h) => add('DELETE', p, o, h),
  };

  return {
    routes,
    /** Checks every collected route, then adds them to the app; throws before adding any. */
    install(app: FastifyInstance): string[] {
      if (problem) throw problem;
      const taken = new Set<string>();
      for (const route of pending) {
        const key = `${String(route.method)} ${route.url}`;
        if (taken.has(key)) throw new PluginRouteError(`route ${key} is registered twice`);
        taken.add(key);
        if (app.hasRoute({ method: route.method as 'GET', url: route.url }))
          throw new PluginRouteError(`route ${key} already exists`);
        // A dry run of the contract on a copy: the real one runs again when the route is added.
        completeRouteContract({ ...route, schema: { ...(route.schema as object) } });
      }
      for (const route of pending) app.route(route);
      return [...taken];
    },
  };
}
