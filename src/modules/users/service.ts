import { sql } from 'drizzle-orm';
import type { AuditRequest } from '../audit/context.js';
import { audit } from '../audit/writer.js';
import type { Database, Executor } from '../../db/client.js';
import { ConflictError, NotFoundError, ValidationError } from '../../http/errors.js';
import { paginationOf, type Page } from '../../http/pagination.js';
import type { Clock } from '../../lib/clock.js';
import type { SessionService } from '../auth/sessions.js';
import type { PendingWorkRecorder } from '../installations/pending-work.js';
import type { AccessTokenService } from '../oauth/access-tokens.js';
import type { GlobalRole, TeamRole } from '../roles/permissions.js';
import type { TeamRepository } from '../teams/repository.js';
import type { Remembered } from '../../lib/remembered.js';
import type { MyTeam, UserRepository, UserRow } from './repository.js';

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

export interface UserServiceDeps {
  db: Database;
  users: UserRepository;
  teams: TeamRepository;
  sessions: SessionService;
  accessTokens: AccessTokenService;
  /** Where changes that satellites must act on are recorded. */
  pendingWork: PendingWorkRecorder;
  /** Checks the caller's current password (guesses limited per account, like sign-in). */
  confirmPassword: (user: UserRow, password: string, field: string) => Promise<void>;
  clock: Clock;
  /**
   * Each account's own profile as `me` answers it, remembered per replica (app.ts says when it
   * is forgotten); absent, every call reads.
   */
  profiles?: Remembered<Profile>;
}

/** The topic the database raises when a profile may have changed (migration 0018). */
export const PROFILES_TOPIC = 'profiles';

/** What `GET /api/users/me` answers: the account and its teams. */
export type Profile = ReturnType<typeof userView> & { teams: Array<MyTeam & { role: TeamRole }> };

/**
 * Serialises every change that can take away a global admin (demoting, disabling, deleting), so
 * that two at once cannot each see the other admin and leave none. Teams lock their own row for
 * the same rule; the global rule has no such row, so it takes a transaction-level advisory lock.
 */
const GLOBAL_ADMINS_LOCK = 7_242_019_003;

export function createUserService(deps: UserServiceDeps) {
  const { db, users, teams } = deps;

  async function mustFind(id: string) {
    const user = await users.findById(id);
    if (!user) throw new NotFoundError('User not found');
    return user;
  }

  const lockGlobalAdmins = (tx: Executor) =>
    tx.execute(sql`SELECT pg_advisory_xact_lock(${GLOBAL_ADMINS_LOCK})`);

  /** Keeps at least one active global administrator whatever an admin does to accounts. */
  async function ensureAnotherAdmin(user: UserRow, tx: Executor) {
    if (user.globalRole !== 'global_admin' || user.disabledAt) return;
    if ((await users.countOtherActiveAdmins(user.id, tx)) === 0) {
      throw new ConflictError(
        'The service must keep at least one active global_admin',
        'LAST_GLOBAL_ADMIN',
      );
    }
  }

  /** Ends every way the account signs in: sessions and OAuth grants with all their tokens. */
  async function endAccess(userId: string, tx: Executor) {
    await deps.sessions.endAllFor(userId, undefined, tx);
    await deps.accessTokens.revokeAllFor(userId, tx);
  }

  /**
   * Satellites cache what token introspection told them about the account; they must forget it
   * (and, for a deleted account, stop its instances). Recorded once per team the account is in,
   * without the email address: these rows outlive a deleted account.
   */
  async function tellSatellites(
    userId: string,
    kind: 'user.deleted' | 'user.disabled',
    tx: Executor,
  ) {
    const { items } = await teams.listForUser(userId, null, tx);
    for (const { team } of items) {
      await deps.pendingWork.record({ kind, teamId: team.id, userId }, tx);
    }
  }

  return {
    /** Read on every page load, so remembered (`profiles`) rather than read each time. */
    async me(userId: string): Promise<Profile> {
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

    async updateProfile(
      userId: string,
      changes: {
        username?: string;
        email?: string;
        display_name?: string | null;
        current_password?: string;
      },
      request: AuditRequest,
    ) {
      const user = await mustFind(userId);
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

    async list(page: Page, search?: string) {
      const { items, total } = await users.list(page, search);
      return { users: items.map(userView), pagination: paginationOf(page, total) };
    },

    get: async (id: string) => userView(await mustFind(id)),

    async adminUpdate(
      id: string,
      changes: { global_role?: GlobalRole; disabled?: boolean },
      request: AuditRequest,
    ) {
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
        if (demoting || disabling) await ensureAnotherAdmin(user, tx);
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
          await endAccess(id, tx);
          await tellSatellites(id, 'user.disabled', tx);
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

    async delete(id: string, request: AuditRequest) {
      await db.orm.transaction(async (tx) => {
        await lockGlobalAdmins(tx);
        const user = await users.findById(id, tx);
        if (!user) throw new NotFoundError('User not found');
        await ensureAnotherAdmin(user, tx);
        const stranded = await teams.teamsOnlyAdministeredBy(id, tx);
        if (stranded.length > 0) {
          throw new ConflictError(
            `The account is the only team_admin of ${stranded.map((t) => t.name).join(', ')}; give another member that role first`,
            'LAST_TEAM_ADMIN',
          );
        }
        await endAccess(id, tx);
        await tellSatellites(id, 'user.deleted', tx);
        // Sessions, memberships and the default team go with the account (foreign keys cascade).
        await users.delete(id, tx);
        await audit(tx, { action: 'user.deleted', request, target: { type: 'user', id } });
      });
      deps.sessions.forgetUser(id);
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
