import type { FastifyReply, FastifyRequest } from 'fastify';
import { authenticate } from '../auth/hook.js';
import type { Actor, AuthDeclaration, CredentialResolvers } from '../auth/types.js';
import { AppError } from '../errors.js';
import type { FreshCache } from './fresh-cache.js';

/** Whether the caller may still read the stream; when not, the error a new request would get. */
export type AccessVerdict =
  { allowed: true } | { allowed: false; status: number; code: string; error: string };

const ALLOWED: AccessVerdict = { allowed: true };

/** Streams are GET requests, which the cookie's origin check never refuses. */
const NO_ORIGINS: ReadonlySet<string> = new Set();

/** What a stream route checks when it opens: its auth declaration and its guard. */
export interface GuardedRoute {
  url: string;
  auth: AuthDeclaration;
  guard?: (request: FastifyRequest) => Promise<void>;
}

export interface StreamAccess {
  /** The caller's access now, by a check started at or after `since` (see createFreshCache). */
  verify(since: number): Promise<AccessVerdict>;
  /** The stream has ended: its checks are no longer shared on its behalf. */
  release(): void;
}

/**
 * The credential the caller proved itself with (one session, one access token), or null for
 * callers without one. Streams of one credential share their checks and count against one cap.
 */
export function credentialKey(actor: Actor | null): string | null {
  if (actor?.type !== 'user') return null;
  if (actor.via === 'cookie' && actor.sessionId) return `session ${actor.sessionId}`;
  const tokenId = actor.tokenPayload?.token_id;
  return typeof tokenId === 'string' ? `token ${tokenId}` : `user ${actor.userId}`;
}

/**
 * Re-checks, for as long as a stream is open, exactly what was checked when it opened: the
 * credential (a session logged out or expired, an access token revoked or expired, an account
 * disabled or deleted all fail it), the route's scope, permission and team membership, and the
 * route's guard (e.g. that the caller still manages the satellite). It re-runs the same auth code
 * on the stream's own request, so the stream and a new request can never disagree.
 *
 * Checks are shared through `cache`: the credential lookup among all streams of the credential,
 * and the whole check among its streams on the same route and path.
 */
export function watchAccess(
  cache: FreshCache,
  resolvers: CredentialResolvers,
  request: FastifyRequest,
  reply: FastifyReply,
  route: GuardedRoute,
): StreamAccess {
  const credential = credentialKey(request.actor);
  const credentialCacheKey = `credential ${credential}`;
  const routeKey = `access ${credential} ${route.url} ${JSON.stringify(request.params ?? {})}`;
  const releases = [cache.hold(routeKey), ...(credential ? [cache.hold(credentialCacheKey)] : [])];

  type Resolver = CredentialResolvers['session'];
  const shared = (resolver: Resolver, since: number): Resolver =>
    resolver &&
    (credential === null
      ? resolver
      : (token, req, rep) => cache.get(credentialCacheKey, since, () => resolver(token, req, rep)));

  async function check(since: number): Promise<AccessVerdict> {
    // Read at check time: modules fill in the resolvers after the routes are registered.
    const current: CredentialResolvers = {
      ...resolvers,
      session: shared(resolvers.session, since),
      accessToken: shared(resolvers.accessToken, since),
    };
    try {
      await authenticate(request, reply, route.auth, current, NO_ORIGINS);
      await route.guard?.(request);
      return ALLOWED;
    } catch (error) {
      // The answer a new request would get (401, 403, 404). Anything else, such as a database
      // outage, says nothing about access and is the caller's to handle.
      if (error instanceof AppError && error.statusCode >= 400 && error.statusCode < 500) {
        return { allowed: false, status: error.statusCode, code: error.code, error: error.message };
      }
      throw error;
    }
  }

  return {
    verify: (since) => cache.get(routeKey, since, () => check(since)),
    release: () => {
      for (const release of releases) release();
    },
  };
}
