import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../lib/clock.js';
import type { MembershipListener } from '../teams/service.js';
import { createOAuthAuthorization, type OAuthAuthorization } from './authorization.js';
import { createOAuthIntrospection, type OAuthIntrospection } from './introspection.js';
import { createOAuthManagement, type OAuthManagement } from './management.js';
import { createOAuthRegistration, type OAuthRegistration } from './registration.js';
import type { OAuthRepository } from './repository.js';
import type { OAuthServiceDeps } from './service-support.js';
import { createOAuthTokens, type OAuthTokens } from './token-issuing.js';

export {
  CODE_TTL_SECONDS,
  type AuthorizationCheck,
  type AuthorizationQuery,
  type AuthorizationRequest,
} from './authorization.js';
export { REFRESH_TOKEN_TTL_SECONDS, s256 } from './token-issuing.js';
export type { OAuthServiceDeps } from './service-support.js';

/**
 * The OAuth 2.1 authorization server, in its parts: the authorization endpoint and consent
 * (authorization.ts), the token endpoint (token-issuing.ts), revocation, introspection and
 * userinfo (introspection.ts), registration and discovery (registration.ts), and what users and
 * administrators see and end of the grants (management.ts).
 */
export interface OAuthService
  extends OAuthAuthorization, OAuthTokens, OAuthIntrospection, OAuthManagement, OAuthRegistration {}

export function createOAuthService(deps: OAuthServiceDeps): OAuthService {
  return {
    ...createOAuthAuthorization(deps),
    ...createOAuthTokens(deps),
    ...createOAuthIntrospection(deps),
    ...createOAuthManagement(deps),
    ...createOAuthRegistration(deps),
  };
}

/** Leaving a team (or being removed from it) ends the OAuth tokens bound to that team at once. */
export function createOAuthMembershipListener(
  repository: OAuthRepository,
  clock: Clock,
): MembershipListener {
  return {
    memberAdded: async () => {},
    memberRemoved: async (teamId, userId, tx) => {
      await repository.revokeMatching(
        (t) => and(eq(t.userId, userId), eq(t.teamId, teamId)),
        clock(),
        tx,
      );
    },
  };
}
