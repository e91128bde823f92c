import { createEmailVerification, type EmailVerification } from './email-verification.js';
import { createPasswordChanges, type PasswordChanges } from './password-changes.js';
import { createRegistration, type Registration } from './registration.js';
import type { AuthServiceDeps } from './service-deps.js';
import { createSignIn, type SignIn } from './sign-in.js';

export type { AuthServiceDeps, LoginLimits } from './service-deps.js';

/** Accounts' credentials: registration, sign-in, email verification and passwords. */
export interface AuthService extends Registration, SignIn, EmailVerification, PasswordChanges {}

export function createAuthService(deps: AuthServiceDeps): AuthService {
  return {
    ...createRegistration(deps),
    ...createSignIn(deps),
    ...createEmailVerification(deps),
    ...createPasswordChanges(deps),
  };
}
