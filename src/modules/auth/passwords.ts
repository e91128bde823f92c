import { hash, verify } from '@node-rs/argon2';
import { ValidationError } from '../../http/errors.js';

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 256;

// argon2id, OWASP's recommended minimum (19 MiB, 2 passes); the library's defaults match.
const OPTIONS = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** A hash of a random string, verified against when the account does not exist, so that an
 * unknown login costs as much time as a wrong password. */
let decoyHash: Promise<string> | null = null;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(
  storedHash: string | null,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    decoyHash ??= hash('decoy-password-for-timing', OPTIONS);
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}

/** The password policy, with a message that says exactly what to change. */
export function checkPasswordPolicy(
  password: string,
  field: string,
  identity: { username?: string; email?: string },
) {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
    throw new ValidationError(
      `${field} must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters long`,
    );
  }
  if (password.trim().length === 0) throw new ValidationError(`${field} must not be only spaces`);
  const lowered = password.toLowerCase();
  for (const value of [identity.username, identity.email]) {
    if (value && lowered === value.toLowerCase()) {
      throw new ValidationError(`${field} must differ from the username and email`);
    }
  }
}
