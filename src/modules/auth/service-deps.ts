import type { Logger } from 'pino';
import type { Database, Executor } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { Mailer } from '../email/mailer.js';
import type { AccessTokenService } from '../oauth/access-tokens.js';
import type { LimitRule, RateLimiter } from '../rate-limits/limiter.js';
import type { SettingsService } from '../settings/service.js';
import type { TeamService } from '../teams/service.js';
import type { UserRepository } from '../users/repository.js';
import type { EmailTokenRepository } from './email-token-repository.js';
import type { SessionService } from './sessions.js';

export interface LoginLimits {
  perAccount: LimitRule;
  perAddress: LimitRule;
}

export interface AuthServiceDeps {
  db: Database;
  users: UserRepository;
  teams: TeamService;
  sessions: SessionService;
  accessTokens: AccessTokenService;
  emailTokens: EmailTokenRepository;
  settings: SettingsService;
  mailer: Mailer;
  limiter: RateLimiter;
  limits: LoginLimits;
  clock: Clock;
  baseUrl: string;
  logger: Logger;
  /** Tells satellites to forget what they cached of the account's tokens (pending work). */
  accessEnded?: (userId: string, tx: Executor) => Promise<void>;
}
