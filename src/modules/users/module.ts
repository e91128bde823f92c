import type { FastifyPluginAsync } from 'fastify';
import type { CredentialResolvers } from '../../http/auth/types.js';
import type { ChangeMaker, Forgetter } from '../../http/forget-on-change.js';
import type { AuthService } from '../auth/service.js';
import type { SessionService } from '../auth/sessions.js';
import type { ModuleContext } from '../context.js';
import type { PendingWorkRecorder } from '../installations/pending-work.js';
import type { AccessTokenService } from '../oauth/access-tokens.js';
import type { TeamRepository } from '../teams/repository.js';
import type { TeamService } from '../teams/service.js';
import type { UsersConfig } from './config.js';
import type { UserRepository } from './repository.js';
import { userRoutes } from './routes.js';
import { createUserService, PROFILES_TOPIC, type Profile } from './service.js';

export interface UsersModuleDeps extends Pick<ModuleContext, 'db' | 'clock' | 'remembering'> {
  config: UsersConfig;
  users: UserRepository;
  teamRepository: TeamRepository;
  teams: TeamService;
  sessions: SessionService;
  accessTokens: AccessTokenService;
  pendingWork: PendingWorkRecorder;
  /** Checks passwords (`confirmPassword`) and serves the account routes' sign-in parts. */
  auth: AuthService;
}

/** Every change but satellites' and registrations' may touch a profile (see forget-on-change). */
const byAllButSatellites = (maker: ChangeMaker) =>
  maker !== 'satellite' && maker !== 'registration';

/** Accounts: each one's own profile (remembered per replica), and their administration. */
export function createUsersModule(deps: UsersModuleDeps) {
  const profiles = deps.remembering<Profile>(PROFILES_TOPIC, deps.config.profileCacheMs, 10_000);
  const service = createUserService({
    profiles,
    db: deps.db,
    users: deps.users,
    teams: deps.teamRepository,
    sessions: deps.sessions,
    accessTokens: deps.accessTokens,
    pendingWork: deps.pendingWork,
    confirmPassword: deps.auth.confirmPassword,
    clock: deps.clock,
  });
  const forgetter: Forgetter = { after: byAllButSatellites, forget: () => profiles.forgetAll() };
  const credentials = {
    accountsExist: () => deps.users.anyExists(),
    // A member's role in each of their teams is in their remembered profile (read on every
    // page load), which is forgotten on any change through this replica and on the database's
    // `profiles` signal (memberships and teams raise it): team routes then need no read of
    // their own. Without one, the profile is read (and remembered) instead of the one
    // membership, so the requests that follow need none. A team the profile does not list (a
    // global admin's look into another team) is read.
    teamMembership: async (teamId: string, userId: string) => {
      const profile = profiles.get(userId) ?? (await service.me(userId).catch(() => null));
      const role = profile?.teams.find((team) => team.id === teamId)?.role;
      return role ? { role } : deps.teams.membership(teamId, userId);
    },
  } satisfies CredentialResolvers;
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(userRoutes, { users: service, teams: deps.teams, auth: deps.auth });
  };
  return { profiles, service, forgetter, credentials, routes };
}
