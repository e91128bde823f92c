import { ValidationError } from '../../http/errors.js';
import { addSeconds } from '../../lib/clock.js';
import { issueSecret, parseIssuedToken, secretMatches } from '../../lib/crypto.js';
import type { UserRow } from '../users/repository.js';
import type { EmailTokenPurpose } from './email-token-repository.js';
import type { AuthServiceDeps } from './service-deps.js';

const VERIFY_TTL_SECONDS = 24 * 60 * 60;
const RESET_TTL_SECONDS = 60 * 60;

type TokenDeps = Pick<AuthServiceDeps, 'db' | 'emailTokens' | 'clock'>;

/** Issues a new token for `purpose` (retiring the open ones) and mails its link to the user. */
export async function sendToken(
  deps: TokenDeps & Pick<AuthServiceDeps, 'mailer' | 'baseUrl'>,
  user: UserRow,
  purpose: EmailTokenPurpose,
) {
  const issued = issueSecret('etk');
  const now = deps.clock();
  const ttl = purpose === 'verify_email' ? VERIFY_TTL_SECONDS : RESET_TTL_SECONDS;
  await deps.db.orm.transaction(async (tx) => {
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
export async function findToken(deps: TokenDeps, token: string, purpose: EmailTokenPurpose) {
  const parsed = parseIssuedToken(token);
  const invalid = new ValidationError(
    `The ${purpose === 'verify_email' ? 'verification' : 'reset'} token is invalid or has expired`,
  );
  const row = parsed ? await deps.emailTokens.findUsable(parsed.id, purpose, deps.clock()) : null;
  if (!parsed || !row || !secretMatches(parsed.secret, row.secretHash)) throw invalid;
  return { row, invalid };
}
