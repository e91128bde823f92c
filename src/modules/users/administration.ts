import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { ConflictError, NotFoundError } from '../../http/errors.js';
import { paginationOf, type Page, type Pagination } from '../../http/pagination.js';
import type { AuditRequest } from '../audit/context.js';
import { audit } from '../audit/writer.js';
import type { GlobalRole } from '../roles/permissions.js';
import type { UserRepository, UserRow } from './repository.js';
import type { UserServiceDeps } from './service-deps.js';
import { userView, type UserView } from './views.js';

/**
 * Serialises every change that can take away a global admin (demoting, disabling, deleting), so
 * that two at once cannot each see the other admin and leave none. Teams lock their own row for
 * the same rule; the global rule has no such row, so it takes a transaction-level advisory lock.
 */
const GLOBAL_ADMINS_LOCK = 7_242_019_003;

/** What administrators do to accounts: list, read, change role or state, delete. */
export interface UserAdministration {
  /** A page of accounts, optionally matching `search` in username, email or display name. */
  list(page: Page, search?: string): Promise<{ users: UserView[]; pagination: Pagination }>;
  /** One account; 404 when there is none. */
  get(id: string): Promise<UserView>;
  /** Changes the global role or disables/enables the account; one global_admin always stays. */
  adminUpdate(
    id: string,
    changes: { global_role?: GlobalRole; disabled?: boolean },
    request: AuditRequest,
  ): Promise<UserView>;
  /** Deletes the account unless it is the last global_admin or a team's only team_admin. */
  delete(id: string, request: AuditRequest): Promise<void>;
}

/** The account; 404 when there is none. */
export async function mustFind(users: UserRepository, id: string) {
  const user = await users.findById(id);
  if (!user) throw new NotFoundError('User not found');
  return user;
}

const lockGlobalAdmins = (tx: Executor) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(${GLOBAL_ADMINS_LOCK})`);

/** Keeps at least one active global administrator whatever an admin does to accounts. */
async function ensureAnotherAdmin(users: UserRepository, user: UserRow, tx: Executor) {
  if (user.globalRole !== 'global_admin' || user.disabledAt) return;
  if ((await users.countOtherActiveAdmins(user.id, tx)) === 0) {
    throw new ConflictError(
      'The service must keep at least one active global_admin',
      'LAST_GLOBAL_ADMIN',
    );
  }
}

/** Ends every way the account signs in: sessions and OAuth grants with all their tokens. */
async function endAccess(deps: UserServiceDeps, userId: string, tx: Executor) {
  await deps.sessions.endAllFor(userId, undefined, tx);
  await deps.accessTokens.revokeAllFor(userId, tx);
}

/**
 * Satellites cache what token introspection told them about the account; they must forget it
 * (and, for a deleted account, stop its instances). Recorded once per team the account is in,
 * without the email address: these rows outlive a deleted account.
 */
async function tellSatellites(
  deps: UserServiceDeps,
  userId: string,
  kind: 'user.deleted' | 'user.disabled',
  tx: Executor,
) {
  const { items } = await deps.teams.listForUser(userId, null, tx);
  for (const { team } of items) {
    await deps.pendingWork.record({ kind, teamId: team.id, userId }, tx);
  }
}

export function createUserAdministration(deps: UserServiceDeps): UserAdministration {
  const { db, users, teams } = deps;
  return {
    async list(page, search) {
      const { items, total } = await users.list(page, search);
      return { users: items.map(userView), pagination: paginationOf(page, total) };
    },

    get: async (id) => userView(await mustFind(users, id)),

    async adminUpdate(id, changes, request) {
      // Sessions carry the role and the disabled flag: this replica asks the database again,
      // both while the change is being made and once it has committed.
      deps.sessions.forgetUser(id);
      const view = await db.orm.transaction(async (tx) => {
        const demoting =
          changes.global_role !== undefined && changes.global_role !== 'global_admin';
        // Taken before the account is read, so the checks below see the other change's result.
        if (demoting || changes.disabled === true) await lockGlobalAdmins(tx);
        const user = await users.findById(id, tx);
        if (!user) throw new NotFoundError('User not found');
        const disabling = changes.disabled === true && !user.disabledAt;
        if (demoting || disabling) await ensureAnotherAdmin(users, user, tx);
        const updated = await users.update(
          id,
          {
            ...(changes.global_role ? { globalRole: changes.global_role } : {}),
            ...(changes.disabled !== undefined
              ? { disabledAt: changes.disabled ? (user.disabledAt ?? deps.clock()) : null }
              : {}),
          },
          tx,
        );
        if (disabling) {
          await endAccess(deps, id, tx);
          await tellSatellites(deps, id, 'user.disabled', tx);
        }
        const target = { type: 'user', id };
        if (changes.global_role !== undefined && changes.global_role !== user.globalRole) {
          await audit(tx, {
            action: 'user.role_changed',
            request,
            target,
            details: { from: user.globalRole, to: changes.global_role },
          });
        }
        if (disabling) await audit(tx, { action: 'user.disabled', request, target });
        if (changes.disabled === false && user.disabledAt) {
          await audit(tx, { action: 'user.enabled', request, target });
        }
        return userView(updated!);
      });
      deps.sessions.forgetUser(id);
      return view;
    },

    async delete(id, request) {
      await db.orm.transaction(async (tx) => {
        await lockGlobalAdmins(tx);
        const user = await users.findById(id, tx);
        if (!user) throw new NotFoundError('User not found');
        await ensureAnotherAdmin(users, user, tx);
        const stranded = await teams.teamsOnlyAdministeredBy(id, tx);
        if (stranded.length > 0) {
          throw new ConflictError(
            `The account is the only team_admin of ${stranded.map((t) => t.name).join(', ')}; give another member that role first`,
            'LAST_TEAM_ADMIN',
          );
        }
        await endAccess(deps, id, tx);
        await tellSatellites(deps, id, 'user.deleted', tx);
        // Sessions, memberships and the default team go with the account (foreign keys cascade).
        await users.delete(id, tx);
        await audit(tx, { action: 'user.deleted', request, target: { type: 'user', id } });
      });
      deps.sessions.forgetUser(id);
    },
  };
}
