import type { Executor } from '../../db/client.js';
import { assignmentReads, type AssignmentReads } from './repository/assignment-records.js';
import {
  commandReads,
  commandWrites,
  type CommandReads,
  type CommandWrites,
} from './repository/command-records.js';
import { heartbeatWrites, type HeartbeatWrites } from './repository/heartbeat-records.js';
import {
  satelliteReads,
  satelliteWrites,
  type SatelliteReads,
  type SatelliteWrites,
} from './repository/satellite-records.js';
import {
  tokenReads,
  tokenWrites,
  type TokenReads,
  type TokenWrites,
} from './repository/token-records.js';

export type { CommandRow, SatelliteRow, TokenRow } from './repository/rows.js';

/**
 * The satellites' storage: registration tokens, satellites, which satellites serve what,
 * heartbeats and commands, each read and written by its own part (repository/).
 */
export interface SatelliteRepository
  extends
    TokenReads,
    TokenWrites,
    SatelliteReads,
    SatelliteWrites,
    AssignmentReads,
    HeartbeatWrites,
    CommandReads,
    CommandWrites {}

export function createSatelliteRepository(db: Executor): SatelliteRepository {
  return {
    ...tokenReads(db),
    ...tokenWrites(db),
    ...satelliteReads(db),
    ...satelliteWrites(db),
    ...assignmentReads(db),
    ...heartbeatWrites(db),
    ...commandReads(db),
    ...commandWrites(db),
  };
}
