import { createUserAdministration, type UserAdministration } from './administration.js';
import { createUserProfile, type UserProfile } from './profile.js';
import type { UserServiceDeps } from './service-deps.js';

export type { UserServiceDeps } from './service-deps.js';
export { userView, type Profile } from './views.js';

/** The topic the database raises when a profile may have changed (migration 0018). */
export const PROFILES_TOPIC = 'profiles';

/** Accounts: the caller's own profile and what administrators do to accounts. */
export interface UserService extends UserProfile, UserAdministration {}

export function createUserService(deps: UserServiceDeps): UserService {
  return { ...createUserProfile(deps), ...createUserAdministration(deps) };
}
