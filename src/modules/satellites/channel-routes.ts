import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { satelliteActor } from '../../http/auth/actor.js';
import { auth } from '../../http/auth/declare.js';
import type { SatelliteActor } from '../../http/auth/types.js';
import { ok, okFields } from '../../http/envelope.js';
import {
  CommandParams,
  CommandResultBody,
  CommandResultResponse,
  CommandsQuery,
  CommandsResponse,
  WireCommandResultBody,
} from './command-schemas.js';
import type { CommandQueue } from './commands.js';
import {
  ConfigResponse,
  GitHubTokenParams,
  GitHubTokenResponse,
  OpenQuery,
  TokenRetrieveResponse,
  TokenStatusResponse,
  UpstreamTokenBody,
} from './config-schemas.js';
import type { Configuration } from './configuration.js';
import { SatelliteParams } from './schemas.js';
import type { RouteApp } from '../../http/route-app.js';
import type { UpstreamTokens } from './upstream-tokens.js';

const tags = ['Satellites'];

/** Every channel route: the satellite's own key, under the satellites' rate limit. */
const config = () => ({ auth: auth.satellite(), rateLimit: 'satellite' as const });

/** Command polls and the two routes a satellite reports a command's result on. */
function commandRoutes(app: RouteApp, commands: CommandQueue) {
  app.get(
    '/api/satellites/:satelliteId/commands',
    {
      config: config(),
      schema: {
        operationId: 'pollSatelliteCommands',
        summary: 'Pending commands, most urgent and oldest first; marks them delivered',
        tags,
        params: SatelliteParams,
        querystring: CommandsQuery,
        response: { 200: CommandsResponse },
      },
    },
    async (request) =>
      okFields(await commands.poll(satelliteActor(request), Number(request.query.limit ?? '10'))),
  );

  // Both result routes run the same code; only where the command id comes from differs.
  const resultOf = async (
    actor: SatelliteActor,
    commandId: string,
    body: Parameters<CommandQueue['recordResult']>[2],
  ) => ok(await commands.recordResult(actor, commandId, body));
  app.post(
    '/api/satellites/:satelliteId/command-result',
    {
      config: config(),
      schema: {
        operationId: 'reportSatelliteCommandResult',
        summary: 'Report a command’s outcome, naming the command in the body',
        tags,
        params: SatelliteParams,
        querystring: OpenQuery,
        body: WireCommandResultBody,
        response: { 200: CommandResultResponse },
      },
    },
    async (request) => resultOf(satelliteActor(request), request.body.command_id, request.body),
  );
  app.post(
    '/api/satellites/:satelliteId/commands/:commandId/result',
    {
      config: config(),
      schema: {
        operationId: 'reportCommandResult',
        summary: 'Report a command’s progress or outcome (same as …/command-result)',
        tags,
        params: CommandParams,
        querystring: OpenQuery,
        body: CommandResultBody,
        response: { 200: CommandResultResponse },
      },
    },
    async (request) => resultOf(satelliteActor(request), request.params.commandId, request.body),
  );
}

/** The satellite's configuration, answered 304 when unchanged. */
function configRoute(app: RouteApp, configuration: Configuration) {
  app.get(
    '/api/satellites/:satelliteId/config',
    {
      config: config(),
      schema: {
        operationId: 'getSatelliteConfig',
        summary:
          'The member instances this satellite runs, with merged values; If-None-Match gives 304',
        description:
          'Never 304 without If-None-Match: the DeployStack satellite sends none and counts 304 as a failure.',
        tags,
        params: SatelliteParams,
        querystring: OpenQuery,
        response: {
          200: ConfigResponse,
          304: { description: 'Unchanged since the ETag given', type: 'null' },
        },
      },
    },
    async (request, reply) => {
      const { etag, body } = await configuration.build(satelliteActor(request));
      reply.header('etag', etag).header('cache-control', 'no-store');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return okFields(body);
    },
  );
}

/** The credentials a satellite asks for on behalf of members. */
function upstreamTokenRoutes(app: RouteApp, upstreamTokens: UpstreamTokens) {
  app.post(
    '/api/satellites/:satelliteId/tokens/status',
    {
      config: config(),
      schema: {
        operationId: 'getSatelliteOAuthTokenStatus',
        summary:
          'Whether a member’s upstream OAuth token exists for an installation; refreshed first when due',
        tags,
        params: SatelliteParams,
        querystring: OpenQuery,
        body: UpstreamTokenBody,
        response: { 200: TokenStatusResponse },
      },
    },
    async (request, reply) => {
      const status = await upstreamTokens.oauthStatus(
        satelliteActor(request),
        request.body,
        request,
      );
      reply.header('cache-control', 'no-store');
      return okFields({ ...status, data: status });
    },
  );
  app.post(
    '/api/satellites/:satelliteId/tokens/retrieve',
    {
      config: config(),
      schema: {
        operationId: 'retrieveSatelliteOAuthToken',
        summary:
          'A member’s upstream OAuth access token for an installation (never the refresh token); 404 while none is stored',
        tags,
        params: SatelliteParams,
        querystring: OpenQuery,
        body: UpstreamTokenBody,
        response: { 200: TokenRetrieveResponse },
      },
    },
    async (request, reply) => {
      const token = await upstreamTokens.oauthRetrieve(
        satelliteActor(request),
        request.body,
        request,
      );
      reply.header('cache-control', 'no-store');
      return okFields({ ...token, data: token });
    },
  );
  app.get(
    '/api/satellites/:satelliteId/github-token/:installationId',
    {
      config: config(),
      schema: {
        operationId: 'getSatelliteGitHubToken',
        summary:
          'A GitHub token to download an installation’s repository; 404: download anonymously',
        tags,
        params: GitHubTokenParams,
        querystring: OpenQuery,
        response: { 200: GitHubTokenResponse },
      },
    },
    async (request) =>
      upstreamTokens.githubToken(satelliteActor(request), request.params.installationId),
  );
}

/**
 * What a satellite fetches with its own key: commands, their results, its configuration, and
 * the credentials it asks for on behalf of members. Answers keep the envelope and also carry,
 * at the top level, the keys the DeployStack satellite reads (docs/satellites.md).
 */
export const satelliteChannelRoutes: FastifyPluginAsyncTypebox<{
  commands: CommandQueue;
  configuration: Configuration;
  upstreamTokens: UpstreamTokens;
}> = async (app, { commands, configuration, upstreamTokens }) => {
  commandRoutes(app, commands);
  configRoute(app, configuration);
  upstreamTokenRoutes(app, upstreamTokens);
};
