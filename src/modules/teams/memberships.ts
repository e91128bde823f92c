import type { Executor } from '../../db/client.js';
import type { UserActor } from '../../http/auth/types.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../http/errors.js';
import { paginationOf, type Page, type Pagination } from '../../http/pagination.js';
import { signalAccessInTransaction } from '../../http/stream/signals.js';
import type { AuditRequest } from '../audit/context.js';
import { audit } from '../audit/writer.js';
import { teamRoleHas, type TeamRole } from '../roles/permissions.js';
import type { TeamRepository } from './repository.js';
import type { TeamServiceDeps } from './service-deps.js';
import { memberView, type MemberView } from './views.js';

/** Who belongs to a team and in which role. */
export interface TeamMemberships {
  /** Null when the team does not exist; otherwise the user's role (null: not a member). */
  membership(teamId: string, userId: string): Promise<{ role: TeamRole | null } | null>;
  /** A page of the team's members. */
  listMembers(
    teamId: string,
    page: Page,
  ): Promise<{ members: MemberView[]; pagination: Pagination }>;
  /** Adds the account with that username or email (409 when it is already a member). */
  addMemberByLogin(
    teamId: string,
    login: string,
    role: TeamRole,
    request: AuditRequest,
  ): Promise<MemberView>;
  /** Changes a member's role; the team keeps at least one team_admin. */
  changeRole(
    teamId: string,
    userId: string,
    role: TeamRole,
    request: AuditRequest,
  ): Promise<MemberView>;
  /** Team administrators remove anyone; any member may remove themselves (leave). */
  removeMember(
    teamId: string,
    userId: string,
    actor: UserActor,
    actorTeamRole: TeamRole | null,
    request: AuditRequest,
  ): Promise<void>;
}

/** Adds the member and lets the listeners keep their per-member records in step. */
export async function addMember(
  deps: TeamServiceDeps,
  teamId: string,
  userId: string,
  role: TeamRole,
  tx: Executor,
) {
  await deps.teams.addMember(teamId, userId, role, tx);
  for (const l of deps.listeners ?? []) await l.memberAdded(teamId, userId, tx);
}

/** Admin changes must leave the team at least one administrator. */
async function ensureAnotherAdmin(
  teams: TeamRepository,
  teamId: string,
  userId: string,
  tx: Executor,
) {
  await teams.lockMembers(teamId, tx);
  const current = await teams.membership(teamId, userId, tx);
  if (current?.role !== 'team_admin') return;
  if ((await teams.countAdmins(teamId, tx)) <= 1) {
    throw new ConflictError('A team must keep at least one team_admin', 'LAST_TEAM_ADMIN');
  }
}

export function createTeamMemberships(deps: TeamServiceDeps): TeamMemberships {
  const { db, teams, users } = deps;
  const listeners = deps.listeners ?? [];
  return {
    membership: (teamId, userId) => teams.membership(teamId, userId),

    async listMembers(teamId, page) {
      const { items, total } = await teams.listMembers(teamId, page);
      return { members: items.map(memberView), pagination: paginationOf(page, total) };
    },

    async addMemberByLogin(teamId, login, role, request) {
      const user = await users.findByLogin(login);
      if (!user) throw new NotFoundError('No account has that username or email');
      return db.orm.transaction(async (tx) => {
        if ((await teams.membership(teamId, user.id, tx))?.role) {
          throw new ConflictError(
            'That account is already a member of this team',
            'ALREADY_MEMBER',
          );
        }
        await addMember(deps, teamId, user.id, role, tx);
        await audit(tx, {
          action: 'team.member_added',
          request,
          teamId,
          target: { type: 'user', id: user.id },
          details: { role },
        });
        return memberView((await teams.findMember(teamId, user.id, tx))!);
      });
    },

    async changeRole(teamId, userId, role, request) {
      return db.orm.transaction(async (tx) => {
        const current = await teams.membership(teamId, userId, tx);
        if (!current?.role) throw new NotFoundError('Member not found');
        if (role !== 'team_admin') await ensureAnotherAdmin(teams, teamId, userId, tx);
        await teams.setRole(teamId, userId, role, tx);
        await signalAccessInTransaction(tx, [userId]);
        await audit(tx, {
          action: 'team.member_role_changed',
          request,
          teamId,
          target: { type: 'user', id: userId },
          details: { from: current.role, to: role },
        });
        return memberView((await teams.findMember(teamId, userId, tx))!);
      });
    },

    async removeMember(teamId, userId, actor, actorTeamRole, request) {
      const leaving = userId === actor.userId;
      if (!leaving && !(actorTeamRole && teamRoleHas(actorTeamRole, 'team.members.manage'))) {
        throw new ForbiddenError('This requires the team permission team.members.manage');
      }
      await db.orm.transaction(async (tx) => {
        const team = await teams.findById(teamId, tx);
        if (!team) throw new NotFoundError('Team not found');
        if (!(await teams.membership(teamId, userId, tx))?.role)
          throw new NotFoundError('Member not found');
        if (team.isDefault && team.ownerUserId === userId) {
          throw new ConflictError('An account cannot leave its own default team', 'DEFAULT_TEAM');
        }
        await ensureAnotherAdmin(teams, teamId, userId, tx);
        await teams.removeMember(teamId, userId, tx);
        for (const l of listeners) await l.memberRemoved(teamId, userId, tx);
        await signalAccessInTransaction(tx, [userId]);
        await audit(tx, {
          action: 'team.member_removed',
          request,
          teamId,
          target: { type: 'user', id: userId },
          details: { left: leaving },
        });
      });
    },
  };
}
