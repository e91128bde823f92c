import type { FastifyPluginAsync } from 'fastify';
import type { CredentialResolvers } from '../../http/auth/types.js';
import type { Executor } from '../../db/client.js';
import { createCsrf } from '../../lib/csrf.js';
import type { AuthService } from '../auth/service.js';
import type { ModuleContext } from '../context.js';
import type { TeamRepository } from '../teams/repository.js';
import type { UserRepository } from '../users/repository.js';
import { createAccessTokenRepository, createAccessTokenService } from './access-tokens.js';
import type { OAuthConfig } from './config.js';
import { createOAuthRepository } from './repository.js';
import { oauthRoutes } from './routes.js';
import { createOAuthMembershipListener, createOAuthService } from './service.js';
import { createConfiguredClientDirectory } from './setup.js';

export interface OAuthModuleDeps extends Pick<ModuleContext, 'db' | 'clock' | 'baseUrl'> {
  config: OAuthConfig;
  /** Signs the consent form's CSRF tokens. */
  sessionSecret: Buffer;
  users: UserRepository;
  teams: TeamRepository;
  /** Records that a member's access ended, for the satellites of their teams. */
  accessEnded: (userId: string, tx: Executor) => Promise<void>;
}

/** What the OAuth routes need that is built after this module: the sign-in service. */
export interface OAuthRouteLateDeps {
  auth: AuthService;
}

/**
 * The OAuth authorization server: clients, consent, and the access tokens it issues (which the
 * other modules check). Its routes take the sign-in service when they are registered.
 */
export function createOAuthModule(deps: OAuthModuleDeps) {
  const { db, clock } = deps;
  const accessTokens = createAccessTokenService({
    repository: createAccessTokenRepository(db.orm),
    clock,
  });
  const repository = createOAuthRepository(db.orm);
  const service = createOAuthService({
    db,
    repository,
    accessTokens,
    users: deps.users,
    teams: deps.teams,
    clients: createConfiguredClientDirectory(deps.config.oauth, db.orm, clock),
    clock,
    issuer: deps.baseUrl,
    accessEnded: deps.accessEnded,
  });
  const csrf = createCsrf(deps.sessionSecret);
  const routes: FastifyPluginAsync<OAuthRouteLateDeps> = async (app, late) => {
    await app.register(oauthRoutes, {
      service,
      auth: late.auth,
      users: deps.users,
      csrf,
      baseUrl: deps.baseUrl,
    });
  };
  return {
    accessTokens,
    /** For the teams service: a member who leaves a team loses its grants. */
    membershipListener: createOAuthMembershipListener(repository, clock),
    service,
    credentials: { accessToken: accessTokens.resolve } satisfies CredentialResolvers,
    routes,
  };
}
