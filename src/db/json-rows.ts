import { getTableColumns, getTableName, SQL, sql, StringChunk } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgTable } from 'drizzle-orm/pg-core';
import { isoTime } from '../lib/iso-time.js';
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

/** A table's columns for one set of row properties: what each call with them would work out. */
interface Layout {
  properties: string[];
  columns: string[];
  /** The columns whose values travel (all but a sequenced `created_at`), as [property, column]. */
  sent: Array<readonly [string, string]>;
  sequenced: boolean;
}

/**
 * A statement's text around the values each call brings: the rows, the shared values, the
 * sequence, and the `computed` and `from` expressions (which may carry parameters of their own).
 */
type Part = string | { slot: 'rows' | 'shared' | 'sequence' | 'from' } | { computed: string };

interface Template {
  parts: Part[];
  /** The columns that travel once per row, as [property, column]. */
  perRow: Array<readonly [string, string]>;
}

/**
 * Layouts and statement texts, worked out once per shape: a batch writes rows of a few shapes
 * again and again, and building the same text from a few hundred fragments per batch, then
 * walking them, cost about half a millisecond of CPU per event batch (an eighth of the
 * service's share, docs/performance.md). Shapes come from code (the properties and options
 * callers use) and from which of a few columns a batch's rows share, so there are few of them;
 * the bound only guards against a caller that would make them endless.
 */
const layouts = new WeakMap<PgTable, Map<string, Layout>>();
const templates = new WeakMap<Layout, Map<string, Template>>();
const SHAPES_KEPT = 256;

function remembered<K extends object, V>(cache: WeakMap<K, Map<string, V>>, owner: K) {
  let byKey = cache.get(owner);
  if (!byKey || byKey.size >= SHAPES_KEPT) cache.set(owner, (byKey = new Map()));
  return byKey;
}

function layoutOf(table: PgTable, row: Row | undefined, sequence: boolean): Layout {
  const properties = Object.keys(row ?? {});
  const byKey = remembered(layouts, table);
  const key = `${sequence}:${properties.join(',')}`;
  const known = byKey.get(key);
  if (known) return known;
  const columnsOf = getTableColumns(table);
  const sequenced = sequence && 'createdAt' in columnsOf;
  if (sequenced) properties.push('createdAt');
  for (const property of properties)
    if (!(property in columnsOf))
      throw new Error(`${getTableName(table)} has no column for property ${property}`);
  const columns = properties.map(toSnakeCase);
  // A computed column's own value is sent too (its expression may use it), except created_at.
  const sent = properties.flatMap((property, i) =>
    sequenced && property === 'createdAt' ? [] : [[property, columns[i]!] as const],
  );
  const layout = { properties, columns, sent, sequenced };
  byKey.set(key, layout);
  return layout;
}

/**
 * The sent columns whose value is one and the same primitive in every row: a batch's rows share
 * their satellite, team, installation and often user, ids of 20–30 characters that would
 * otherwise travel, and be parsed, once per row.
 */
function sharedColumns(rows: Row[], sent: Layout['sent']) {
  const shared = new Map<string, Primitive>();
  if (rows.length < 2) return shared;
  for (const [property, column] of sent) {
    const value = rows[0]![property] ?? null;
    if (!isPrimitive(value)) continue;
    if (rows.every((row) => (row[property] ?? null) === value)) shared.set(column, value);
  }
  return shared;
}

function templateOf(
  table: PgTable,
  layout: Layout,
  shared: Map<string, Primitive>,
  options: JsonInsertOptions,
): Template {
  const byKey = remembered(templates, layout);
  const { onConflict, computed = {}, from } = options;
  const key = [
    [...shared.keys()].join(','),
    Object.keys(computed).join(','),
    from ? 'from' : '',
    onConflict ? `${onConflict.target.join(',')}>${onConflict.update.join(',')}` : '',
  ].join('|');
  const known = byKey.get(key);
  if (known) return known;

  const { properties, columns, sent, sequenced } = layout;
  const name = `"${getTableName(table)}"`;
  const parts: Part[] = [
    `INSERT INTO ${name} (${columns.map((c) => `"${c}"`).join(', ')}) SELECT `,
  ];
  properties.forEach((property, i) => {
    if (i > 0) parts.push(', ');
    if (sequenced && property === 'createdAt')
      parts.push(`now() + s.k::int * interval '1 microsecond'`);
    else if (property in computed) parts.push({ computed: property });
    else parts.push(`r."${columns[i]}"`);
  });
  const rowSet = (alias: string) => [
    `json_populate_recordset(NULL::${name}, `,
    { slot: 'rows' } as const,
    `::json)${sequenced ? ' WITH ORDINALITY' : ''} AS ${alias}`,
  ];
  if (shared.size === 0) parts.push(' FROM ', ...rowSet('r'));
  else {
    // The shared values joined back onto every row, under the name `r` the expressions use.
    const picked = [
      ...sent.map(([, column]) => `${shared.has(column) ? 'k' : 'q'}."${column}"`),
      ...(sequenced ? ['q.ordinality'] : []),
    ].join(', ');
    parts.push(
      ` FROM (SELECT ${picked} FROM `,
      ...rowSet('q'),
      ` CROSS JOIN json_populate_record(NULL::${name}, `,
      { slot: 'shared' },
      '::json) AS k) AS r',
    );
  }
  if (sequenced)
    parts.push(
      ` JOIN json_array_elements_text(`,
      { slot: 'sequence' },
      '::json) WITH ORDINALITY AS s(k, n) ON s.n = r.ordinality',
    );
  if (from) parts.push(' ', { slot: 'from' });
  if (onConflict)
    parts.push(
      ` ON CONFLICT (${onConflict.target.map(quoted).join(', ')}) DO UPDATE SET ${onConflict.update
        .map((p) => `${quoted(p)} = excluded.${quoted(p)}`)
        .join(', ')}`,
    );
  // Adjacent texts as one: fewer pieces for the query builder to walk.
  const merged: Part[] = [];
  for (const part of parts) {
    const last = merged.length - 1;
    if (typeof part === 'string' && typeof merged[last] === 'string')
      merged[last] = merged[last] + part;
    else merged.push(part);
  }
  const template = { parts: merged, perRow: sent.filter(([, column]) => !shared.has(column)) };
  byKey.set(key, template);
  return template;
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
  const layout = layoutOf(table, rows[0], options.sequence !== undefined);
  const shared = sharedColumns(rows, layout.sent);
  const { parts, perRow } = templateOf(table, layout, shared, options);
  const payload = JSON.stringify(
    rows.map((row) => {
      const out: Row = {};
      for (const [property, column] of perRow) {
        const value = row[property];
        // Dates as text here: JSON.stringify would call each one's toJSON, and slowly (iso-time.ts).
        out[column] = value instanceof Date ? isoTime(value) : (value ?? null);
      }
      return out;
    }),
  );
  const chunks = parts.map((part) => {
    if (typeof part === 'string') return new StringChunk(part);
    if ('computed' in part) return options.computed![part.computed]!;
    if (part.slot === 'rows') return payload;
    if (part.slot === 'shared') return JSON.stringify(Object.fromEntries(shared));
    if (part.slot === 'sequence') return JSON.stringify(options.sequence);
    return options.from!;
  });
  return new SQL(chunks);
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
