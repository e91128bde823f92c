import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access, auth } from '../../http/auth/declare.js';
import type { RegistrationActor, SatelliteActor, UserActor } from '../../http/auth/types.js';
import { pageOf } from '../../http/pagination.js';
import { MessageOnly } from '../../http/schemas.js';
import {
  CommandParams,
  CommandResultBody,
  CommandResultResponse,
  CommandsQuery,
  CommandsResponse,
  ConfigResponse,
  CreatedTokenResponse,
  CreateTokenBody,
  EventBatchBody,
  EventBatchResponse,
  HeartbeatBody,
  HeartbeatResponse,
  ListQuery,
  RegisterBody,
  RegisteredResponse,
  SatelliteListResponse,
  SatelliteParams,
  SatelliteResponse,
  TokenListQuery,
  TokenListResponse,
  TokenParams,
  UpdateSatelliteBody,
} from './schemas.js';
import type { SatelliteService } from './service.js';
import type { EventProcessor } from '../../events/processor.js';
import type { StreamSource } from '../../http/stream/source.js';
import { satelliteMetricsRoutes } from './metrics-routes.js';
import type { MetricsFilters } from './metrics-source.js';
import type { MetricView } from './metrics-schemas.js';

const tags = ['Satellites'];

export const satelliteRoutes: FastifyPluginAsyncTypebox<{
  service: SatelliteService;
  events: EventProcessor;
  metrics: StreamSource<MetricsFilters, MetricView>;
}> = async (app, { service, events, metrics }) => {
  const user = (r: { actor: unknown }) => r.actor as UserActor;
  const satellite = (r: { actor: unknown }) => r.actor as SatelliteActor;
  // Who may act depends on the satellite or token named, so these checks are the routes'
  // config.access: they run before validation, and 403/404 come before 400.
  const managesSatellite = access.byPath((r) =>
    service.mustManage(user(r), (r.params as { satelliteId: string }).satelliteId),
  );
  const managesToken = access.byPath((r) =>
    service.mustManageToken(user(r), (r.params as { tokenId: string }).tokenId),
  );

  // ---- registration tokens (global admins: global tokens; team admins: their team's)
  app.post(
    '/api/satellites/registration-tokens',
    {
      config: {
        auth: auth.user(),
        access: access.byBody((r) => service.mayCreateToken(user(r), r.body)),
      },
      schema: {
        operationId: 'createRegistrationToken',
        summary: 'Create a single-use satellite registration token (shown once)',
        tags,
        body: CreateTokenBody,
        response: { 201: CreatedTokenResponse },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .header('cache-control', 'no-store') // the token is shown once
        .send({ success: true, data: await service.createToken(user(request), request.body) }),
  );
  app.get(
    '/api/satellites/registration-tokens',
    {
      config: { auth: auth.user() },
      schema: {
        operationId: 'listRegistrationTokens',
        summary: 'Registration tokens the caller manages (never the tokens themselves)',
        tags,
        querystring: TokenListQuery,
        response: { 200: TokenListResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.listTokens(user(request), pageOf(request.query), {
        state: request.query.state,
      }),
    }),
  );
  app.delete(
    '/api/satellites/registration-tokens/:tokenId',
    {
      config: { auth: auth.user(), access: managesToken },
      schema: {
        operationId: 'revokeRegistrationToken',
        summary: 'Revoke an unused registration token',
        tags,
        params: TokenParams,
        response: { 200: MessageOnly },
      },
    },
    async (request) => {
      await service.revokeToken(user(request), request.params.tokenId);
      return { success: true as const, message: 'Registration token revoked' };
    },
  );

  // ---- pairing
  app.post(
    '/api/satellites/register',
    {
      config: { auth: auth.registrationToken(), rateLimit: 'satellite-pairing' },
      schema: {
        operationId: 'registerSatellite',
        summary: 'Pair a satellite with a registration token; returns its API key once',
        tags,
        body: RegisterBody,
        response: { 201: RegisteredResponse },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .header('cache-control', 'no-store') // the API key is shown once
        .send({
          success: true,
          data: await service.register(request.actor as RegistrationActor, request.body),
        }),
  );

  // ---- administration
  app.get(
    '/api/satellites',
    {
      config: { auth: auth.user() },
      schema: {
        operationId: 'listSatellites',
        summary: 'Satellites the caller manages',
        tags,
        querystring: ListQuery,
        response: { 200: SatelliteListResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.list(user(request), pageOf(request.query)),
    }),
  );
  app.get(
    '/api/satellites/:satelliteId',
    {
      config: { auth: auth.user(), access: managesSatellite },
      schema: {
        operationId: 'getSatellite',
        summary: 'One satellite',
        tags,
        params: SatelliteParams,
        response: { 200: SatelliteResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: { satellite: await service.get(user(request), request.params.satelliteId) },
    }),
  );
  app.patch(
    '/api/satellites/:satelliteId',
    {
      config: { auth: auth.user(), access: managesSatellite },
      schema: {
        operationId: 'updateSatellite',
        summary: 'Rename, disable or enable a satellite',
        tags,
        params: SatelliteParams,
        body: UpdateSatelliteBody,
        response: { 200: SatelliteResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: {
        satellite: await service.update(user(request), request.params.satelliteId, request.body),
      },
    }),
  );
  app.delete(
    '/api/satellites/:satelliteId',
    {
      config: { auth: auth.user(), access: managesSatellite },
      schema: {
        operationId: 'deleteSatellite',
        summary: 'Remove a satellite and its key',
        tags,
        params: SatelliteParams,
        response: { 200: MessageOnly },
      },
    },
    async (request) => {
      await service.remove(user(request), request.params.satelliteId);
      return { success: true as const, message: 'Satellite deleted' };
    },
  );
  app.post(
    '/api/satellites/:satelliteId/rotate-key',
    {
      config: { auth: auth.user(), access: managesSatellite },
      schema: {
        operationId: 'rotateSatelliteKey',
        summary: 'Replace a satellite’s API key (the old one stops at once)',
        tags,
        params: SatelliteParams,
        response: { 200: RegisteredResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store'); // the new API key is shown once
      return {
        success: true as const,
        data: await service.rotateKey(user(request), request.params.satelliteId),
      };
    },
  );

  await app.register(satelliteMetricsRoutes, { service, source: metrics });

  // ---- the satellite's own channels (its API key only, and only for itself)
  app.post(
    '/api/satellites/:satelliteId/heartbeat',
    {
      config: { auth: auth.satellite(), rateLimit: 'satellite' },
      schema: {
        operationId: 'satelliteHeartbeat',
        summary: 'Report health and metrics; answers the next interval and pending commands',
        tags,
        params: SatelliteParams,
        body: HeartbeatBody,
        response: { 200: HeartbeatResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.heartbeat(satellite(request), request.body),
    }),
  );
  app.get(
    '/api/satellites/:satelliteId/commands',
    {
      config: { auth: auth.satellite(), rateLimit: 'satellite' },
      schema: {
        operationId: 'pollSatelliteCommands',
        summary: 'Pending commands, most urgent and oldest first; marks them delivered',
        tags,
        params: SatelliteParams,
        querystring: CommandsQuery,
        response: { 200: CommandsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.pollCommands(satellite(request), Number(request.query.limit ?? '10')),
    }),
  );
  app.post(
    '/api/satellites/:satelliteId/commands/:commandId/result',
    {
      config: { auth: auth.satellite(), rateLimit: 'satellite' },
      schema: {
        operationId: 'reportCommandResult',
        summary: 'Report a command’s progress or outcome',
        tags,
        params: CommandParams,
        body: CommandResultBody,
        response: { 200: CommandResultResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.commandResult(satellite(request), request.params.commandId, request.body),
    }),
  );
  app.get(
    '/api/satellites/:satelliteId/config',
    {
      config: { auth: auth.satellite(), rateLimit: 'satellite' },
      schema: {
        operationId: 'getSatelliteConfig',
        summary:
          'The instances this satellite runs, with merged values; ETag / If-None-Match give 304',
        tags,
        params: SatelliteParams,
        response: {
          200: ConfigResponse,
          304: { description: 'Unchanged since the ETag given', type: 'null' },
        },
      },
    },
    async (request, reply) => {
      const { etag, body } = await service.configuration(satellite(request));
      reply.header('etag', etag).header('cache-control', 'no-store');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return { success: true as const, data: body };
    },
  );

  app.post(
    '/api/satellites/:satelliteId/events',
    {
      config: { auth: auth.satellite(), rateLimit: 'satellite' },
      schema: {
        operationId: 'postSatelliteEvents',
        summary:
          'A batch of 1 to 100 events, applied in order; bad events are reported, good ones land',
        description:
          'Each event runs on its own: unknown type, invalid data or timestamp, and handler or storage ' +
          'failures are listed in failures with their index. The answer is 200 for full and partial success.',
        tags,
        params: SatelliteParams,
        body: EventBatchBody,
        response: { 200: EventBatchResponse },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await events.process(satellite(request), request.body.events)),
    }),
  );
};
