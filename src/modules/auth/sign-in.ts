import type { FastifyRequest } from 'fastify';
import { ForbiddenError, TooManyRequestsError, UnauthorizedError } from '../../http/errors.js';
import type { AuditRequest } from '../audit/context.js';
import { audit, auditInsert } from '../audit/writer.js';
import { addressKey as clientAddressKey } from '../rate-limits/address.js';
import type { UserRow } from '../users/repository.js';
import { accountLimitKey, attemptPassword, unknownNameLimitKey } from './password-attempts.js';
import type { AuthServiceDeps } from './service-deps.js';

const INVALID_LOGIN = 'Invalid login or password';

/** Signing in with a password and recording sign-outs. */
export interface SignIn {
  /** Checks the password (limited per address and per account) and starts a session. */
  login(
    input: { login: string; password: string },
    request: FastifyRequest,
  ): Promise<{ user: UserRow; token: string }>;
  /** Audits a sign-out once the session has ended. */
  recordSignOut(userId: string, request: AuditRequest): Promise<void>;
}

export function createSignIn(deps: AuthServiceDeps): SignIn {
  const { db, users } = deps;
  return {
    async login(input, request) {
      const addressKey = `login:address:${clientAddressKey(request.ip)}`;
      const byAddress = await deps.limiter.hit(addressKey, deps.limits.perAddress);
      if (byAddress.count > deps.limits.perAddress.limit)
        throw new TooManyRequestsError(byAddress.retryAfter);

      const user = await users.findByLogin(input.login);
      const key = user ? accountLimitKey(user.id) : unknownNameLimitKey(input.login);
      const valid = await attemptPassword(deps, key, user?.passwordHash ?? null, input.password);
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

    async recordSignOut(userId, request) {
      await audit(db.orm, {
        action: 'auth.sign_out',
        request,
        target: { type: 'user', id: userId },
      });
    },
  };
}
