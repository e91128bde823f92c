import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import {
  ConflictError,
  ForbiddenError,
  TooManyRequestsError,
  UnauthorizedError,
  ValidationError,
} from '../../http/errors.js';
import { addSeconds, type Clock } from '../../lib/clock.js';
import { issueSecret, parseIssuedToken, secretMatches } from '../../lib/crypto.js';
import { newId } from '../../lib/ids.js';
import type { Logger } from 'pino';
import { EmailNotConfiguredError, type Mailer } from '../email/mailer.js';
import type { AuditRequest } from '../audit/context.js';
import { audit, auditInsert } from '../audit/writer.js';
import type { AccessTokenService } from '../oauth/access-tokens.js';
import { addressKey as clientAddressKey } from '../rate-limits/address.js';
import type { RateLimiter, LimitRule } from '../rate-limits/limiter.js';
import type { SettingsService } from '../settings/service.js';
import type { TeamService } from '../teams/service.js';
import type { UserRepository, UserRow } from '../users/repository.js';
import type { EmailTokenPurpose, EmailTokenRepository } from './email-token-repository.js';
import { checkPasswordPolicy, hashPassword, verifyPassword } from './passwords.js';
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

const INVALID_LOGIN = 'Invalid login or password';
/**
 * Password guesses are counted per account, whichever name (username or email) is typed and
 * whether they come from sign-in or from a form that asks for the current password. Names
 * without an account are counted by name, so that they are limited like real ones.
 */
const accountLimitKey = (userId: string) => `login:account:${userId}`;
const unknownNameLimitKey = (login: string) => `login:name:${login.toLowerCase()}`;
// Serialises registrations so that exactly one account can become the first global_admin.
const REGISTRATION_LOCK = 7_242_019_002;
const VERIFY_TTL_SECONDS = 24 * 60 * 60;
const RESET_TTL_SECONDS = 60 * 60;

