import type { GlobalRole, TeamRole } from '../roles/permissions.js';
import type { MyTeam, UserRow } from './repository.js';

export function userView(user: UserRow) {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    display_name: user.displayName,
    global_role: user.globalRole as GlobalRole,
    email_verified: user.emailVerifiedAt !== null,
    disabled: user.disabledAt !== null,
    created_at: user.createdAt.toISOString(),
  };
}

export type UserView = ReturnType<typeof userView>;

/** What `GET /api/users/me` answers: the account and its teams. */
export type Profile = UserView & { teams: Array<MyTeam & { role: TeamRole }> };
