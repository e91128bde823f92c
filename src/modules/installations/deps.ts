import type { Database, Executor } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { CatalogueRepository } from '../catalogue/repository.js';
import type { PendingWorkRecorder } from './pending-work.js';
import type { InstallationRepository } from './repository.js';

/** What the installation service is built from (its module.ts); each part takes the few it uses. */
export interface InstallationServiceDeps {
  db: Database;
  repository: InstallationRepository;
  catalogue: CatalogueRepository;
  pendingWork: PendingWorkRecorder;
  encryptionKey: Buffer;
  clock: Clock;
  /** Whether the member has signed in to the server with OAuth (src/modules/upstream-oauth). */
  oauthConnected?: (installationId: string, userId: string, tx: Executor) => Promise<boolean>;
}
