import type { FastifyPluginAsync } from 'fastify';
import type { CredentialResolvers } from '../../http/auth/types.js';
import type { Executor } from '../../db/client.js';
import type { ModuleContext } from '../context.js';
import type { Mailer } from '../email/mailer.js';
import type { AccessTokenService } from '../oauth/access-tokens.js';
import { createRateLimiter } from '../rate-limits/limiter.js';
import type { SettingsService } from '../settings/service.js';
import type { TeamService } from '../teams/service.js';
import type { UserRepository } from '../users/repository.js';
import type { AuthConfig } from './config.js';
import { createEmailTokenRepository } from './email-token-repository.js';
import { authRoutes } from './routes.js';
import { createAuthService } from './service.js';
import { createSessionRepository } from './session-repository.js';
import { createSessionService } from './sessions.js';

export interface AuthModuleDeps extends Pick<
  ModuleContext,
  'db' | 'clock' | 'logger' | 'signals' | 'baseUrl'
> {
  config: AuthConfig;
  users: UserRepository;
  teams: TeamService;
  accessTokens: AccessTokenService;
  settings: SettingsService;
  mailer: Mailer;
  /** Tells satellites to forget what they cached of the account's tokens (pending work). */
  accessEnded: (userId: string, tx: Executor) => Promise<void>;
}

/** Accounts' sign-in: registration, sessions, email verification and password resets. */
export function createAuthModule(deps: AuthModuleDeps) {
  const { db, clock, config } = deps;
  const sessions = createSessionService({
    repository: createSessionRepository(db.orm, db.statementNames.changes),
    clock,
    cacheMs: config.sessionCacheMs,
    signalledCacheMs: config.sessionCacheSignalledMs,
    signals: deps.signals,
  });
  const window = config.loginLimits.windowSeconds;
  const service = createAuthService({
    db,
    accessEnded: deps.accessEnded,
    users: deps.users,
    teams: deps.teams,
    sessions,
    accessTokens: deps.accessTokens,
    emailTokens: createEmailTokenRepository(db.orm),
    settings: deps.settings,
    mailer: deps.mailer,
    limiter: createRateLimiter(db, clock),
    limits: {
      perAccount: { limit: config.loginLimits.perAccount, windowSeconds: window },
      perAddress: { limit: config.loginLimits.perAddress, windowSeconds: window },
    },
    clock,
    baseUrl: deps.baseUrl,
    logger: deps.logger,
  });
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(authRoutes, { service, sessions });
  };
  return {
    sessions,
    service,
    credentials: { session: sessions.resolve } satisfies CredentialResolvers,
    routes,
  };
}
