import type { FastifySchemaValidationError, SchemaErrorDataVar } from 'fastify/types/schema.js';
import { LIMIT_MESSAGE, OFFSET_MESSAGE } from './pagination.js';

function fieldPath(dataVar: string, instancePath: string, child?: string) {
  const parts = instancePath.split('/').filter(Boolean);
  if (child !== undefined) parts.push(child);
  return [dataVar, ...parts].join('.');
}

function describe(error: FastifySchemaValidationError): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `is required`;
    case 'additionalProperties':
      return 'is not an allowed property';
    case 'enum':
      return `must be one of: ${(params.allowedValues as unknown[]).map(String).join(', ')}`;
    default:
      return error.message ?? 'is invalid';
  }
}

/**
 * Builds the 400 text `<field path> <what is wrong>`, e.g. `body.email must match format "email"`
 * or `querystring.colour is not an allowed property`. Any failure of `limit` or `offset` in a query
 * string gets the fixed pagination texts, whatever the keyword was.
 */
export function formatValidationError(
  errors: FastifySchemaValidationError[],
  dataVar: SchemaErrorDataVar,
): Error {
  const first = errors[0];
  if (!first) return new Error(`${dataVar} is invalid`);
  const params = first.params as Record<string, unknown>;
  const child =
    first.keyword === 'required'
      ? String(params.missingProperty)
      : first.keyword === 'additionalProperties'
        ? String(params.additionalProperty)
        : undefined;
  const path = fieldPath(dataVar, first.instancePath, child);
  if (dataVar === 'querystring') {
    if (path === 'querystring.limit') return new Error(LIMIT_MESSAGE);
    if (path === 'querystring.offset') return new Error(OFFSET_MESSAGE);
  }
  return new Error(`${path} ${describe(first)}`);
}
