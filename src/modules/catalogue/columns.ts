/** A field's value once given: `undefined` (left out) excluded, `null` kept. */
type Given<T> = NonNullable<T> | (T & null);

/**
 * For each field of a request body, the columns that store its value. Every field must have an
 * entry, so a field added to the body cannot be silently left unstored.
 */
export type ColumnsOfFields<Body, Columns> = {
  [Field in keyof Body]-?: (value: Given<Body[Field]>) => Partial<Columns>;
};

/** The columns that `map` stores the given fields of `body` in; left-out fields change nothing. */
export function columnsOf<Body extends object, Columns>(
  body: Partial<Body>,
  map: ColumnsOfFields<Body, Columns>,
): Partial<Columns> {
  const columns: Partial<Columns> = {};
  for (const field in map) {
    const value = body[field];
    if (value !== undefined) Object.assign(columns, map[field](value));
  }
  return columns;
}
