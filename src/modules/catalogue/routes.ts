import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { auth } from '../../http/auth/declare.js';
import { done, ok } from '../../http/envelope.js';
import { pageOf } from '../../http/pagination.js';
import { ErrorEnvelopeRef, IdParams, MessageOnly } from '../../http/schemas.js';
import {
  CategoryBody,
  CategoryDeleteQuery,
  CategoryListResponse,
  CategoryResponse,
  CategoryUpdateBody,
  ServerBody,
  ServerDeleteQuery,
  ServerListQuery,
  ServerListResponse,
  ServerParams,
  ServerResponse,
  ServerSearchQuery,
  ServerUpdateBody,
  VersionBody,
  VersionListResponse,
  VersionParams,
  VersionResponse,
  VersionUpdateBody,
} from './schemas.js';
import type { ServerFilters } from './repository.js';
import type { CatalogueService } from './service.js';
import type { RouteApp } from '../../http/route-app.js';

const tags = ['Catalogue'];
const conflict = (what: string) => ErrorEnvelopeRef(what);
const reader = auth.user({ scope: 'mcp:read' });

function filtersOf(q: {
  category_id?: string;
  transport?: string;
  status?: string;
  featured?: string;
  language?: string;
}): ServerFilters {
  return {
    ...(q.category_id ? { categoryId: q.category_id } : {}),
    ...(q.transport ? { transport: q.transport } : {}),
    ...(q.status ? { status: q.status } : {}),
    ...(q.featured ? { featured: q.featured === 'true' } : {}),
    ...(q.language ? { language: q.language } : {}),
  };
}

/** The catalogue's categories. */
function registerCategoryRoutes(app: RouteApp, service: CatalogueService) {
  app.get(
    '/api/mcp/categories',
    {
      config: { auth: reader },
      schema: {
        operationId: 'listCategories',
        summary: 'Catalogue categories, in display order',
        tags,
        response: { 200: CategoryListResponse },
      },
    },
    async () => ok({ categories: await service.listCategories() }),
  );
  app.post(
    '/api/mcp/categories',
    {
      config: { auth: auth.user({ permission: 'mcp.categories.manage' }) },
      schema: {
        operationId: 'createCategory',
        summary: 'Create a category',
        tags,
        body: CategoryBody,
        response: { 201: CategoryResponse, 409: conflict('Slug taken') },
      },
    },
    async (request, reply) =>
      reply.code(201).send(ok({ category: await service.createCategory(request.body, request) })),
  );
  app.put(
    '/api/mcp/categories/:id',
    {
      config: { auth: auth.user({ permission: 'mcp.categories.manage' }) },
      schema: {
        operationId: 'updateCategory',
        summary: 'Change a category',
        tags,
        params: IdParams,
        body: CategoryUpdateBody,
        response: { 200: CategoryResponse, 409: conflict('Slug taken') },
      },
    },
    async (request) =>
      ok({ category: await service.updateCategory(request.params.id, request.body, request) }),
  );
  app.delete(
    '/api/mcp/categories/:id',
    {
      config: { auth: auth.user({ permission: 'mcp.categories.manage' }) },
      schema: {
        operationId: 'deleteCategory',
        summary: 'Delete a category (409 while servers use it, unless they are moved)',
        tags,
        params: IdParams,
        querystring: CategoryDeleteQuery,
        response: { 200: MessageOnly, 409: conflict('Servers still use the category') },
      },
    },
    async (request) => {
      await service.deleteCategory(request.params.id, request.query.move_servers_to, request);
      return done('Category deleted');
    },
  );
}

/** Reading the catalogue's servers: the list, the search and one server. */
function registerServerReadRoutes(app: RouteApp, service: CatalogueService) {
  app.get(
    '/api/mcp/servers',
    {
      config: { auth: reader },
      schema: {
        operationId: 'listServers',
        summary: 'The catalogue, filtered and sorted',
        tags,
        querystring: ServerListQuery,
        response: { 200: ServerListResponse },
      },
    },
    async (request) => {
      const q = request.query;
      const by = q.sort_by ?? 'name';
      const order = q.sort_order ?? (by === 'name' ? 'asc' : 'desc');
      return ok(await service.listServers(filtersOf(q), { by, order }, pageOf(q)));
    },
  );
  app.get(
    '/api/mcp/servers/search',
    {
      config: { auth: reader },
      schema: {
        operationId: 'searchServers',
        summary: 'Full-text search over name, description and tags, ranked, with prefix matching',
        tags,
        querystring: ServerSearchQuery,
        response: { 200: ServerListResponse },
      },
    },
    async (request) =>
      ok(
        await service.searchServers(
          request.query.q,
          filtersOf(request.query),
          pageOf(request.query),
        ),
      ),
  );
  app.get(
    '/api/mcp/servers/:id',
    {
      config: { auth: reader },
      schema: {
        operationId: 'getServer',
        summary: 'One server, by id or slug',
        tags,
        params: ServerParams,
        response: { 200: ServerResponse },
      },
    },
    async (request) => ok({ server: await service.getServer(request.params.id) }),
  );
}

