import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.js';

type Row = Record<string, unknown>;

export interface JsonInsertOptions {
  /** Upsert: the conflict target and the columns an existing row takes from the new one. */
  onConflict?: { target: string[]; update: string[] };
}

const quoted = (property: string) => `"${toSnakeCase(property)}"`;

/**
 * An INSERT of any number of rows with one parameter: the rows travel as a JSON array that
 * PostgreSQL turns into table rows (`json_populate_recordset`). A multi-row VALUES list costs
 * time in proportion to rows × columns on both sides and is capped at 65,535 parameters; this
 * costs one JSON.stringify. Every row must carry the same properties (camelCase, as in the
 * schema); columns not named keep their defaults.
 */
export function jsonInsert(table: PgTable, rows: Row[], options: JsonInsertOptions = {}): SQL {
  const known = getTableColumns(table);
  const properties = Object.keys(rows[0] ?? {});
  for (const property of properties)
    if (!(property in known))
      throw new Error(`${getTableName(table)} has no column for property ${property}`);
  const columns = properties.map(toSnakeCase);
  const list = sql.raw(properties.map(quoted).join(', '));
  const payload = JSON.stringify(
    rows.map((row) => {
      const out: Row = {};
      properties.forEach((property, i) => {
        out[columns[i]!] = row[property] ?? null;
      });
      return out;
    }),
  );
  const conflict = options.onConflict
    ? sql.raw(
        ` ON CONFLICT (${options.onConflict.target.map(quoted).join(', ')}) DO UPDATE SET ${options.onConflict.update
          .map((p) => `${quoted(p)} = excluded.${quoted(p)}`)
          .join(', ')}`,
      )
    : sql``;
  return sql`INSERT INTO ${table} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${table}, ${payload}::json)${conflict}`;
}

export async function insertJsonRows(
  tx: Executor,
  table: PgTable,
  rows: Row[],
  options: JsonInsertOptions = {},
) {
  if (rows.length > 0) await tx.execute(jsonInsert(table, rows, options));
}

/**
 * Runs independent writes as one statement, each a data-modifying WITH query, so that they cost
 * one round trip. They must not depend on each other's effects (PostgreSQL runs them against
 * one snapshot). `main` is the statement whose rows come back; by default the last write.
 */
export function together(writes: SQL[], main?: SQL): SQL | null {
  const all = main ? [...writes, main] : writes;
  if (all.length === 0) return null;
  const last = all.at(-1)!;
  if (all.length === 1) return last;
  const withs = all.slice(0, -1).map((w, i) => sql`${sql.raw(`w${i}`)} AS (${w})`);
  return sql`WITH ${sql.join(withs, sql`, `)} ${last}`;
}