export function createAuthService(deps: AuthServiceDeps) {
  const { db, users, clock } = deps;

  /**
   * Counts one password attempt against `key` before the password is checked (so parallel
   * guesses cannot slip past the limit), refusing with 429 once the limit is passed. A right
   * password clears the count.
   */
  async function attemptPassword(key: string, storedHash: string | null, password: string) {
    const rule = deps.limits.perAccount;
    const state = await deps.limiter.hit(key, rule);
    if (state.count > rule.limit) throw new TooManyRequestsError(state.retryAfter);
    const valid = await verifyPassword(storedHash, password);
    if (valid) await deps.limiter.reset(key);
    return valid;
  }

  /**
   * Checks the password a signed-in user typed to confirm a sensitive change; wrong guesses
   * count toward the same per-account limit as sign-in (429 once it is passed).
   */
  async function confirmPassword(user: UserRow, password: string, field: string) {
    if (!(await attemptPassword(accountLimitKey(user.id), user.passwordHash, password))) {
      throw new ValidationError(`${field} is not correct`);
    }
  }

  /** Every way the account signs in elsewhere ends: OAuth grants always, sessions but `keep`. */
  async function endAccessAfterPasswordChange(
    userId: string,
    keep: string | undefined,
    tx: Executor,
  ) {
    await deps.sessions.endAllFor(userId, keep, tx);
    await deps.accessTokens.revokeAllFor(userId, tx);
    // Satellites would otherwise trust their cached introspection of those tokens for a minute.
    await deps.accessEnded?.(userId, tx);
  }

  async function sendToken(user: UserRow, purpose: EmailTokenPurpose) {
    const issued = issueSecret('etk');
    const now = clock();
    const ttl = purpose === 'verify_email' ? VERIFY_TTL_SECONDS : RESET_TTL_SECONDS;
    await db.orm.transaction(async (tx) => {
      await deps.emailTokens.retireOpen(user.id, purpose, now, tx);
      await deps.emailTokens.insert(
        {
          id: issued.id,
          userId: user.id,
          purpose,
          email: user.email,
          secretHash: issued.secretHash,
          createdAt: now,
          expiresAt: addSeconds(now, ttl),
        },
        tx,
      );
    });
    const email =
      purpose === 'verify_email'
        ? {
            subject: 'Confirm your Groundstation email address',
            text: `Hello ${user.username},\n\nConfirm this address by opening:\n${deps.baseUrl}/verify-email?token=${issued.token}\n\nThe link works once and expires in 24 hours.\n`,
          }
        : {
            subject: 'Reset your Groundstation password',
            text: `Hello ${user.username},\n\nChoose a new password by opening:\n${deps.baseUrl}/reset-password?token=${issued.token}\n\nOr send this token to POST /api/auth/password/reset:\n${issued.token}\n\nIt works once and expires in 1 hour. If you did not ask for it, ignore this email.\n`,
          };
    await deps.mailer.send({ to: user.email, ...email });
  }

  /** Finds a usable token and checks its secret; nothing is used up yet. */
  async function findToken(token: string, purpose: EmailTokenPurpose) {
    const parsed = parseIssuedToken(token);
    const invalid = new ValidationError(
      `The ${purpose === 'verify_email' ? 'verification' : 'reset'} token is invalid or has expired`,
    );
    const row = parsed ? await deps.emailTokens.findUsable(parsed.id, purpose, clock()) : null;
    if (!parsed || !row || !secretMatches(parsed.secret, row.secretHash)) throw invalid;
    return { row, invalid };
  }

  return {
    async register(
      input: { username: string; email: string; password: string },
      request: FastifyRequest,
    ) {
      checkPasswordPolicy(input.password, 'body.password', input);
      const passwordHash = await hashPassword(input.password);
      const registrationEnabled = await deps.settings.flag('auth.registration_enabled');
      const { user, token } = await db.orm.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${REGISTRATION_LOCK})`);
        const first = !(await users.anyExists(tx));
        if (!first && !registrationEnabled) {
          throw new ForbiddenError('Registration is switched off on this service');
        }
        if (await users.findByLogin(input.username, tx)) {
          throw new ConflictError('That username is taken', 'DUPLICATE');
        }
        if (await users.findByEmail(input.email, tx)) {
          throw new ConflictError('An account with that email already exists', 'DUPLICATE');
        }
        const created = await users.insert(
          {
            id: newId('usr'),
            username: input.username,
            email: input.email,
            passwordHash,
            globalRole: first ? 'global_admin' : 'global_user',
            passwordChangedAt: clock(),
          },
          tx,
        );
        await deps.teams.createDefaultTeam(created.id, created.username, tx);
        const token = await deps.sessions.start(created.id, request, tx);
        await audit(tx, {
          action: 'user.created',
          request,
          actor: { type: 'user', id: created.id },
          target: { type: 'user', id: created.id },
          details: { global_role: created.globalRole, via: 'registration' },
        });
        return { user: created, token };
      });
      if (await deps.mailer.isConfigured()) {
        // The account exists either way; a mail failure must not undo the registration.
        await sendToken(user, 'verify_email').catch((error: unknown) =>
          deps.logger.warn(
            { err: error, userId: user.id },
            'could not send the verification email',
          ),
        );
      }
      return { user, token };
    },

    async login(input: { login: string; password: string }, request: FastifyRequest) {
      const addressKey = `login:address:${clientAddressKey(request.ip)}`;
      const byAddress = await deps.limiter.hit(addressKey, deps.limits.perAddress);
      if (byAddress.count > deps.limits.perAddress.limit)
        throw new TooManyRequestsError(byAddress.retryAfter);

      const user = await users.findByLogin(input.login);
      const key = user ? accountLimitKey(user.id) : unknownNameLimitKey(input.login);
      const valid = await attemptPassword(key, user?.passwordHash ?? null, input.password);
      // The typed login name is never recorded: people type passwords into it by mistake.
      const signIn = (outcome: 'success' | 'failure', reason?: string) => ({
        action: 'auth.sign_in' as const,
        request,
        outcome,
        actor: { type: 'user' as const, id: user?.id ?? null },
        target: { type: 'user', id: user?.id ?? null },
        ...(reason ? { details: { reason } } : {}),
      });
      if (!user || !valid) {
        await audit(db.orm, signIn('failure', user ? 'wrong_password' : 'unknown_login'));
        throw new UnauthorizedError(INVALID_LOGIN);
      }
      if (user.disabledAt) {
        await audit(db.orm, signIn('failure', 'account_disabled'));
        throw new ForbiddenError('This account is disabled');
      }
      // The session and its entry in one statement, which commits both or neither.
      const entry = auditInsert(signIn('success'));
      const token = await deps.sessions.start(user.id, request, db.orm, entry ? [entry] : []);
      return { user, token };
    },

    async sendVerification(userId: string) {
      const user = await users.findById(userId);
      if (!user) throw new UnauthorizedError();
      if (user.emailVerifiedAt)
        throw new ConflictError('This email address is already verified', 'ALREADY_VERIFIED');
      await sendToken(user, 'verify_email');
    },

    async verifyEmail(token: string) {
      const { row, invalid } = await findToken(token, 'verify_email');
      const user = await users.findById(row.userId);
      // A token proves the address it was sent to, not one changed since.
      if (!user || user.email.toLowerCase() !== row.email.toLowerCase()) throw invalid;
      await db.orm.transaction(async (tx) => {
        if (!(await deps.emailTokens.consume(row.id, clock(), tx))) throw invalid;
        await users.update(user.id, { emailVerifiedAt: clock() }, tx);
      });
    },

    /** Always the same answer, so that it does not reveal which addresses have accounts. */
    async requestPasswordReset(email: string) {
      if (!(await deps.mailer.isConfigured())) throw new EmailNotConfiguredError();
      const user = await users.findByEmail(email);
      if (!user || user.disabledAt) return;
      await sendToken(user, 'reset_password').catch((error: unknown) =>
        deps.logger.warn(
          { err: error, userId: user.id },
          'could not send the password reset email',
        ),
      );
    },

    async resetPassword(token: string, newPassword: string, request: AuditRequest) {
      const { row, invalid } = await findToken(token, 'reset_password');
      const user = await users.findById(row.userId);
      if (!user) throw invalid;
      // The policy is checked before the token is used up, so a weak choice can be corrected.
      checkPasswordPolicy(newPassword, 'body.new_password', user);
      const passwordHash = await hashPassword(newPassword);
      await db.orm.transaction(async (tx) => {
        if (!(await deps.emailTokens.consume(row.id, clock(), tx))) throw invalid;
        await users.update(user.id, { passwordHash, passwordChangedAt: clock() }, tx);
        await endAccessAfterPasswordChange(user.id, undefined, tx);
        await audit(tx, {
          action: 'user.password_reset',
          request,
          actor: { type: 'user', id: user.id },
          target: { type: 'user', id: user.id },
        });
      });
      // Whoever proved the mailbox may sign in at once, even if guesses had locked the account.
      await deps.limiter.reset(accountLimitKey(user.id));
    },

    confirmPassword,

    /** Audits a sign-out once the session has ended. */
    async recordSignOut(userId: string, request: AuditRequest) {
      await audit(db.orm, {
        action: 'auth.sign_out',
        request,
        target: { type: 'user', id: userId },
      });
    },

    async changePassword(
      userId: string,
      sessionId: string | undefined,
      current: string,
      next: string,
      request: AuditRequest,
    ) {
      const user = await users.findById(userId);
      if (!user) throw new UnauthorizedError();
      await confirmPassword(user, current, 'body.current_password');
      checkPasswordPolicy(next, 'body.new_password', user);
      const passwordHash = await hashPassword(next);
      await db.orm.transaction(async (tx) => {
        await users.update(user.id, { passwordHash, passwordChangedAt: clock() }, tx);
        // Other devices and command-line grants must sign in again; this session stays.
        await endAccessAfterPasswordChange(user.id, sessionId, tx);
        await audit(tx, {
          action: 'user.password_changed',
          request,
          target: { type: 'user', id: user.id },
        });
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
