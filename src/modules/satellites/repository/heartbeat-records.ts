import type { Executor } from '../../../db/client.js';
import { satelliteHeartbeats } from '../../../db/schema/index.js';

/** Writing heartbeats (their reads are the metrics source's, metrics-source.ts). */
export interface HeartbeatWrites {
  /** Stores one heartbeat with its metrics. */
  insertHeartbeat(values: typeof satelliteHeartbeats.$inferInsert, tx?: Executor): Promise<void>;
}

export function heartbeatWrites(db: Executor): HeartbeatWrites {
  return {
    async insertHeartbeat(values, tx = db) {
      await tx.insert(satelliteHeartbeats).values(values);
    },
  };
}
