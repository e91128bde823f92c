interface PgErrorLike {
  code?: unknown;
}

/** What a PostgreSQL error means to a caller, whatever driver raised it. */
export type DatabaseFaultKind = 'duplicate' | 'reference' | 'invalid' | 'retry';

export interface DatabaseFault {
  kind: DatabaseFaultKind;
  /** A text a client can act on; it names no table, constraint or value. */
  message: string;
}

const FAULTS: Record<DatabaseFaultKind, string> = {
  duplicate: 'A record with the same unique value already exists',
  reference: 'The record refers to, or is referred to by, another record',
  invalid: 'A value is not valid for this field',
  retry: 'The request conflicted with a concurrent change; retry it',
};

const KIND_OF_CODE: Record<string, DatabaseFaultKind> = {
  '23505': 'duplicate',
  '23503': 'reference',
  '40001': 'retry', // serialization failure
  '40P01': 'retry', // deadlock
};
// Not-null and check violations and bad values of a type: the data, not the service, is wrong.
for (const code of [
  '23502',
  '23514',
  '22P02',
  '22001',
  '22003',
  '22007',
  '22008',
  '22023',
  '2201W',
  '2201X',
  '22021', // text with a NUL character
  '22P05', // a JSON string PostgreSQL cannot store
])
  KIND_OF_CODE[code] = 'invalid';

/**
 * Classifies a PostgreSQL error (the same codes from PGlite and node-postgres), so that callers
 * can answer a race on a unique key or bad data as such instead of as a failure of their own.
 * Unknown errors are null. The HTTP layer turns faults into responses (src/http/error-handler.ts).
 */
export function classifyDatabaseError(error: unknown): DatabaseFault | null {
  // Drizzle wraps driver errors; the PostgreSQL fields sit on the cause.
  const candidate = (error as { cause?: unknown })?.cause ?? error;
  const code = (candidate as PgErrorLike)?.code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return null;
  const kind = KIND_OF_CODE[code];
  return kind ? { kind, message: FAULTS[kind] } : null;
}
