import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { auth } from '../../http/auth/declare.js';
import { userActor } from '../../http/auth/actor.js';
import { ok } from '../../http/envelope.js';
import { ErrorEnvelopeRef } from '../../http/schemas.js';
import { CALLBACK_PATH, CLIENT_METADATA_PATH, clientMetadataDocument } from './client.js';
import { SignInRefused, type Connections } from './connections.js';
import type { RouteApp } from '../../http/route-app.js';
import {
  CallbackQuery,
  ClientMetadataDocument,
  ConnectBody,
  ConnectionResponse,
  ConnectQuery,
  ConnectResponse,
  DisconnectResponse,
  InstanceParams,
  Redirect,
} from './schemas.js';

const tags = ['Upstream OAuth'];
const ONE = '/api/teams/:teamId/mcp/installations/:installationId/oauth';
const refused = ErrorEnvelopeRef(
  'The server does not use OAuth, or its authorization server could not be used',
);

/** A member's sign-in to a remote MCP server, and the pages authorization servers reach. */
export const upstreamOAuthRoutes: FastifyPluginAsyncTypebox<{
  connections: Connections;
  baseUrl: string;
}> = async (app, { connections, baseUrl }) => {
  connectRoutes(app, connections);
  connectionRoutes(app, connections);
  serverFacingRoutes(app, connections, baseUrl);
};

/** Starting a sign-in: from the web app (JSON) or straight from a browser (redirect). */
function connectRoutes(app: RouteApp, connections: Connections) {
  const member = auth.team();
  app.post(
    `${ONE}/connect`,
    {
      // Each start discovers and may register at the server: counted with the OAuth routes.
      config: { auth: member, rateLimit: 'oauth' },
      schema: {
        operationId: 'startUpstreamOAuth',
        summary: 'Start signing in to the server with OAuth; returns where to send the browser',
        tags,
        params: InstanceParams,
        body: ConnectBody,
        response: { 200: ConnectResponse, 409: refused },
      },
    },
    async (request, reply) => {
      const { teamId, installationId } = request.params;
      const data = await connections.start(
        userActor(request),
        teamId,
        installationId,
        request.body.return_to,
      );
      reply.header('cache-control', 'no-store');
      return ok(data);
    },
  );
  app.get(
    `${ONE}/connect`,
    {
      config: { auth: member, changes: true, rateLimit: 'oauth' },
      schema: {
        operationId: 'startUpstreamOAuthInBrowser',
        summary: 'Start signing in from a browser: redirects to the authorization server',
        tags,
        params: InstanceParams,
        querystring: ConnectQuery,
        response: { 302: Redirect('To the authorization server'), 409: refused },
      },
    },
    async (request, reply) => {
      const { teamId, installationId } = request.params;
      const { authorization_url } = await connections.start(
        userActor(request),
        teamId,
        installationId,
        request.query.return_to,
      );
      return reply.header('cache-control', 'no-store').redirect(authorization_url, 302);
    },
  );
}

/** The member's sign-in once made: whether it holds, and disconnecting. */
function connectionRoutes(app: RouteApp, connections: Connections) {
  const member = auth.team();
  app.get(
    ONE,
    {
      config: { auth: member },
      schema: {
        operationId: 'getUpstreamOAuth',
        summary: 'Whether the caller is signed in to the server (never the tokens)',
        tags,
        params: InstanceParams,
        response: { 200: ConnectionResponse, 409: refused },
      },
    },
    async (request) =>
      ok(
        await connections.status(
          userActor(request),
          request.params.teamId,
          request.params.installationId,
        ),
      ),
  );
  app.delete(
    ONE,
    {
      config: { auth: member },
      schema: {
        operationId: 'disconnectUpstreamOAuth',
        summary: 'Disconnect: revoke the tokens at the server where it allows, then delete them',
        tags,
        params: InstanceParams,
        response: { 200: DisconnectResponse, 409: refused },
      },
    },
    async (request) =>
      ok(
        await connections.disconnect(
          userActor(request),
          request.params.teamId,
          request.params.installationId,
          request,
        ),
      ),
  );
}

/** Whether a request is a browser's navigation (it asks for a page), not an API call. */
const acceptsHtml = (accept: string | undefined) => accept?.includes('text/html') === true;

/** The pages authorization servers reach: the callback, and the client metadata document. */
function serverFacingRoutes(app: RouteApp, connections: Connections, baseUrl: string) {
  app.get(
    CALLBACK_PATH,
    {
      config: { auth: auth.user(), changes: true, rateLimit: 'oauth' },
      schema: {
        operationId: 'upstreamOAuthCallback',
        summary:
          'Where the authorization server sends the member back (state bound to the session)',
        tags,
        querystring: CallbackQuery,
        response: {
          302: Redirect(
            'Back to the page the sign-in started from, with `upstream_oauth=connected`; for a browser also when the server refused (`upstream_oauth=refused&upstream_error=…`)',
          ),
          409: refused,
        },
      },
    },
    async (request, reply) => {
      const back = (returnTo: string, params: Record<string, string>) => {
        const target = new URL(returnTo, baseUrl);
        for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
        return reply
          .header('cache-control', 'no-store')
          .redirect(`${target.pathname}${target.search}`, 302);
      };
      try {
        const done = await connections.complete(userActor(request), request.query, request);
        return back(done.returnTo, {
          upstream_oauth: 'connected',
          installation_id: done.installationId,
        });
      } catch (error) {
        // A browser goes back to its page, which says so; other callers get the 409.
        if (!(error instanceof SignInRefused) || !acceptsHtml(request.headers.accept)) throw error;
        return back(error.returnTo, {
          upstream_oauth: 'refused',
          installation_id: error.installationId,
          upstream_error: error.reason,
        });
      }
    },
  );
  app.get(
    CLIENT_METADATA_PATH,
    {
      config: { auth: auth.public() },
      schema: {
        operationId: 'getUpstreamOAuthClientMetadata',
        summary: 'Groundstation’s client ID metadata document, for authorization servers',
        tags,
        response: { 200: ClientMetadataDocument },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return clientMetadataDocument(baseUrl);
    },
  );
}
