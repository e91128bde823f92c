import { createTeamMemberships, type TeamMemberships } from './memberships.js';
import type { TeamServiceDeps } from './service-deps.js';
import {
  createTeamQueries,
  createTeamRecords,
  type TeamQueries,
  type TeamRecords,
} from './team-records.js';

export type { MembershipListener, TeamServiceDeps } from './service-deps.js';
export { slugify, teamView } from './views.js';

/** Teams and who belongs to them, for the team routes and account registration. */
export interface TeamService extends TeamQueries, TeamRecords, TeamMemberships {}

export function createTeamService(deps: TeamServiceDeps): TeamService {
  return {
    ...createTeamQueries(deps),
    ...createTeamRecords(deps),
    ...createTeamMemberships(deps),
  };
}
