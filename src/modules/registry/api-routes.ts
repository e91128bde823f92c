import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { auth } from '../../http/auth/declare.js';
import { toAppError } from '../../http/error-handler.js';
import { INTERNAL_ERROR_MESSAGE } from '../../http/errors.js';
import type { UserActor } from '../../http/auth/types.js';
import { registryAccess, registryResource, REGISTRY_SCOPE } from './access.js';
import {
  DeletedQuery,
  ListQuery,
  NameParams,
  ProtectedResourceMetadata,
  RegistryError,
  ServerList,
  ServerResponse,
  VersionParams,
} from './api-schemas.js';
import type { RegistryApi } from './api-service.js';

const tags = ['Registry API'];
const error = (description: string) => ({ ...RegistryError, description });
// The registry API answers errors as `{error}`, as its clients expect, not with the envelope.
const errors = {
  400: error('Invalid request'),
  401: error('Authentication is required (see WWW-Authenticate)'),
  403: error('The token lacks the registry:read scope'),
  404: error('Not found'),
  500: error('Unexpected server failure'),
};
// Anyone when public; otherwise a session or a registry:read token (checked by the scope's hook).
const security = [{}, { cookieAuth: [] }, { oauth2: [REGISTRY_SCOPE] }];

function registryErrorHandler(failure: unknown, request: FastifyRequest, reply: FastifyReply) {
  const appError = toAppError(failure);
  if (!appError || appError.statusCode >= 500) {
    request.log.error({ err: failure }, 'registry request failed');
    return reply.code(500).type('application/json').send({ error: INTERNAL_ERROR_MESSAGE });
  }
  return reply.code(appError.statusCode).type('application/json').send({ error: appError.message });
}

/** `/v0.1/…`: the catalogue as an MCP registry (docs/catalogue.md, "Serving the registry API"). */
export const registryApiRoutes: FastifyPluginAsyncTypebox<{
  api: RegistryApi;
  baseUrl: string;
  isPublic: () => Promise<boolean>;
  resolveToken: (token: string, resource: string) => Promise<UserActor | null>;
}> = async (app, { api, isPublic, baseUrl, resolveToken }) => {
  app.setErrorHandler(registryErrorHandler);
  // Documents are served exactly as they were imported, fields this service does not know
  // included (a schema-driven serializer would drop them). Everything around them is built by
  // api-service.ts field by field, and the response schemas still describe it all.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .type('application/json')
      .send({ error: `Route ${request.method} ${request.url.split('?')[0]} not found` }),
  );
  // Runs after the conventions' hook, which lets these public-declared routes through.
  const check = registryAccess(app, { baseUrl, isPublic, resolveToken });
  app.addHook('onRoute', (route) => {
    if (route.config && (route.config as { registryRead?: boolean }).registryRead) {
      (route.schema as Record<string, unknown>).security = security;
    }
  });
  const config = { auth: auth.public(), registryRead: true };

  app.get(
    '/servers',
    {
      config,
      onRequest: check,
      schema: {
        operationId: 'registryListServers',
        summary: 'Registry entries, one per server version, in cursor pages',
        tags,
        querystring: ListQuery,
        response: { 200: ServerList, ...errors },
      },
    },
    async (request) => api.list(request.query),
  );
  app.get(
    '/servers/:serverName/versions',
    {
      config,
      onRequest: check,
      schema: {
        operationId: 'registryListServerVersions',
        summary: 'Every version of one server, newest first',
        tags,
        params: NameParams,
        querystring: DeletedQuery,
        response: { 200: ServerList, ...errors },
      },
    },
    async (request) =>
      api.versions(request.params.serverName, request.query.include_deleted === 'true'),
  );
  app.get(
    '/servers/:serverName/versions/:version',
    {
      config,
      onRequest: check,
      schema: {
        operationId: 'registryGetServerVersion',
        summary: 'One version of a server; `latest` names the latest',
        tags,
        params: VersionParams,
        querystring: DeletedQuery,
        response: { 200: ServerResponse, ...errors },
      },
    },
    async (request) =>
      api.version(
        request.params.serverName,
        request.params.version,
        request.query.include_deleted === 'true',
      ),
  );
  app.post(
    '/publish',
    {
      config: { auth: auth.public() },
      // Hidden from the API description: the route contract wants a success answer, and this
      // route has none. Publishing clients still get the registry's 501, not a 404.
      schema: { hide: true },
    },
    async (_request, reply) =>
      reply.code(501).send({
        error:
          'Publishing is not supported by this registry; administrators import entries instead',
      }),
  );
};

/** RFC 9728 metadata of the registry API, at the address its 401 answers point to. */
export const registryMetadataRoutes: FastifyPluginAsyncTypebox<{ baseUrl: string }> = async (
  app,
  { baseUrl },
) => {
  const { resource } = registryResource(baseUrl);
  app.get(
    '/.well-known/oauth-protected-resource/v0.1',
    {
      config: { auth: auth.public() },
      schema: {
        operationId: 'registryProtectedResourceMetadata',
        summary: 'OAuth protected resource metadata (RFC 9728) of the registry API',
        tags,
        response: { 200: ProtectedResourceMetadata },
      },
    },
    async () => ({
      resource,
      authorization_servers: [baseUrl],
      scopes_supported: [REGISTRY_SCOPE],
      bearer_methods_supported: ['header'],
      resource_name: 'Groundstation MCP registry',
      resource_documentation: `${baseUrl}/documentation`,
    }),
  );
};
