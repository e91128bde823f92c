import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { auth } from '../../http/auth/declare.js';
import { bearerToken } from '../../http/auth/credentials.js';
import { userActor } from '../../http/auth/actor.js';
import { done, ok, okFields } from '../../http/envelope.js';
import { UnauthorizedError } from '../../http/errors.js';
import { ErrorEnvelopeRef } from '../../http/schemas.js';
import { OAuthError } from './errors.js';
import {
  AdminClientsResponse,
  AuthorizedClientParams,
  AuthorizedClientsResponse,
  MetadataResponse,
  RegistrationBody,
  RegistrationResponse,
  RevokeResponse,
  TeamClientsParams,
  TeamClientsResponse,
  UserinfoResponse,
} from './schemas.js';
import type { OAuthService } from './service.js';
import type { RouteApp } from '../../http/route-app.js';

const tags = ['OAuth 2.0'];

/** OpenID Connect discovery: the same metadata where OpenID clients look. */
function registerDiscoveryRoute(app: RouteApp, service: OAuthService) {
  app.get(
    '/.well-known/openid-configuration',
    {
      config: { auth: auth.public() },
      schema: {
        operationId: 'getOpenIdConfiguration',
        summary: 'The same metadata, where clients that only know OpenID Connect discovery look',
        tags,
        response: { 200: MetadataResponse },
      },
    },
    async () => okFields(service.metadata()),
  );
}

/** Dynamic client registration (RFC 7591). */
function registerRegistrationRoute(app: RouteApp, service: OAuthService) {
  app.post(
    '/api/oauth2/register',
    {
      config: { auth: auth.public(), rateLimit: 'oauth-registration' },
      attachValidation: true,
      schema: {
        operationId: 'oauthRegisterClient',
        summary: 'Dynamic client registration (RFC 7591), public clients only',
        description:
          'Registers a public client (token_endpoint_auth_method none, authorization code with ' +
          'PKCE). Redirect URIs must be https URLs or http URLs on a loopback host, and are ' +
          'matched exactly. Refusals follow RFC 7591 §3.2.2 (invalid_redirect_uri, ' +
          'invalid_client_metadata) inside the error envelope.',
        tags,
        body: RegistrationBody,
        response: {
          201: RegistrationResponse,
          429: ErrorEnvelopeRef('Too many registrations from this address'),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (request.validationError)
        throw new OAuthError('invalid_client_metadata', 'The client metadata is malformed');
      const registered = await service.registerClient(request.body, request);
      return reply.code(201).send(okFields(registered));
    },
  );
}

/** OpenID Connect userinfo for a bearer access token. */
function registerUserinfoRoute(app: RouteApp, service: OAuthService) {
  app.get(
    '/api/oauth2/userinfo',
    {
      config: { auth: auth.public() },
      schema: {
        operationId: 'oauthUserinfo',
        summary: 'Who an access token acts for (OpenID Connect userinfo)',
        description:
          'Bearer access token of any scope. email and email_verified only with user:read or ' +
          'account:read. Without a valid token: 401 with WWW-Authenticate.',
        tags,
        response: {
          200: UserinfoResponse,
          401: ErrorEnvelopeRef('No valid access token'),
        },
      },
    },
    async (request, reply) => {
      const token = bearerToken(request);
      const info = token ? await service.userinfo(token) : null;
      if (!info) {
        reply.header(
          'www-authenticate',
          token ? 'Bearer error="invalid_token"' : 'Bearer realm="groundstation"',
        );
        throw new UnauthorizedError('A valid access token is required');
      }
      return reply.header('cache-control', 'no-store').send(okFields(info));
    },
  );
}

/** The applications the caller has authorized, and ending one's access. */
function registerAuthorizedClientRoutes(app: RouteApp, service: OAuthService) {
  app.get(
    '/api/oauth2/authorized-clients',
    {
      config: { auth: auth.user() },
      schema: {
        operationId: 'listAuthorizedOAuthClients',
        summary: 'The applications the caller has authorized, grouped by client',
        tags,
        response: { 200: AuthorizedClientsResponse },
      },
    },
    async (request) => ok({ clients: await service.authorizedClients(userActor(request).userId) }),
  );

  app.delete(
    '/api/oauth2/authorized-clients/:clientId',
    {
      config: { auth: auth.user() },
      schema: {
        operationId: 'revokeAuthorizedOAuthClient',
        summary: 'Revoke every grant and token the caller gave one client, and forget the approval',
        tags,
        params: AuthorizedClientParams,
        response: { 200: RevokeResponse },
      },
    },
    async (request) => {
      await service.revokeClientOf(userActor(request).userId, request.params.clientId, request);
      return done('Access revoked');
    },
  );
}

/** Administrators' list of registered clients, and their revocation. */
function registerAdminClientRoutes(app: RouteApp, service: OAuthService) {
  app.get(
    '/api/oauth2/clients',
    {
      config: { auth: auth.user({ permission: 'settings.view' }) },
      schema: {
        operationId: 'listOAuthClients',
        summary: 'Registered and metadata-document OAuth clients (administrators)',
        tags,
        response: { 200: AdminClientsResponse },
      },
    },
    async () => ok({ clients: await service.listClients() }),
  );

  app.delete(
    '/api/oauth2/clients/:clientId',
    {
      config: { auth: auth.user({ permission: 'settings.edit' }) },
      schema: {
        operationId: 'revokeOAuthClient',
        summary: 'Revoke a registered client: it can no longer authorize, and its tokens end',
        tags,
        params: AuthorizedClientParams,
        response: { 200: RevokeResponse },
      },
    },
    async (request) => {
      await service.revokeClient(request.params.clientId, request);
      return done('Client revoked');
    },
  );
}

/** Team administrators: the applications acting for the team. */
function registerTeamClientsRoute(app: RouteApp, service: OAuthService) {
  app.get(
    '/api/teams/:teamId/oauth-clients',
    {
      config: {
        auth: auth.user({ team: { param: 'teamId', permission: 'team.members.manage' } }),
      },
      schema: {
        operationId: 'listTeamOAuthClients',
        summary:
          'Applications that hold usable tokens for the team, and whose (team administrators)',
        tags,
        params: TeamClientsParams,
        response: { 200: TeamClientsResponse },
      },
    },
    async (request) => ok({ clients: await service.teamClients(request.params.teamId) }),
  );
}

/**
 * The authorization server's routes for clients other than the built-in one: OpenID discovery,
 * dynamic registration, userinfo, and managing authorized and registered clients.
 */
export const oauthClientRoutes: FastifyPluginAsyncTypebox<{ service: OAuthService }> = async (
  app,
  { service },
) => {
  // In this order: the OpenAPI description lists the routes as they are registered.
  registerDiscoveryRoute(app, service);
  registerRegistrationRoute(app, service);
  registerUserinfoRoute(app, service);
  registerAuthorizedClientRoutes(app, service);
  registerAdminClientRoutes(app, service);
  registerTeamClientsRoute(app, service);
};
