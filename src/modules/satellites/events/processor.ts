import type { Logger } from 'pino';
import type { Database } from '../../../db/client.js';
import type { SatelliteActor } from '../../../http/auth/types.js';
import type { Clock } from '../../../lib/clock.js';
import type { StreamSignals } from '../../../http/stream/signals.js';
import type { Gate } from '../../../lib/gate.js';
import { batchAdmission } from './admission.js';
import { batchAnswering, type BatchResult } from './answering.js';
import { batchApplying } from './applying.js';
import { batchPlanning } from './planning.js';
import type { ScopeCache } from './scope-cache.js';
import { DEFAULT_BATCH_WORK, rowsByTeam, type BatchWork } from './work.js';

export type { BatchFailure, BatchResult } from './answering.js';

export interface EventProcessorDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  /** An identical event received again within this many seconds is not applied again. */
  dedupWindowSeconds: number;
  /** Wakes the streams whose items a batch wrote, once it is committed. */
  signals?: Pick<StreamSignals, 'publish'>;
  /** What batches looked up, remembered while this replica hears changes (scope-cache.ts). */
  scopeCache?: ScopeCache;
  /** Told, once committed, of a batch that may have changed instance statuses. */
  onInstancesChanged?: () => void;
  /** Whether a batch's commit waits for its WAL to be flushed (apply.ts); default true. */
  synchronousCommit?: boolean;
  /** The bounds of one batch's work (work.ts); DEFAULT_BATCH_WORK when not given. */
  work?: BatchWork;
  /** Before a batch's body is read: throws to refuse a satellite that owes work. */
  admit?: (satellite: SatelliteActor) => void;
  /** Charges a valid batch's rows to the satellite's and its teams' limits, before any is written. */
  charge?: (satellite: SatelliteActor, rows: ReadonlyMap<string | null, number>) => void;
  /** Batches applied at once in this process; the others wait their turn or are refused. */
  gate?: Gate;
}

/**
 * A satellite's event batches, in four parts: admitted (admission.ts), planned (planning.ts),
 * applied (applying.ts) and answered (answering.ts).
 */
export interface EventProcessor {
  /** Refuses a batch before its body is read while its satellite or team owes work. */
  admit(satellite: SatelliteActor): void;
  /**
   * Applies a batch with per-event isolation. Every event is validated in memory first; the
   * valid ones are planned in memory and written together, each with its history entry, in
   * one transaction. The history entries also set aside events accepted before (a resent
   * batch: see applyNew in applying.ts and history.ts). Only if the database refuses the write
   * (a storage failure) is the batch applied again one event per savepoint, so that a failure
   * rolls back only the event that caused it.
   */
  process(satellite: SatelliteActor, events: unknown[]): Promise<BatchResult>;
}

export function createEventProcessor(deps: EventProcessorDeps): EventProcessor {
  const work = deps.work ?? DEFAULT_BATCH_WORK;
  const admission = batchAdmission({ work, admit: deps.admit });
  const answering = batchAnswering({ logger: deps.logger });
  const planning = batchPlanning({
    db: deps.db,
    clock: deps.clock,
    scopeCache: deps.scopeCache,
    answering,
  });
  const applying = batchApplying({ ...deps, work, planning, answering });

  return {
    admit: (satellite) => admission.admit(satellite),
    async process(satellite, events) {
      const { invalid, valid, unique, copies } = admission.admitBatch(satellite, events);
      // Charged once let in: a batch refused at the gate was not applied and costs nothing.
      const slices = () => {
        deps.charge?.(satellite, rowsByTeam(satellite, valid));
        return applying.applyInSlices(satellite, unique);
      };
      const out = deps.gate ? await deps.gate.run(slices) : await slices();
      return answering.answer(invalid, out, copies);
    },
  };
}
