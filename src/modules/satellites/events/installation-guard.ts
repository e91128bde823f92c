import { sql } from 'drizzle-orm';
import type { NamedWrite } from '../../../db/json-rows.js';
import { mcpRequestLogs, satelliteUsageLogs } from '../../../db/schema/index.js';
import type { BatchWrites } from './writes.js';

/**
 * Request logs, server log lines and usage rows name their installation without a foreign key
 * (migration 0030): checked row by row, it cost a fifth of the database's work on a batch. A
 * batch's statement holds the installations they name instead, once each, with the lock a
 * foreign key check takes (`installations_held`), and fails as one does (23503) if one of them
 * is gone; the batch is then applied event by event, which answers the events about it as
 * naming an installation that does not exist (applying.ts). A trigger deletes the rows with
 * their installation, as the cascade did.
 */
const GUARDED_INSERTS = [mcpRequestLogs, satelliteUsageLogs];

/** The installations whose rows a batch writes into the guarded tables, in order. */
export function guardedInstallations(writes: BatchWrites): string[] {
  const ids = new Set(writes.logLines.keys());
  for (const table of GUARDED_INSERTS)
    for (const row of writes.inserts.get(table) ?? []) ids.add(String(row.installationId));
  return [...ids].sort();
}

/**
 * The guard as a WITH query of the batch's statement, named `installations_held`; the statement
 * must read it (apply.ts), or it does not run. The ids travel as one value, so that the
 * statement's text, which is prepared, does not change with their number.
 */
export function installationGuard(ids: string[]): NamedWrite | null {
  if (ids.length === 0) return null;
  return {
    name: 'installations_held',
    statement: sql`SELECT installations_held(${JSON.stringify(ids)}::jsonb) AS held`,
  };
}
