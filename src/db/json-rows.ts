import { getTableColumns, getTableName, SQL, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.js';

type Row = Record<string, unknown>;

export interface JsonInsertOptions {
  /** Upsert: the conflict target and the columns an existing row takes from the new one. */
  onConflict?: { target: string[]; update: string[] };
  /**
   * Columns computed rather than copied: each expression may use the row's own values as `r.<column>`
   * and whatever `from` brings in.
   */
  computed?: Record<string, SQL>;
  /** More of the FROM clause after the rows (`r`), e.g. a join with an earlier WITH query. */
  from?: SQL;
  /**
   * Orders rows written at one transaction time: each row's `created_at` is that time plus its
   * number here in microseconds (one number per row, in the rows' order). The numbers must stay
   * below the count of rows the transaction writes: writing each takes longer than a microsecond,
   * so every such time has passed when it commits (see the stream cursor's `settled`).
   */
  sequence?: number[];
}

const quoted = (property: string) => `"${toSnakeCase(property)}"`;

type Primitive = string | number | boolean | null;
const isPrimitive = (value: unknown): value is Primitive =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

/**
 * The sent columns whose value is one and the same primitive in every row: a batch's rows share
 * their satellite, team, installation and often user, ids of 20–30 characters that would
 * otherwise travel, and be parsed, once per row.
 */
function sharedColumns(rows: Row[], sent: ReadonlyArray<readonly [string, string]>) {
  const shared = new Map<string, Primitive>();
  if (rows.length < 2) return shared;
  for (const [property, column] of sent) {
    const value = rows[0]![property] ?? null;
    if (!isPrimitive(value)) continue;
    if (rows.every((row) => (row[property] ?? null) === value)) shared.set(column, value);
  }
  return shared;
}

/**
 * An INSERT of any number of rows with one or two parameters: the rows travel as a JSON array
 * that PostgreSQL turns into table rows (`json_populate_recordset`), and values every row shares
 * travel once beside it (`json_populate_record`). A multi-row VALUES list costs time in
 * proportion to rows × columns on both sides and is capped at 65,535 parameters; this costs one
 * JSON.stringify. Every row must carry the same properties (camelCase, as in the schema); columns
 * not named keep their defaults. Expressions (`computed`, `from`) see every sent column as
 * `r.<column>`, shared or not.
 */
export function jsonInsert(table: PgTable, rows: Row[], options: JsonInsertOptions = {}): SQL {
  const known = getTableColumns(table);
  const properties = Object.keys(rows[0] ?? {});
  const sequenced = options.sequence !== undefined && 'createdAt' in known;
  if (sequenced) properties.push('createdAt');
  for (const property of properties)
    if (!(property in known))
      throw new Error(`${getTableName(table)} has no column for property ${property}`);
  const columns = properties.map(toSnakeCase);
  const list = sql.raw(properties.map(quoted).join(', '));
  const computed: Record<string, SQL> = {
    ...options.computed,
    ...(sequenced ? { createdAt: sql`now() + s.k::int * interval '1 microsecond'` } : {}),
  };
  // A computed column's own value is sent too (its expression may use it), except created_at.
  const sent = properties.flatMap((property, i) =>
    sequenced && property === 'createdAt' ? [] : [[property, columns[i]!] as const],
  );
  const shared = sharedColumns(rows, sent);
  const perRow = sent.filter(([, column]) => !shared.has(column));
  const payload = JSON.stringify(
    rows.map((row) => {
      const out: Row = {};
      for (const [property, column] of perRow) out[column] = row[property] ?? null;
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
  const values = sql.join(
    properties.map((property, i) => computed[property] ?? sql.raw(`r."${columns[i]}"`)),
    sql`, `,
  );
  const from = sql.join(
    [
      ...(sequenced
        ? [
            sql` JOIN json_array_elements_text(${JSON.stringify(options.sequence)}::json)
              WITH ORDINALITY AS s(k, n) ON s.n = r.ordinality`,
          ]
        : []),
      ...(options.from ? [sql` ${options.from}`] : []),
    ],
    sql``,
  );
  const rowsFrom = sequenced ? sql` WITH ORDINALITY` : sql``;
  const rowSet = sql`json_populate_recordset(NULL::${table}, ${payload}::json)${rowsFrom}`;
  if (shared.size === 0)
    return sql`INSERT INTO ${table} (${list}) SELECT ${values} FROM ${rowSet} AS r${from}${conflict}`;
  // The shared values joined back onto every row, under the name `r` the expressions use.
  const picked = sql.raw(
    [
      ...sent.map(([, column]) => `${shared.has(column) ? 'k' : 'q'}."${column}"`),
      ...(sequenced ? ['q.ordinality'] : []),
    ].join(', '),
  );
  const once = JSON.stringify(Object.fromEntries(shared));
  return sql`INSERT INTO ${table} (${list}) SELECT ${values} FROM (SELECT ${picked} FROM ${rowSet} AS q CROSS JOIN json_populate_record(NULL::${table}, ${once}::json) AS k) AS r${from}${conflict}`;
}

export async function insertJsonRows(
  tx: Executor,
  table: PgTable,
  rows: Row[],
  options: JsonInsertOptions = {},
) {
  if (rows.length > 0) await tx.execute(jsonInsert(table, rows, options));
}

/** A write that later writes of the same statement refer to by its name (its RETURNING rows). */
export interface NamedWrite {
  name: string;
  statement: SQL;
}

/**
 * Runs writes as one statement, each a data-modifying WITH query, so that they cost one round
 * trip. They must not depend on each other's effects on tables (PostgreSQL runs them against
 * one snapshot), only on the rows a named write returns. `main` is the statement whose rows
 * come back; by default the last write.
 */
export function together(writes: Array<SQL | NamedWrite>, main?: SQL): SQL | null {
  const all = main ? [...writes, main] : writes;
  if (all.length === 0) return null;
  const statementOf = (w: SQL | NamedWrite) => (w instanceof SQL ? w : w.statement);
  const last = statementOf(all.at(-1)!);
  if (all.length === 1) return last;
  const withs = all
    .slice(0, -1)
    .map((w, i) => sql`${sql.raw(w instanceof SQL ? `w${i}` : w.name)} AS (${statementOf(w)})`);
  return sql`WITH ${sql.join(withs, sql`, `)} ${last}`;
}
