import type { Static, TSchema } from '@sinclair/typebox';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.js';
import type { SatelliteActor } from '../http/auth/types.js';
import type { Clock } from '../lib/clock.js';
import { servedInstallation, type InstallationCache } from './scope.js';

export interface EventContext {
  tx: Executor;
  satellite: SatelliteActor;
  /** The event's own timestamp, parsed. */
  timestamp: Date;
  clock: Clock;
  /** Installations the batch names, read once per batch. */
  installations: InstallationCache;
}

/** A new row for one table; handlers that only insert can be applied many rows at a time. */
export interface InsertRow {
  table: PgTable;
  values: Record<string, unknown>;
  id: string;
}

/** One event type: its data schema and the handler that updates the business record. */
export interface EventHandler<S extends TSchema = TSchema> {
  type: string;
  schema: S;
  /** Applies the event; returns the id of the record it produced or updated. */
  handle(data: Static<S>, context: EventContext): Promise<string>;
  /**
   * For handlers whose whole effect is inserting rows: builds them without touching the
   * database, so a batch inserts all such rows in one statement. Throws EventError to refuse.
   * The first row's id is the event's id.
   */
  toRows?(data: Static<S>, context: Omit<EventContext, 'tx'>): InsertRow[];
  /** Runs once after a batch's rows of this type were inserted (e.g. trimming old log lines). */
  afterRows?(tx: Executor, rows: InsertRow[]): Promise<void>;
}

export { EventError } from './errors.js';

export const defineHandler = <S extends TSchema>(handler: EventHandler<S>) => handler;

/**
 * A handler whose whole effect is inserting rows: `toRows` is the single source of both the
 * batched path and the one-event path. `installationOf` names the field holding the installation.
 */
export function defineRowHandler<S extends TSchema>(handler: {
  type: string;
  schema: S;
  installationOf: (data: Static<S>) => { installationId: string; teamId: string };
  toRows: (data: Static<S>, context: Omit<EventContext, 'tx'>) => InsertRow[];
  afterRows?: (tx: Executor, rows: InsertRow[]) => Promise<void>;
}): EventHandler<S> {
  return {
    type: handler.type,
    schema: handler.schema,
    toRows: handler.toRows,
    ...(handler.afterRows ? { afterRows: handler.afterRows } : {}),
    async handle(data, context) {
      const { installationId, teamId } = handler.installationOf(data);
      await servedInstallation(
        context.tx,
        context.satellite,
        installationId,
        teamId,
        context.installations,
      );
      const rows = handler.toRows(data, context);
      await context.tx.insert(rows[0]!.table).values(rows.map((r) => r.values));
      await handler.afterRows?.(context.tx, rows);
      return rows[0]!.id;
    },
  };
}
