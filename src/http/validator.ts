import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

const shared: Options = {
  // Unknown properties are refused (additionalProperties: false), never silently dropped.
  removeAdditional: false,
  useDefaults: true,
  allErrors: false,
  // TypeBox and OpenAPI annotations (nullable, x-…) are not Ajv keywords it needs to enforce strictly.
  strict: false,
};

function build(options: Options) {
  const ajv = new Ajv({ ...shared, ...options });
  addFormats.default(ajv);
  return ajv;
}

// Query strings, path parameters and headers arrive as text, so they are coerced to the declared
// types. JSON bodies already carry types: `"5"` for a number or `true` for a string is an error,
// not something to convert.
const textual = build({ coerceTypes: 'array' });
const json = build({ coerceTypes: false });

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? json : textual).compile(schema) as ReturnType<
    FastifySchemaCompiler<object>
  >;