/** Administrators' changes to the global catalogue's servers. */
function registerGlobalServerRoutes(app: RouteApp, service: CatalogueService) {
  app.post(
    '/api/mcp/servers/global',
    {
      config: { auth: auth.user({ permission: 'mcp.servers.global.create' }) },
      schema: {
        operationId: 'createGlobalServer',
        summary: 'Add a server to the global catalogue',
        tags,
        body: ServerBody,
        response: { 201: ServerResponse, 409: conflict('Slug taken') },
      },
    },
    async (request, reply) =>
      reply.code(201).send(ok({ server: await service.createServer(request.body, request) })),
  );
  app.put(
    '/api/mcp/servers/global/:id',
    {
      config: { auth: auth.user({ permission: 'mcp.servers.global.edit' }) },
      schema: {
        operationId: 'updateGlobalServer',
        summary: 'Change a catalogue server',
        tags,
        params: ServerParams,
        body: ServerUpdateBody,
        response: { 200: ServerResponse, 409: conflict('Slug taken') },
      },
    },
    async (request) =>
      ok({ server: await service.updateServer(request.params.id, request.body, request) }),
  );
  app.delete(
    '/api/mcp/servers/global/:id',
    {
      config: { auth: auth.user({ permission: 'mcp.servers.global.delete' }) },
      schema: {
        operationId: 'deleteGlobalServer',
        summary:
          'Remove a catalogue server (409 with the count while teams have it installed, unless force=true)',
        tags,
        params: ServerParams,
        querystring: ServerDeleteQuery,
        response: { 200: MessageOnly, 409: conflict('Teams have installed the server') },
      },
    },
    async (request) => {
      await service.deleteServer(request.params.id, request.query.force === 'true', request);
      return done('Server deleted');
    },
  );
}

/** The versions of a server. */
function registerVersionRoutes(app: RouteApp, service: CatalogueService) {
  app.get(
    '/api/mcp/servers/:id/versions',
    {
      config: { auth: reader },
      schema: {
        operationId: 'listServerVersions',
        summary: 'Versions of a server, newest first',
        tags,
        params: ServerParams,
        response: { 200: VersionListResponse },
      },
    },
    async (request) => ok({ versions: await service.listVersions(request.params.id) }),
  );
  app.post(
    '/api/mcp/servers/:id/versions',
    {
      config: { auth: auth.user({ permission: 'mcp.servers.global.edit' }) },
      schema: {
        operationId: 'createServerVersion',
        summary: 'Add a version; the first one, or one with is_latest, becomes the latest',
        tags,
        params: ServerParams,
        body: VersionBody,
        response: { 201: VersionResponse, 409: conflict('Version exists') },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          ok({ version: await service.createVersion(request.params.id, request.body, request) }),
        ),
  );
  app.put(
    '/api/mcp/servers/:id/versions/:versionId',
    {
      config: { auth: auth.user({ permission: 'mcp.servers.global.edit' }) },
      schema: {
        operationId: 'updateServerVersion',
        summary: 'Change a version; is_latest true moves the latest mark to it',
        tags,
        params: VersionParams,
        body: VersionUpdateBody,
        response: {
          200: VersionResponse,
          409: conflict('Version exists, or the only latest would be unset'),
        },
      },
    },
    async (request) =>
      ok({
        version: await service.updateVersion(
          request.params.id,
          request.params.versionId,
          request.body,
          request,
        ),
      }),
  );
}

export const catalogueRoutes: FastifyPluginAsyncTypebox<{ service: CatalogueService }> = async (
  app,
  { service },
) => {
  registerCategoryRoutes(app, service);
  registerServerReadRoutes(app, service);
  registerGlobalServerRoutes(app, service);
  registerVersionRoutes(app, service);
};
