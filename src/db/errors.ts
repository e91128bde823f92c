import { AppError, ConflictError, ValidationError } from '../http/errors.js';

interface PgErrorLike {
  code?: unknown;
  constraint?: unknown;
  detail?: unknown;
}

/**
 * Translates PostgreSQL errors (same codes from PGlite and node-postgres) into catalogue errors,
 * so a race on a unique key is a 409 and bad data a 400, never a 500. Unknown errors pass through.
 */
export function translateDatabaseError(error: unknown): AppError | null {
  // Drizzle wraps driver errors; the PostgreSQL fields sit on the cause.
  const candidate = (error as { cause?: unknown })?.cause ?? error;
  const pgError = candidate as PgErrorLike;
  if (typeof pgError?.code !== 'string' || !/^[0-9A-Z]{5}$/.test(pgError.code)) return null;
  switch (pgError.code) {
    case '23505':
      return new ConflictError('A record with the same unique value already exists', 'DUPLICATE');
    case '23503':
      return new ConflictError(
        'The record refers to, or is referred to by, another record',
        'REFERENCE_CONFLICT',
      );
    case '23502':
    case '23514':
    case '22P02':
    case '22001':
    case '22003':
    case '22007':
    case '22008':
    case '22023':
    case '2201W':
    case '2201X':
    case '22021': // text with a NUL character
    case '22P05': // a JSON string PostgreSQL cannot store
      return new ValidationError('A value is not valid for this field');
    case '40001':
    case '40P01':
      return new AppError(
        409,
        'RETRY',
        'The request conflicted with a concurrent change; retry it',
      );
    default:
      return null;
  }
}
