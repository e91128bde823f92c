import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access, auth } from '../../http/auth/declare.js';
import { registrationActor, satelliteActor, userActor } from '../../http/auth/actor.js';
import { done, ok, okFields } from '../../http/envelope.js';
import { pageOf } from '../../http/pagination.js';
import { MessageOnly } from '../../http/schemas.js';
import {
  CreatedTokenResponse,
  CreateTokenBody,
  ListQuery,
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
import { HeartbeatBody, HeartbeatResponse } from './heartbeat-schemas.js';
import { PairedResponse, RegisterBody } from './pairing-schemas.js';
import type { StreamSource } from '../../http/stream/source.js';
import { satelliteMetricsRoutes } from './metrics-routes.js';
import { satelliteChannelRoutes } from './channel-routes.js';
import type { MetricsFilters } from './metrics-source.js';
import type { MetricView } from './metrics-schemas.js';
import type { RouteApp } from '../../http/route-app.js';

const tags = ['Satellites'];

// Who may act depends on the satellite or token named, so these checks are the routes'
// config.access: they run before validation, and 403/404 come before 400.

/** The access rule of the routes of one satellite its administrators manage. */
const managesSatellite = (service: SatelliteService) =>
  access.byPath((r) =>
    service.mustManage(userActor(r), (r.params as { satelliteId: string }).satelliteId),
  );

/** The access rule of the routes of one registration token. */
const managesToken = (service: SatelliteService) =>
  access.byPath((r) =>
    service.mustManageToken(userActor(r), (r.params as { tokenId: string }).tokenId),
  );

/** Registration tokens (global admins: global tokens; team admins: their team's). */
function registrationTokenRoutes(app: RouteApp, service: SatelliteService) {
  app.post(
    '/api/satellites/registration-tokens',
    {
      config: {
        auth: auth.user(),
        access: access.byBody((r) => service.mayCreateToken(userActor(r), r.body)),
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
        .send(ok(await service.createToken(userActor(request), request.body, request))),
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
    async (request) =>
      ok(
        await service.listTokens(userActor(request), pageOf(request.query), {
          state: request.query.state,
        }),
      ),
  );
  app.delete(
    '/api/satellites/registration-tokens/:tokenId',
    {
      config: { auth: auth.user(), access: managesToken(service) },
      schema: {
        operationId: 'revokeRegistrationToken',
        summary: 'Revoke an unused registration token',
        tags,
        params: TokenParams,
        response: { 200: MessageOnly },
      },
    },
    async (request) => {
      await service.revokeToken(userActor(request), request.params.tokenId, request);
      return done('Registration token revoked');
    },
  );
}

/** Pairing: a registration token buys a satellite its API key. */
function pairingRoute(app: RouteApp, service: SatelliteService) {
  app.post(
    '/api/satellites/register',
    {
      config: { auth: auth.registrationToken(), rateLimit: 'satellite-pairing' },
      schema: {
        operationId: 'registerSatellite',
        summary: 'Pair a satellite with a registration token; returns its API key once',
        tags,
        description:
          'Accepts `<prefix>satellite_<scope>_<JWT>` (prefix: SATELLITE_TOKEN_PREFIX) and the older ' +
          '`service_satellite_<JWT>`. Refusals are 401 with `error` one of registration_token_required, ' +
          'invalid_registration_token, token_expired, token_already_used, token_invalid_scope, and ' +
          'the words in `error_description`. Unknown body fields and query parameters are ignored.',
        body: RegisterBody,
        response: { 201: PairedResponse },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .header('cache-control', 'no-store') // the API key is shown once
        .send(
          okFields({
            message: 'Satellite registered',
            ...(await service.register(registrationActor(request), request.body, request)),
          }),
        ),
  );
}

/** The administration of satellite records: list, read, change, remove. */
function satelliteRecordRoutes(app: RouteApp, service: SatelliteService) {
  const manages = managesSatellite(service);
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
    async (request) => ok(await service.list(userActor(request), pageOf(request.query))),
  );
  app.get(
    '/api/satellites/:satelliteId',
    {
      config: { auth: auth.user(), access: manages },
      schema: {
        operationId: 'getSatellite',
        summary: 'One satellite',
        tags,
        params: SatelliteParams,
        response: { 200: SatelliteResponse },
      },
    },
    async (request) =>
      ok({ satellite: await service.get(userActor(request), request.params.satelliteId) }),
  );
  app.patch(
    '/api/satellites/:satelliteId',
    {
      config: { auth: auth.user(), access: manages },
      schema: {
        operationId: 'updateSatellite',
        summary:
          'Rename, disable or enable a satellite, or set its URL (the audience of its tokens)',
        tags,
        params: SatelliteParams,
        body: UpdateSatelliteBody,
        response: { 200: SatelliteResponse },
      },
    },
    async (request) =>
      ok({
        satellite: await service.update(
          userActor(request),
          request.params.satelliteId,
          request.body,
          request,
        ),
      }),
  );
  app.delete(
    '/api/satellites/:satelliteId',
    {
      config: { auth: auth.user(), access: manages },
      schema: {
        operationId: 'deleteSatellite',
        summary: 'Remove a satellite and its key',
        tags,
        params: SatelliteParams,
        response: { 200: MessageOnly },
      },
    },
    async (request) => {
      await service.remove(userActor(request), request.params.satelliteId, request);
      return done('Satellite deleted');
    },
  );
}

/** Replacing a satellite's API key. */
function keyRotationRoute(app: RouteApp, service: SatelliteService) {
  app.post(
    '/api/satellites/:satelliteId/rotate-key',
    {
      config: { auth: auth.user(), access: managesSatellite(service) },
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
      return ok(await service.rotateKey(userActor(request), request.params.satelliteId, request));
    },
  );
}

/** The satellite's heartbeat (its API key only, and only for itself). */
function heartbeatRoute(app: RouteApp, service: SatelliteService, bodyLimit: number) {
  app.post(
    '/api/satellites/:satelliteId/heartbeat',
    {
      // Its own limit: a satellite's other traffic never uses up its heartbeats (policies.ts).
      config: { auth: auth.satellite(), rateLimit: 'satellite-heartbeat' },
      bodyLimit,
      schema: {
        operationId: 'satelliteHeartbeat',
        summary: 'Report health and metrics; answers the next interval and pending commands',
        description:
          'Groundstation’s shape or the DeployStack satellite’s (docs/satellites.md). Only `status` ' +
          'is checked; other fields of an unexpected type are left out of the metrics, and unknown ' +
          'fields and query parameters are ignored.',
        tags,
        params: SatelliteParams,
        body: HeartbeatBody,
        response: { 200: HeartbeatResponse },
      },
    },
    async (request) => ok(await service.heartbeat(satelliteActor(request), request.body, request)),
  );
}

export const satelliteRoutes: FastifyPluginAsyncTypebox<{
  service: SatelliteService;
  metrics: StreamSource<MetricsFilters, MetricView>;
  heartbeatBodyLimitBytes: number;
}> = async (app, { service, metrics, heartbeatBodyLimitBytes }) => {
  registrationTokenRoutes(app, service);
  pairingRoute(app, service);
  satelliteRecordRoutes(app, service);
  keyRotationRoute(app, service);
  await app.register(satelliteMetricsRoutes, { service, source: metrics });
  // ---- the satellite's own channels (its API key only, and only for itself)
  heartbeatRoute(app, service, heartbeatBodyLimitBytes);
  await app.register(satelliteChannelRoutes, {
    commands: service.commands,
    configuration: service.configuration,
    upstreamTokens: service.upstreamTokens,
  });
  // Events and their history: event-routes.ts.
};
