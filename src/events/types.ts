import type { Static, TSchema } from '@sinclair/typebox';
import type { SatelliteActor } from '../http/auth/types.js';
import type { Clock } from '../lib/clock.js';
import type { InstallationScope, InstanceCache } from './scope.js';
import type { BatchWrites } from './writes.js';

/** What a handler knows when it plans one event; everything was read before planning began. */
export interface PlanContext {
  /** The event's position in the batch: later positions win where two events change one record. */
  index: number;
  satellite: SatelliteActor;
  /** The installation the event names, already checked to be one this satellite serves. */
  installation: InstallationScope;
  /** The event's own timestamp, parsed. */
  timestamp: Date;
  clock: Clock;
  /** Instance ids by installation and user, for the (installation, user) pairs the batch names. */
  instances: InstanceCache;
  /**
   * The instance of the user the event names (`userOf`), already checked to be a member of the
   * installation's team with an instance of it; undefined when the event names no user.
   */
  userInstance?: string;
}

/**
 * One event type: its data schema and how it changes the business records. Handlers never touch
 * the database themselves: `plan` records the event's writes, and the batch applies the writes of
 * all its events together, in as few statements as the record types allow.
 */
export interface EventHandler<S extends TSchema = TSchema> {
  type: string;
  schema: S;
  /** The installation the event names and the team the satellite claims it belongs to. */
  installationOf(data: Static<S>): { installationId: string; teamId: string };
  /**
   * The user the event attributes its records to (an activity row, an instance status), if any.
   * The batch then refuses the event unless that user is a member of the installation's team
   * with an instance of it (see members.ts): every handler that reads a user id from its data
   * must declare it here, so that no satellite writes into an arbitrary account's records.
   */
  userOf?(data: Static<S>): string | undefined;
  /**
   * Records the event's writes and returns the id of the record it produces or updates.
   * Throws EventError to refuse the event; nothing it recorded is then applied.
   */
  plan(data: Static<S>, context: PlanContext, writes: BatchWrites): string;
}

export { EventError } from './errors.js';

export const defineHandler = <S extends TSchema>(handler: EventHandler<S>) => handler;
