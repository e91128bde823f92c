import type { Executor } from '../../db/client.js';
import type { UserActor } from '../../http/auth/types.js';
import { ConflictError, NotFoundError } from '../../http/errors.js';
import { paginationOf, type Page, type Pagination } from '../../http/pagination.js';
import { signalAccessInTransaction } from '../../http/stream/signals.js';
import { newId, randomBase62 } from '../../lib/ids.js';
import type { AuditRequest } from '../audit/context.js';
import { audit } from '../audit/writer.js';
import { addMember } from './memberships.js';
import type { TeamRepository, TeamRow } from './repository.js';
import type { TeamServiceDeps } from './service-deps.js';
import { slugify, teamView, type TeamView } from './views.js';

/** Reading teams, each with the caller's role in it. */
export interface TeamQueries {
  /** One team with the caller's role; 404 when there is no such team. */
  get(teamId: string, actor: UserActor): Promise<TeamView>;
  /** The caller's own default team. */
  defaultFor(actor: UserActor): Promise<TeamView>;
  /** A page of the teams the caller belongs to, default team first. */
  listMine(actor: UserActor, page: Page): Promise<{ teams: TeamView[]; pagination: Pagination }>;
  /** A page of every team, with the caller's role where the caller is a member. */
  listAll(actor: UserActor, page: Page): Promise<{ teams: TeamView[]; pagination: Pagination }>;
}

/** Creating, changing and deleting teams. */
export interface TeamRecords {
  /** Every account gets its own default team, created with the account. */
  createDefaultTeam(userId: string, username: string, tx: Executor): Promise<TeamRow>;
  /** Creates a team with the caller as its team_admin. */
  create(
    actor: UserActor,
    input: { name: string; slug?: string; description?: string | null },
    request: AuditRequest,
  ): Promise<TeamView>;
  /** Renames or describes the team. */
  update(
    teamId: string,
    actor: UserActor,
    changes: { name?: string; slug?: string; description?: string | null },
    request: AuditRequest,
  ): Promise<TeamView>;
  /** Deletes a team that is not a default team; its members lose access at once. */
  delete(teamId: string, request: AuditRequest): Promise<void>;
}

/** The slug made from `base`, with a random suffix while it is taken. */
async function uniqueSlug(teams: TeamRepository, base: string, tx: Executor) {
  let slug = slugify(base);
  while (await teams.slugTaken(slug, tx))
    slug = `${slugify(base).slice(0, 40)}-${randomBase62(6).toLowerCase()}`;
  return slug;
}

/** The team as `userId` sees it; 404 when there is no such team. */
async function viewFor(teams: TeamRepository, teamId: string, userId: string, tx: Executor) {
  const found = await teams.findWithCount(teamId, tx);
  if (!found) throw new NotFoundError('Team not found');
  const membership = await teams.membership(teamId, userId, tx);
  return teamView(found.team, { role: membership?.role ?? null, memberCount: found.memberCount });
}

export function createTeamQueries(deps: TeamServiceDeps): TeamQueries {
  const { db, teams } = deps;
  return {
    get: (teamId, actor) => viewFor(teams, teamId, actor.userId, db.orm),

    async defaultFor(actor) {
      const found = await teams.findDefaultFor(actor.userId);
      if (!found) throw new NotFoundError('This account has no default team');
      return teamView(found.team, { role: found.role, memberCount: found.memberCount });
    },

    async listMine(actor, page) {
      const { items, total } = await teams.listForUser(actor.userId, page);
      return {
        teams: items.map((r) => teamView(r.team, { role: r.role, memberCount: r.memberCount })),
        pagination: paginationOf(page, total),
      };
    },

    async listAll(actor, page) {
      const { items, total } = await teams.listAll(page);
      const roles = await Promise.all(items.map((r) => teams.membership(r.team.id, actor.userId)));
      return {
        teams: items.map((r, i) =>
          teamView(r.team, { role: roles[i]?.role ?? null, memberCount: r.memberCount }),
        ),
        pagination: paginationOf(page, total),
      };
    },
  };
}

export function createTeamRecords(deps: TeamServiceDeps): TeamRecords {
  const { db, teams } = deps;
  const listeners = deps.listeners ?? [];
  return {
    async createDefaultTeam(userId, username, tx) {
      const team = await teams.insert(
        {
          id: newId('team'),
          name: `${username}'s team`,
          slug: await uniqueSlug(teams, username, tx),
          isDefault: true,
          ownerUserId: userId,
        },
        tx,
      );
      await addMember(deps, team.id, userId, 'team_admin', tx);
      return team;
    },

    async create(actor, input, request) {
      return db.orm.transaction(async (tx) => {
        if (input.slug && (await teams.slugTaken(input.slug, tx))) {
          throw new ConflictError(`The team slug ${input.slug} is taken`, 'DUPLICATE');
        }
        const team = await teams.insert(
          {
            id: newId('team'),
            name: input.name,
            slug: input.slug ?? (await uniqueSlug(teams, input.name, tx)),
            description: input.description ?? null,
          },
          tx,
        );
        await addMember(deps, team.id, actor.userId, 'team_admin', tx);
        await audit(tx, {
          action: 'team.created',
          request,
          teamId: team.id,
          target: { type: 'team', id: team.id },
        });
        return viewFor(teams, team.id, actor.userId, tx);
      });
    },

    async update(teamId, actor, changes, request) {
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
      return viewFor(teams, teamId, actor.userId, db.orm);
    },

    async delete(teamId, request) {
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
  };
}
