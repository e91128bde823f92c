import type { Database, Executor } from '../../db/client.js';
import type { AuditRequest } from '../audit/context.js';
import { audit } from '../audit/writer.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../http/errors.js';
import { signalAccessInTransaction } from '../../http/stream/signals.js';
import { paginationOf, type Page } from '../../http/pagination.js';
import { newId, randomBase62 } from '../../lib/ids.js';
import type { UserActor } from '../../http/auth/types.js';
import { teamRoleHas, type TeamRole } from '../roles/permissions.js';
import type { UserRepository } from '../users/repository.js';
import type { TeamRepository, TeamRow } from './repository.js';

/** Other modules (installations) keep per-member records in step with team membership. */
export interface MembershipListener {
  memberAdded(teamId: string, userId: string, tx: Executor): Promise<void>;
  memberRemoved(teamId: string, userId: string, tx: Executor): Promise<void>;
}

export function slugify(value: string): string {
  const slug = value
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48);
  return slug || 'team';
}

export function teamView(team: TeamRow, extra: { role: string | null; memberCount: number }) {
  return {
    id: team.id,
    name: team.name,
    slug: team.slug,
    description: team.description,
    is_default: team.isDefault,
    role: (extra.role as TeamRole | null) ?? null,
    member_count: extra.memberCount,
    created_at: team.createdAt.toISOString(),
    updated_at: team.updatedAt.toISOString(),
  };
}

function memberView(m: {
  userId: string;
  username: string;
  email: string;
  displayName: string | null;
  role: string;
  joinedAt: Date;
}) {
  return {
    user_id: m.userId,
    username: m.username,
    email: m.email,
    display_name: m.displayName,
    role: m.role as TeamRole,
    joined_at: m.joinedAt.toISOString(),
  };
}

export interface TeamServiceDeps {
  db: Database;
  teams: TeamRepository;
  users: UserRepository;
  listeners?: MembershipListener[];
}

