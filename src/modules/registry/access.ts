import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken, sessionCookie } from '../../http/auth/credentials.js';
import { AppError } from '../../http/errors.js';
import type { UserActor } from '../../http/auth/types.js';

export const REGISTRY_SCOPE = 'registry:read';
export const PUBLIC_ACCESS_SETTING = 'registry.public_access';

/** The registry API's resource identifier and its RFC 9728 metadata address. */
export function registryResource(baseUrl: string) {
  return {
    resource: `${baseUrl}/v0.1`,
    metadataUrl: `${baseUrl}/.well-known/oauth-protected-resource/v0.1`,
  };
}

/**
 * Who may read the served registry: anyone while an administrator has made it public
 * (`registry.public_access`), otherwise a signed-in session or an OAuth access token with the
 * `registry:read` scope. Refusals carry RFC 6750/9728 `WWW-Authenticate` so that a client can
 * find the authorization server from the metadata.
 */
export function registryAccess(
  app: FastifyInstance,
  deps: {
    baseUrl: string;
    isPublic: () => Promise<boolean>;
    /** Resolves an access token meant for no resource or for `resource` (access-tokens.ts). */
    resolveToken: (token: string, resource: string) => Promise<UserActor | null>;
  },
) {
  const { resource, metadataUrl } = registryResource(deps.baseUrl);
  const challenge = (reply: FastifyReply, extra = '') =>
    reply.header(
      'www-authenticate',
      `Bearer resource_metadata="${metadataUrl}", scope="${REGISTRY_SCOPE}"${extra}`,
    );

  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (await deps.isPublic()) return;
    const bearer = bearerToken(request);
    if (bearer) {
      const actor = await deps.resolveToken(bearer, resource);
      if (!actor) {
        challenge(reply, ', error="invalid_token"');
        throw new AppError(
          401,
          'AUTHENTICATION_REQUIRED',
          'The access token is invalid or expired',
        );
      }
      if (!actor.scopes.includes(REGISTRY_SCOPE)) {
        challenge(reply, ', error="insufficient_scope"');
        throw new AppError(403, 'FORBIDDEN', `The access token lacks the scope ${REGISTRY_SCOPE}`);
      }
      request.actor = actor;
      return;
    }
    const cookie = sessionCookie(request);
    if (cookie) {
      const actor = await app.credentials.session?.(cookie, request, reply);
      if (actor) {
        request.actor = actor;
        return;
      }
    }
    challenge(reply);
    throw new AppError(
      401,
      'AUTHENTICATION_REQUIRED',
      'Authentication is required to read this registry',
    );
  };
}
