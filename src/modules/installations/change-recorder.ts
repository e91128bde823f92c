import { auditInsert, type AuditEntryInput } from '../audit/writer.js';
import { notificationWrites } from '../notifications/writer.js';
import type { NewNotification } from '../notifications/kinds.js';
import type { Executor } from '../../db/client.js';
import { together } from '../../db/json-rows.js';
import { executePrepared, type StatementNames } from '../../db/prepared.js';
import { pendingWorkInsert, type PendingWork } from './pending-work.js';

/** What an installation change leaves besides itself. */
export interface InstallationChange {
  work: PendingWork;
  notifications?: NewNotification[];
  entry: AuditEntryInput;
}

/** Writes a change's pending work, notifications and audit entry in its transaction. */
export type RecordChange = (tx: Executor, change: InstallationChange) => Promise<void>;

/**
 * What every installation change leaves besides the installation itself: the satellites' pending
 * work, the team's notifications and the audit entry, written by one statement in the change's
 * transaction (each is one more round trip otherwise). The statement runs prepared where `names`
 * admits it: its text is one of a few, and PostgreSQL otherwise parses and plans it every time,
 * which cost more than the audit entry's writing (docs/performance.md).
 */
export function changeRecorder(names: StatementNames): RecordChange {
  return async (tx, change) => {
    const notifications = notificationWrites(change.notifications ?? []);
    const writes = [
      pendingWorkInsert(change.work),
      notifications.insert,
      auditInsert(change.entry),
    ];
    const statement = together(
      writes.filter((write) => write !== null),
      notifications.signal ?? undefined,
    );
    if (statement) await executePrepared(tx, statement, names);
  };
}
