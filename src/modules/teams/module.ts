import type { FastifyPluginAsync } from 'fastify';
import type { Executor } from '../../db/client.js';
import type { ModuleContext } from '../context.js';
import type { UserRepository } from '../users/repository.js';
import type { TeamRepository } from './repository.js';
import { teamRoutes } from './routes.js';
import { createTeamService, type MembershipListener } from './service.js';

export interface TeamsModuleDeps extends Pick<ModuleContext, 'db'> {
  teams: TeamRepository;
  users: UserRepository;
  /** Told of every member added to or removed from a team, in its transaction. */
  listeners: MembershipListener[];
}

/** Teams and their members. */
export function createTeamsModule(deps: TeamsModuleDeps) {
  const service = createTeamService({
    db: deps.db,
    teams: deps.teams,
    users: deps.users,
    listeners: deps.listeners,
  });
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(teamRoutes, { service });
  };
  return { service, routes };
}

/** The ids of the teams an account is a member of, read in the caller's transaction. */
export function teamIdsOf(teams: TeamRepository) {
  return async (userId: string, tx: Executor): Promise<string[]> =>
    (await teams.listForUser(userId, null, tx)).items.map(({ team }) => team.id);
}
