import type { AuditRequest } from '../audit/context.js';
import { audit } from '../audit/writer.js';
import { NotFoundError, ValidationError } from '../../http/errors.js';
import type { TeamRole } from '../roles/permissions.js';
import { mustFind } from './administration.js';
import type { UserServiceDeps } from './service-deps.js';
import { userView, type Profile, type UserView } from './views.js';

/** The caller's own account: reading it and changing its names and email. */
export interface UserProfile {
  /** Read on every page load, so remembered (`profiles`) rather than read each time. */
  me(userId: string): Promise<Profile>;
  /** Changes username, email or display name; a new email needs the current password. */
  updateProfile(
    userId: string,
    changes: {
      username?: string;
      email?: string;
      display_name?: string | null;
      current_password?: string;
    },
    request: AuditRequest,
  ): Promise<UserView>;
}

export function createUserProfile(deps: UserServiceDeps): UserProfile {
  const { db, users } = deps;
  return {
    async me(userId) {
      const remembered = deps.profiles?.get(userId);
      if (remembered) return remembered;
      const readEpoch = deps.profiles?.epoch() ?? 0;
      const found = await users.findWithTeams(userId);
      if (!found) throw new NotFoundError('User not found');
      const profile = {
        ...userView(found.user),
        teams: found.teams.map((team) => ({ ...team, role: team.role as TeamRole })),
      };
      deps.profiles?.remember(readEpoch, [[userId, profile]]);
      return profile;
    },

    async updateProfile(userId, changes, request) {
      const user = await mustFind(users, userId);
      // Password resets go to this address: a stolen session must not be enough to redirect them.
      if (changes.email !== undefined && changes.email !== user.email) {
        if (changes.current_password === undefined) {
          throw new ValidationError('body.current_password is required to change the email');
        }
        await deps.confirmPassword(user, changes.current_password, 'body.current_password');
      }
      const emailChanged =
        changes.email !== undefined && changes.email.toLowerCase() !== user.email.toLowerCase();
      const updated = await db.orm.transaction(async (tx) => {
        const row = await users.update(
          userId,
          {
            ...(changes.username !== undefined ? { username: changes.username } : {}),
            ...(changes.email !== undefined ? { email: changes.email } : {}),
            ...(changes.display_name !== undefined ? { displayName: changes.display_name } : {}),
            // A new address has not been proven yet.
            ...(emailChanged ? { emailVerifiedAt: null } : {}),
          },
          tx,
        );
        if (emailChanged) {
          await audit(tx, {
            action: 'user.email_changed',
            request,
            target: { type: 'user', id: userId },
          });
        }
        return row;
      });
      return userView(updated!);
    },
  };
}
