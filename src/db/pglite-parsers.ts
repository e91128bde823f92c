import { types, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

/**
 * The array types the ORM reads as text, each with its element type, whose parser PGlite's
 * array parser looks up.
 */
const ARRAY_ELEMENTS = new Map<number, number>([
  [1231, types.NUMERIC], // numeric[]
  [1115, types.TIMESTAMP], // timestamp[]
  [1185, types.TIMESTAMPTZ], // timestamptz[]
  [1187, types.INTERVAL], // interval[]
  [1182, types.DATE], // date[]
]);
/**
 * The types the ORM reads as text from PGlite (drizzle-orm/pglite asks for them so on every
 * query): times and dates, intervals, and their arrays, and numeric arrays.
 */
export const ORM_TEXT_TYPES: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  ...ARRAY_ELEMENTS.keys(),
];
const TEXT_TYPES = new Set(ORM_TEXT_TYPES);
const asText = (value: string) => value;

/** Only the options the ORM sends for these types, which the client's own parsers now hold. */
function withoutOrmParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  const parsers = options?.parsers;
  if (!parsers) return options;
  const oids = Object.keys(parsers).map(Number);
  if (oids.length !== TEXT_TYPES.size || !oids.every((oid) => TEXT_TYPES.has(oid))) return options;
  const { parsers: _omitted, ...rest } = options;
  return rest;
}

/** `target`'s members, with `query` replaced; its methods stay bound to it (private fields). */
function replacingQuery<T extends object>(target: T, query: unknown, extra: object = {}): T {
  return new Proxy(target, {
    get(object, property) {
      if (property === 'query') return query;
      if (property in extra) return extra[property as keyof typeof extra];
      const value: unknown = Reflect.get(object, property);
      return typeof value === 'function' ? value.bind(object) : value;
    },
  });
}

/**
 * PGlite and the ORM agree on reading times as text without copying PGlite's table of parsers
 * on every query. PGlite merges per-query parsers into its own table of about 320 (one per array
 * type, tables' row types included) by copying the table: 90–190 µs per query, a third of a
 * simple select's cost, and the ORM passes its parsers on every query. Here the client's own
 * table reads the ORM's types as text, and the client handed to the ORM drops the ORM's copy
 * of the same parsers, in transactions too. Plain queries (`restoreDefaultTypes`) convert those
 * columns back as PGlite's defaults would have, so `db.query` answers as before.
 */
export function shareOrmParsers(client: PGlite) {
  const defaults = { ...client.parsers };
  // PGlite's array parsers find their element's parser in the live table, which now reads it as
  // text: the defaults parse these arrays' elements with the elements' default parsers.
  for (const [array, element] of ARRAY_ELEMENTS)
    defaults[array] = (value: string) =>
      types.arrayParser(value, (item: string) => types.parseType(item, element, defaults), array);
  for (const oid of ORM_TEXT_TYPES) client.parsers[oid] = asText;

  const query = (sql: string, params?: unknown[], options?: QueryOptions) =>
    client.query(sql, params, withoutOrmParsers(options));
  const ormClient = replacingQuery(client, query, {
    transaction: <T>(fn: (tx: unknown) => Promise<T>) =>
      client.transaction((tx) =>
        fn(
          replacingQuery(tx, (sql: string, params?: unknown[], options?: QueryOptions) =>
            tx.query(sql, params, withoutOrmParsers(options)),
          ),
        ),
      ),
  });

  return {
    /** The client to give the ORM. */
    ormClient,
    /** A plain query's rows, with the ORM's text types parsed as PGlite does by default. */
    restoreDefaultTypes<T>(result: Results<T>): T[] {
      const fields = result.fields.filter((field) => TEXT_TYPES.has(field.dataTypeID));
      if (fields.length === 0) return result.rows;
      for (const row of result.rows as Record<string, unknown>[])
        for (const { name, dataTypeID } of fields)
          row[name] = types.parseType(row[name] as string | null, dataTypeID, defaults);
      return result.rows;
    },
  };
}
