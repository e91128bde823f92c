import { ConflictError, UnauthorizedError } from '../../http/errors.js';
import { findToken, sendToken } from './email-tokens.js';
import type { AuthServiceDeps } from './service-deps.js';

/** Proving that an account's email address reaches its owner. */
export interface EmailVerification {
  /** Mails a new verification link to the account's address (409 once it is verified). */
  sendVerification(userId: string): Promise<void>;
  /** Marks the address verified with a token sent to it, using the token up. */
  verifyEmail(token: string): Promise<void>;
}

export function createEmailVerification(deps: AuthServiceDeps): EmailVerification {
  const { db, users, clock } = deps;
  return {
    async sendVerification(userId) {
      const user = await users.findById(userId);
      if (!user) throw new UnauthorizedError();
      if (user.emailVerifiedAt)
        throw new ConflictError('This email address is already verified', 'ALREADY_VERIFIED');
      await sendToken(deps, user, 'verify_email');
    },

    async verifyEmail(token) {
      const { row, invalid } = await findToken(deps, token, 'verify_email');
      const user = await users.findById(row.userId);
      // A token proves the address it was sent to, not one changed since.
      if (!user || user.email.toLowerCase() !== row.email.toLowerCase()) throw invalid;
      await db.orm.transaction(async (tx) => {
        if (!(await deps.emailTokens.consume(row.id, clock(), tx))) throw invalid;
        await users.update(user.id, { emailVerifiedAt: clock() }, tx);
      });
    },
  };
}
