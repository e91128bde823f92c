import type { Config } from '../../config.js';
import type { SatelliteActor } from '../../http/auth/types.js';
import { TooManyRequestsError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { createGate } from '../../lib/gate.js';
import { createTokenBuckets } from './token-buckets.js';

/** Rows per second an event batch may write; 0 switches a limit off. */
export interface EventWorkSettings {
  /** Per satellite. */
  rowsPerSatellite: number;
  /** Per team, whichever satellites write for it. */
  rowsPerTeam: number;
  /** The largest batch's rows: a bucket holds at least this, so one full batch always fits. */
  maxBatchRows: number;
}

/** What one batch will write, by the team it writes for (null: the satellite itself). */
export type RowsByTeam = ReadonlyMap<string | null, number>;

/**
 * Satellite limits charged by the work a batch causes, not by requests: a batch of a hundred
 * events of twenty calls each writes four thousand rows, a heartbeat one. A batch is let in while
 * its satellite's bucket (and, for a team satellite, its team's) holds any rows, checked before
 * its body is read; once validated, the rows it will write are charged in full, and a bucket may
 * go below empty. The batches after it are then refused before their bodies are parsed until the
 * debt is repaid at the configured rate, so a flood costs the service the reading of a few heads,
 * not the parsing of megabytes. Buckets hold two seconds' rows (at least one largest batch).
 * Counted per replica, in memory, like the other satellite limits.
 */
export function createEventWorkLimits(settings: EventWorkSettings, clock: Clock) {
  const bucketsOf = (perSecond: number) =>
    perSecond > 0
      ? createTokenBuckets(
          { perSecond, burst: Math.max(2 * perSecond, settings.maxBatchRows) },
          clock,
        )
      : null;
  const perSatellite = bucketsOf(settings.rowsPerSatellite);
  const perTeam = bucketsOf(settings.rowsPerTeam);
  const refuse = (seconds: number) =>
    new TooManyRequestsError(
      seconds,
      'Too many rows written by event batches: rate limit exceeded; try again later',
    );

  return {
    /**
     * Before the body is read: throws a 429 whose text says `rate limit` (the DeployStack
     * satellite backs off only on those words) while the satellite or its team owes rows.
     */
    admit(satellite: SatelliteActor) {
      const wait = Math.max(
        perSatellite?.peek(satellite.satelliteId) ?? 0,
        (satellite.teamId !== null && perTeam?.peek(satellite.teamId)) || 0,
      );
      if (wait > 0) throw refuse(wait);
    },
    /** After validation: charges the rows to the satellite and to each team it writes for. */
    charge(satellite: SatelliteActor, rows: RowsByTeam) {
      let total = 0;
      for (const [team, count] of rows) {
        total += count;
        if (team !== null) perTeam?.charge(team, count);
      }
      perSatellite?.charge(satellite.satelliteId, total);
    },
  };
}

export type EventWorkLimits = ReturnType<typeof createEventWorkLimits>;

/**
 * What the event processor needs to bound a batch, from the configuration: the per-batch
 * bounds, the row limits, and the gate that lets a few batches at a time into the database.
 */
export function eventBatchBounds(config: Config, clock: Clock) {
  const { satellites, rateLimits } = config;
  const work = {
    maxBatchRows: satellites.eventBatchMaxRows,
    sliceRows: satellites.eventSliceRows,
    sliceBytes: satellites.eventSliceBytes,
  };
  const limits = createEventWorkLimits(
    {
      rowsPerSatellite: rateLimits.satelliteRowsPerSatellite,
      rowsPerTeam: rateLimits.satelliteRowsPerTeam,
      maxBatchRows: work.maxBatchRows,
    },
    clock,
  );
  const gate = createGate(
    satellites.eventBatchesAtOnce,
    satellites.eventBatchesWaiting,
    () =>
      new TooManyRequestsError(
        1,
        'Too many event batches at once: rate limit exceeded; try again later',
      ),
  );
  return { work, admit: limits.admit, charge: limits.charge, gate };
}
