import type { Executor } from '../../db/client.js';
import { TooManyRequestsError, ValidationError } from '../../http/errors.js';
import type { UserRow } from '../users/repository.js';
import { verifyPassword } from './passwords.js';
import type { AuthServiceDeps } from './service-deps.js';

/**
 * Password guesses are counted per account, whichever name (username or email) is typed and
 * whether they come from sign-in or from a form that asks for the current password. Names
 * without an account are counted by name, so that they are limited like real ones.
 */
export const accountLimitKey = (userId: string) => `login:account:${userId}`;
export const unknownNameLimitKey = (login: string) => `login:name:${login.toLowerCase()}`;

type LimiterDeps = Pick<AuthServiceDeps, 'limiter' | 'limits'>;

/**
 * Counts one password attempt against `key` before the password is checked (so parallel
 * guesses cannot slip past the limit), refusing with 429 once the limit is passed. A right
 * password clears the count.
 */
export async function attemptPassword(
  deps: LimiterDeps,
  key: string,
  storedHash: string | null,
  password: string,
) {
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
export async function confirmPassword(
  deps: LimiterDeps,
  user: UserRow,
  password: string,
  field: string,
) {
  if (!(await attemptPassword(deps, accountLimitKey(user.id), user.passwordHash, password))) {
    throw new ValidationError(`${field} is not correct`);
  }
}

/** Every way the account signs in elsewhere ends: OAuth grants always, sessions but `keep`. */
export async function endAccessAfterPasswordChange(
  deps: Pick<AuthServiceDeps, 'sessions' | 'accessTokens' | 'accessEnded'>,
  userId: string,
  keep: string | undefined,
  tx: Executor,
) {
  await deps.sessions.endAllFor(userId, keep, tx);
  await deps.accessTokens.revokeAllFor(userId, tx);
  // Satellites would otherwise trust their cached introspection of those tokens for a minute.
  await deps.accessEnded?.(userId, tx);
}
