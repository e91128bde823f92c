import type { Database, Executor } from '../../db/client.js';
import type { Remembered } from '../../lib/remembered.js';
import type { PendingWorkRecorder } from '../installations/pending-work.js';
import type { CatalogueRepository } from './repository.js';
import type { ServerList } from './views.js';

/** What the catalogue tells the OAuth side about servers (src/modules/upstream-oauth). */
export interface CatalogueOAuthHooks {
  /** In the change's transaction: the server's `requires_oauth` changed. */
  changed(serverId: string, requiresOauth: boolean, tx: Executor): Promise<void>;
  /** After commit: check in the background whether this http/sse server wants OAuth. */
  detect(server: { id: string; transport: string; url: string | null }): void;
}

/** What the catalogue service is built from (its module.ts); each part takes the few it uses. */
export interface CatalogueServiceDeps {
  db: Database;
  repository: CatalogueRepository;
  pendingWork: PendingWorkRecorder;
  /** List and search answers by their query, remembered per replica (http/forget-on-change.ts: when forgotten). */
  lists: Remembered<ServerList>;
  /** Remote servers that want OAuth (src/modules/upstream-oauth); absent: nothing detected. */
  oauth?: CatalogueOAuthHooks;
  /** Encrypts the secrets of administrators' OAuth clients (lib/crypto.ts). */
  encryptionKey: Buffer;
}
