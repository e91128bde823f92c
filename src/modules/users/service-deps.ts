import type { Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { Remembered } from '../../lib/remembered.js';
import type { SessionService } from '../auth/sessions.js';
import type { PendingWorkRecorder } from '../installations/pending-work.js';
import type { AccessTokenService } from '../oauth/access-tokens.js';
import type { TeamRepository } from '../teams/repository.js';
import type { UserRepository, UserRow } from './repository.js';
import type { Profile } from './views.js';

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
   * Each account's own profile as `me` answers it, remembered per replica
   * (http/forget-on-change.ts says when it is forgotten); absent, every call reads.
   */
  profiles?: Remembered<Profile>;
}
