import type { Static, TSchema } from '@sinclair/typebox';
import type { SatelliteActor } from '../../../http/auth/types.js';
import type { Clock } from '../../../lib/clock.js';
import type { InstallationScope } from './scope-cache.js';
import type { InstanceCache } from './scope.js';
import type { BatchWrites } from './writes.js';

/** What every handler knows when it plans one event; everything was read before planning. */
interface BaseContext {
  /** The event's position in the batch: later positions win where two events change one record. */
  index: number;
  satellite: SatelliteActor;
  /** The event's own timestamp, parsed. */
  timestamp: Date;
  clock: Clock;
}

/** The context of an event about an installation. */
export interface PlanContext extends BaseContext {
  /** The installation the event names, already checked to be one this satellite serves. */
  installation: InstallationScope;
  /** Instance ids by installation and user, for the (installation, user) pairs the batch names. */
  instances: InstanceCache;
  /**
   * The instance of the (first) user the event names (`userOf`), already checked to be a member
   * of the installation's team with an instance of it; undefined when the event names no user.
   */
  userInstance?: string;
  /** The instance of any user the event names (all were checked like `userInstance`). */
  instanceOf(userId: string): string;
}

/** The context of an event about the satellite itself (no installation). */
export interface SatellitePlanContext extends BaseContext {
  /**
   * The team the event's user belongs to (`userOf` + `teamOf`), already checked to be a team
   * this satellite serves with the user as a member; undefined when the event names no user.
   */
  teamId?: string;
}

/** How an event names its installation: an installation id and the team the satellite claims. */
export interface InstallationClaim {
  installationId: string;
  /** Absent when the event carries no team (the installation's own team is then assumed). */
  teamId?: string;
}

/** The users an event attributes records to; a list where one event carries several calls. */
export type NamedUsers = string | readonly string[] | undefined;

interface BaseHandler<S extends TSchema> {
  type: string;
  schema: S;
  /**
   * The users the event attributes its records to (an activity row, an instance status), if
   * any. The batch then refuses the event unless each is a member of the team concerned (with an
   * instance of the installation, for installation events; see members.ts): every handler that
   * reads a user id from its data must declare it here, so that no satellite writes into an
   * arbitrary account's records. May throw EventError to refuse the event.
   */
  userOf?(data: Static<S>): NamedUsers;
  /**
   * Rows the event writes besides its history entry (default 1), known from its data before
   * anything is read: the batch is bounded and charged by them (work.ts).
   */
  rows?(data: Static<S>): number;
}

/**
 * An event about one installation (and possibly a member's instance of it): its data schema and
 * how it changes the business records. Handlers never touch the database themselves: `plan`
 * records the event's writes, and the batch applies the writes of all its events together, in
 * as few statements as the record types allow.
 */
export interface InstallationEventHandler<S extends TSchema = TSchema> extends BaseHandler<S> {
  /** The installation the event names. May throw EventError (e.g. two ids that disagree). */
  installationOf(data: Static<S>): InstallationClaim;
  /**
   * What becomes of the event when what it names is gone: no such installation (deleted since,
   * or not an installation id at all), or a named user no longer a member with an instance of
   * it. By default it is refused; with `'history'` it is accepted into the satellite's event
   * history only, changing no record, for reports the satellite rightly sends after the fact
   * (a process stopped on uninstall). The refusals that keep teams apart stand either way: a
   * team the satellite does not serve, an installation of another team or another satellite.
   */
  unresolved?: 'history';
  /**
   * Records the event's writes and returns the id of the record it produces or updates.
   * Throws EventError to refuse the event; nothing it recorded is then applied.
   */
  plan(data: Static<S>, context: PlanContext, writes: BatchWrites): string;
}

/**
 * An event about the satellite itself or its clients, naming no installation (configuration
 * errors, refused tokens, client sessions). It always lands in the satellite's event history;
 * `plan`, when present, records further writes and returns the id of the record it produces.
 */
export interface SatelliteEventHandler<S extends TSchema = TSchema> extends BaseHandler<S> {
  installationOf?: never;
  /** The team of the user the event names, if it says; checked with `userOf`. */
  teamOf?(data: Static<S>): string | undefined;
  plan?(data: Static<S>, context: SatellitePlanContext, writes: BatchWrites): string;
}

export type EventHandler = InstallationEventHandler | SatelliteEventHandler;

export const isInstallationEvent = (h: EventHandler): h is InstallationEventHandler =>
  typeof h.installationOf === 'function';

export { EventError } from './errors.js';

export const defineHandler = <S extends TSchema>(handler: InstallationEventHandler<S>) => handler;
export const defineSatelliteHandler = <S extends TSchema>(handler: SatelliteEventHandler<S>) =>
  handler;

/** The users a handler names, as a list. */
export function usersNamed(users: NamedUsers): string[] {
  if (users === undefined) return [];
  return typeof users === 'string' ? [users] : [...new Set(users)];
}