export function createTeamService(deps: TeamServiceDeps) {
  const { db, teams, users } = deps;
  const listeners = deps.listeners ?? [];

  async function uniqueSlug(base: string, tx: Executor) {
    let slug = slugify(base);
    while (await teams.slugTaken(slug, tx))
      slug = `${slugify(base).slice(0, 40)}-${randomBase62(6).toLowerCase()}`;
    return slug;
  }

  async function addMember(teamId: string, userId: string, role: TeamRole, tx: Executor) {
    await teams.addMember(teamId, userId, role, tx);
    for (const l of listeners) await l.memberAdded(teamId, userId, tx);
  }

  /** Admin changes must leave the team at least one administrator. */
  async function ensureAnotherAdmin(teamId: string, userId: string, tx: Executor) {
    await teams.lockMembers(teamId, tx);
    const current = await teams.membership(teamId, userId, tx);
    if (current?.role !== 'team_admin') return;
    if ((await teams.countAdmins(teamId, tx)) <= 1) {
      throw new ConflictError('A team must keep at least one team_admin', 'LAST_TEAM_ADMIN');
    }
  }

  async function viewFor(teamId: string, userId: string, tx: Executor = db.orm) {
    const found = await teams.findWithCount(teamId, tx);
    if (!found) throw new NotFoundError('Team not found');
    const membership = await teams.membership(teamId, userId, tx);
    return teamView(found.team, { role: membership?.role ?? null, memberCount: found.memberCount });
  }

  return {
    membership: (teamId: string, userId: string) => teams.membership(teamId, userId),

    /** Every account gets its own default team, created with the account. */
    async createDefaultTeam(userId: string, username: string, tx: Executor) {
      const team = await teams.insert(
        {
          id: newId('team'),
          name: `${username}'s team`,
          slug: await uniqueSlug(username, tx),
          isDefault: true,
          ownerUserId: userId,
        },
        tx,
      );
      await addMember(team.id, userId, 'team_admin', tx);
      return team;
    },

    async create(
      actor: UserActor,
      input: { name: string; slug?: string; description?: string | null },
      request: AuditRequest,
    ) {
      return db.orm.transaction(async (tx) => {
        if (input.slug && (await teams.slugTaken(input.slug, tx))) {
          throw new ConflictError(`The team slug ${input.slug} is taken`, 'DUPLICATE');
        }
        const team = await teams.insert(
          {
            id: newId('team'),
            name: input.name,
            slug: input.slug ?? (await uniqueSlug(input.name, tx)),
            description: input.description ?? null,
          },
          tx,
        );
        await addMember(team.id, actor.userId, 'team_admin', tx);
        await audit(tx, {
          action: 'team.created',
          request,
          teamId: team.id,
          target: { type: 'team', id: team.id },
        });
        return viewFor(team.id, actor.userId, tx);
      });
    },

    get: (teamId: string, actor: UserActor) => viewFor(teamId, actor.userId),

    async defaultFor(actor: UserActor) {
      const found = await teams.findDefaultFor(actor.userId);
      if (!found) throw new NotFoundError('This account has no default team');
      return teamView(found.team, { role: found.role, memberCount: found.memberCount });
    },

    async listMine(actor: UserActor, page: Page) {
      const { items, total } = await teams.listForUser(actor.userId, page);
      return {
        teams: items.map((r) => teamView(r.team, { role: r.role, memberCount: r.memberCount })),
        pagination: paginationOf(page, total),
      };
    },

    async listAll(actor: UserActor, page: Page) {
      const { items, total } = await teams.listAll(page);
      const roles = await Promise.all(items.map((r) => teams.membership(r.team.id, actor.userId)));
      return {
        teams: items.map((r, i) =>
          teamView(r.team, { role: roles[i]?.role ?? null, memberCount: r.memberCount }),
        ),
        pagination: paginationOf(page, total),
      };
    },

    async update(
      teamId: string,
      actor: UserActor,
      changes: { name?: string; slug?: string; description?: string | null },
      request: AuditRequest,
    ) {
      const updated = await db.orm.transaction(async (tx) => {
        const row = await teams.update(teamId, changes, tx);
        if (row) {
          const fields = Object.keys(changes).filter(
            (k) => changes[k as keyof typeof changes] !== undefined,
          );
          await audit(tx, {
            action: 'team.updated',
            request,
            teamId,
            target: { type: 'team', id: teamId },
            details: { fields },
          });
        }
        return row;
      });
      if (!updated) throw new NotFoundError('Team not found');
      return viewFor(teamId, actor.userId);
    },

    async delete(teamId: string, request: AuditRequest) {
      const team = await teams.findById(teamId);
      if (!team) throw new NotFoundError('Team not found');
      if (team.isDefault)
        throw new ConflictError('A default team cannot be deleted', 'DEFAULT_TEAM');
      await db.orm.transaction(async (tx) => {
        const members = await teams.listMembers(teamId, { limit: 1_000_000, offset: 0 }, tx);
        for (const m of members.items)
          for (const l of listeners) await l.memberRemoved(teamId, m.userId, tx);
        // Every replica re-checks the members' open streams once this commits (stream/support.ts).
        await signalAccessInTransaction(
          tx,
          members.items.map((m) => m.userId),
        );
        await teams.delete(teamId, tx);
        await audit(tx, {
          action: 'team.deleted',
          request,
          teamId,
          target: { type: 'team', id: teamId },
          details: { name: team.name },
        });
      });
    },

    async listMembers(teamId: string, page: Page) {
      const { items, total } = await teams.listMembers(teamId, page);
      return { members: items.map(memberView), pagination: paginationOf(page, total) };
    },

    async addMemberByLogin(teamId: string, login: string, role: TeamRole, request: AuditRequest) {
      const user = await users.findByLogin(login);
      if (!user) throw new NotFoundError('No account has that username or email');
      return db.orm.transaction(async (tx) => {
        if ((await teams.membership(teamId, user.id, tx))?.role) {
          throw new ConflictError(
            'That account is already a member of this team',
            'ALREADY_MEMBER',
          );
        }
        await addMember(teamId, user.id, role, tx);
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

    async changeRole(teamId: string, userId: string, role: TeamRole, request: AuditRequest) {
      return db.orm.transaction(async (tx) => {
        const current = await teams.membership(teamId, userId, tx);
        if (!current?.role) throw new NotFoundError('Member not found');
        if (role !== 'team_admin') await ensureAnotherAdmin(teamId, userId, tx);
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

    /** Team administrators remove anyone; any member may remove themselves (leave). */
    async removeMember(
      teamId: string,
      userId: string,
      actor: UserActor,
      actorTeamRole: TeamRole | null,
      request: AuditRequest,
    ) {
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
        await ensureAnotherAdmin(teamId, userId, tx);
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

export type TeamService = ReturnType<typeof createTeamService>;
