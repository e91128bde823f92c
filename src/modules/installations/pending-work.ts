import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { jsonInsert } from '../../db/json-rows.js';
import { satellitePendingWork } from '../../db/schema/index.js';
import { newOrderedId } from '../../lib/ids.js';

export type PendingWorkKind =
  | 'installation.created'
  | 'installation.updated'
  | 'installation.deleted'
  /** A tool of the installation was switched off or on (payload: tool_name, is_disabled). */
  | 'installation.tool_status'
  | 'user_config.saved'
  | 'member.added'
  | 'member.removed'
  /** Recorded once per team the account was in; the satellites forget its cached tokens. */
  | 'user.deleted'
  | 'user.disabled'
  /** The user revoked a client, grant or token: satellites forget their cached tokens. */
  | 'oauth.revoked';

export interface PendingWork {
  kind: PendingWorkKind;
  teamId: string;
  installationId?: string | null;
  userId?: string | null;
  payload?: Record<string, unknown>;
}

/**
 * The seam between configuration changes and satellites: every change a satellite must act on
 * is recorded here, in the caller's transaction, and later turned into satellite commands.
 */
export function createPendingWorkRecorder(db: Executor) {
  return {
    async record(work: PendingWork, tx: Executor = db) {
      await tx.execute(pendingWorkInsert(work));
    },
  };
}

/** The INSERT of one piece of pending work, for a caller that writes it with other rows. */
export function pendingWorkInsert(work: PendingWork): SQL {
  return jsonInsert(satellitePendingWork, [
    {
      id: newOrderedId('pw'),
      kind: work.kind,
      teamId: work.teamId,
      installationId: work.installationId ?? null,
      userId: work.userId ?? null,
      payload: work.payload ?? {},
    },
  ]);
}

export type PendingWorkRecorder = ReturnType<typeof createPendingWorkRecorder>;

/**
 * What the OAuth service calls, in its transaction, when a user's tokens end (a revoked client,
 * grant or token): each team the user is in gets `oauth.revoked`, so that every satellite serving
 * it forgets the user's cached introspections at its next poll instead of trusting them until
 * they expire.
 */
export function recordAccessEnded(
  recorder: ReturnType<typeof createPendingWorkRecorder>,
  teamsOf: (userId: string, tx: Executor) => Promise<string[]>,
) {
  return async (userId: string, tx: Executor) => {
    for (const teamId of await teamsOf(userId, tx))
      await recorder.record({ kind: 'oauth.revoked', teamId, userId }, tx);
  };
}
