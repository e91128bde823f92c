import type { Static, TSchema } from '@sinclair/typebox';
import type { Executor } from '../db/client.js';
import type { SatelliteActor } from '../http/auth/types.js';
import type { Clock } from '../lib/clock.js';

export interface EventContext {
  tx: Executor;
  satellite: SatelliteActor;
  /** The event's own timestamp, parsed. */
  timestamp: Date;
  clock: Clock;
  /** Installations already looked up in this batch, so each is read once per batch. */
  installations: Map<string, unknown>;
}

/** One event type: its data schema and the handler that updates the business record. */
export interface EventHandler<S extends TSchema = TSchema> {
  type: string;
  schema: S;
  /** Applies the event; returns the id of the record it produced or updated. */
  handle(data: Static<S>, context: EventContext): Promise<string>;
}

/** An expected refusal (wrong team, missing record): reported in `failures`, never a 5xx. */
export class EventError extends Error {
  override name = 'EventError';
}

export const defineHandler = <S extends TSchema>(handler: EventHandler<S>) => handler;
