import { UnauthorizedError } from '../../http/errors.js';
import { EmailNotConfiguredError } from '../email/mailer.js';
import type { AuditRequest } from '../audit/context.js';
import { audit } from '../audit/writer.js';
import type { UserRow } from '../users/repository.js';
import { findToken, sendToken } from './email-tokens.js';
import {
  accountLimitKey,
  confirmPassword,
  endAccessAfterPasswordChange,
} from './password-attempts.js';
import { checkPasswordPolicy, hashPassword } from './passwords.js';
import type { AuthServiceDeps } from './service-deps.js';

/** Resetting a forgotten password by email, and changing or confirming a known one. */
export interface PasswordChanges {
  /** Always the same answer, so that it does not reveal which addresses have accounts. */
  requestPasswordReset(email: string): Promise<void>;
  /** Sets a new password with a reset token and ends every way the account is signed in. */
  resetPassword(token: string, newPassword: string, request: AuditRequest): Promise<void>;
  /** Checks the current password before a sensitive change; guesses count like sign-in's. */
  confirmPassword(user: UserRow, password: string, field: string): Promise<void>;
  /** Changes the caller's password; other sessions and every OAuth grant end, `sessionId` stays. */
  changePassword(
    userId: string,
    sessionId: string | undefined,
    current: string,
    next: string,
    request: AuditRequest,
  ): Promise<void>;
}

export function createPasswordChanges(deps: AuthServiceDeps): PasswordChanges {
  const { db, users, clock } = deps;
  return {
    async requestPasswordReset(email) {
      if (!(await deps.mailer.isConfigured())) throw new EmailNotConfiguredError();
      const user = await users.findByEmail(email);
      if (!user || user.disabledAt) return;
      await sendToken(deps, user, 'reset_password').catch((error: unknown) =>
        deps.logger.warn(
          { err: error, userId: user.id },
          'could not send the password reset email',
        ),
      );
    },

    async resetPassword(token, newPassword, request) {
      const { row, invalid } = await findToken(deps, token, 'reset_password');
      const user = await users.findById(row.userId);
      if (!user) throw invalid;
      // The policy is checked before the token is used up, so a weak choice can be corrected.
      checkPasswordPolicy(newPassword, 'body.new_password', user);
      const passwordHash = await hashPassword(newPassword);
      await db.orm.transaction(async (tx) => {
        if (!(await deps.emailTokens.consume(row.id, clock(), tx))) throw invalid;
        await users.update(user.id, { passwordHash, passwordChangedAt: clock() }, tx);
        await endAccessAfterPasswordChange(deps, user.id, undefined, tx);
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

    confirmPassword: (user, password, field) => confirmPassword(deps, user, password, field),

    async changePassword(userId, sessionId, current, next, request) {
      const user = await users.findById(userId);
      if (!user) throw new UnauthorizedError();
      await confirmPassword(deps, user, current, 'body.current_password');
      checkPasswordPolicy(next, 'body.new_password', user);
      const passwordHash = await hashPassword(next);
      await db.orm.transaction(async (tx) => {
        await users.update(user.id, { passwordHash, passwordChangedAt: clock() }, tx);
        // Other devices and command-line grants must sign in again; this session stays.
        await endAccessAfterPasswordChange(deps, user.id, sessionId, tx);
        await audit(tx, {
          action: 'user.password_changed',
          request,
          target: { type: 'user', id: user.id },
        });
      });
    },
  };
}
