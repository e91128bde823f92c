import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor, type Orm } from '../../db/client.js';

type Row = Record<string, unknown>;
type Where = Record<string, unknown>;

export interface ListOptions {
  where?: Where;
  /** Columns with their direction, e.g. [['created_at', 'desc'], ['id', 'desc']]. */
  orderBy?: Array<[string, 'asc' | 'desc']>;
  limit: number;
  offset: number;
}

/** One of the plugin's own tables: plain reads and writes with bound values, nothing else. */
export interface PluginTable {
  insert(values: Row): Promise<Row>;
  find(where: Where): Promise<Row | null>;
  list(options: ListOptions): Promise<{ rows: Row[]; total: number }>;
  update(where: Where, values: Row): Promise<Row | null>;
  delete(where: Where): Promise<boolean>;
}

export interface PluginDatabase {
  /** A table of this plugin by its name without the prefix (`examples` → `example_plugin_examples`). */
  table(name: string): PluginTable;
  /** Runs `work` in one transaction; the handle it gets writes inside it. */
  transaction<T>(work: (db: PluginDatabase) => Promise<T>): Promise<T>;
}

/**
 * The database handle a plugin gets: its own tables only (those whose names start with its
 * prefix, as its migrations created them), their own columns only, values always bound. It
 * keeps plugins to their own data; it is not a sandbox against hostile code, which runs inside
 * the service either way (install only plugins you trust).
 */
export async function createPluginDatabase(orm: Orm, prefix: string): Promise<PluginDatabase> {
  const columns = new Map<string, Set<string>>();
  const found = rowsOf<{ table_name: string; column_name: string }>(
    await orm.execute(sql`
      SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND starts_with(table_name, ${prefix})`),
  );
  for (const row of found) {
    const set = columns.get(row.table_name) ?? new Set();
    set.add(row.column_name);
    columns.set(row.table_name, set);
  }

  function handle(executor: Executor): PluginDatabase {
    return {
      table: (name) => tableOf(executor, name),
      transaction: (work) =>
        executor.transaction((tx) => work(handle(tx as unknown as Executor))) as Promise<never>,
    };
  }

  function tableOf(executor: Executor, name: string): PluginTable {
    const full = `${prefix}${name}`;
    const known = columns.get(full);
    if (!known) throw new Error(`table ${full} does not exist or is not this plugin's`);
    const column = (c: string) => {
      if (!known.has(c)) throw new Error(`table ${full} has no column ${c}`);
      return sql.identifier(c);
    };
    const table = sql.identifier(full);
    const whereOf = (where: Where = {}): SQL => {
      const parts = Object.entries(where).map(([c, v]) => sql`${column(c)} = ${v}`);
      return parts.length ? sql`WHERE ${sql.join(parts, sql` AND `)}` : sql``;
    };
    const assignments = (values: Row) =>
      sql.join(
        Object.entries(values).map(([c, v]) => sql`${column(c)} = ${bound(v)}`),
        sql`, `,
      );
    const run = async (query: SQL) => rowsOf<Row>(await executor.execute(query));

    return {
      async insert(values) {
        const names = Object.keys(values);
        const [row] = await run(sql`
          INSERT INTO ${table} (${sql.join(names.map(column), sql`, `)})
          VALUES (${sql.join(
            names.map((c) => sql`${bound(values[c])}`),
            sql`, `,
          )}) RETURNING *`);
        return row!;
      },
      async find(where) {
        const [row] = await run(sql`SELECT * FROM ${table} ${whereOf(where)} LIMIT 1`);
        return row ?? null;
      },
      async list({ where, orderBy = [], limit, offset }) {
        const order = orderBy.length
          ? sql`ORDER BY ${sql.join(
              orderBy.map(([c, d]) => sql`${column(c)} ${sql.raw(d === 'desc' ? 'DESC' : 'ASC')}`),
              sql`, `,
            )}`
          : sql``;
        const [rows, [count]] = await Promise.all([
          run(
            sql`SELECT * FROM ${table} ${whereOf(where)} ${order} LIMIT ${limit} OFFSET ${offset}`,
          ),
          run(sql`SELECT count(*)::int AS n FROM ${table} ${whereOf(where)}`),
        ]);
        return { rows, total: Number(count!.n) };
      },
      async update(where, values) {
        if (Object.keys(values).length === 0) return this.find(where);
        const [row] = await run(
          sql`UPDATE ${table} SET ${assignments(values)} ${whereOf(where)} RETURNING *`,
        );
        return row ?? null;
      },
      async delete(where) {
        return (
          (await run(sql`DELETE FROM ${table} ${whereOf(where)} RETURNING 1 AS gone`)).length > 0
        );
      },
    };
  }

  return handle(orm);
}

/** Objects and arrays go to JSON columns as JSON text. */
const bound = (value: unknown) =>
  value !== null && typeof value === 'object' && !(value instanceof Date)
    ? JSON.stringify(value)
    : value;
