import type { Database, Executor } from '../../db/client.js';
import type { UserRepository } from '../users/repository.js';
import type { TeamRepository } from './repository.js';

/** Other modules (installations) keep per-member records in step with team membership. */
export interface MembershipListener {
  memberAdded(teamId: string, userId: string, tx: Executor): Promise<void>;
  memberRemoved(teamId: string, userId: string, tx: Executor): Promise<void>;
}

export interface TeamServiceDeps {
  db: Database;
  teams: TeamRepository;
  users: UserRepository;
  listeners?: MembershipListener[];
}
