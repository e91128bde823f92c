import { inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type {
  satelliteCommands,
  satelliteRegistrationTokens,
  satellites,
} from '../../../db/schema/index.js';

// The satellite repository's row types and shared conditions (repository.ts composes its parts).

export type SatelliteRow = typeof satellites.$inferSelect;
export type TokenRow = typeof satelliteRegistrationTokens.$inferSelect;
export type CommandRow = typeof satelliteCommands.$inferSelect;

/** A page of rows and how many the whole filtered set holds. */
export interface RowPage<T> {
  items: T[];
  total: number;
}

/** Rows of the given teams; null means every team (global administrators). */
export function withinTeams(column: AnyPgColumn, teamIds: string[] | null): SQL | undefined {
  return teamIds === null
    ? undefined
    : teamIds.length === 0
      ? sql`false`
      : inArray(column, teamIds);
}
