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

type Validate = ((data: unknown) => boolean) & { errors?: unknown };

/**
 * Compiles a route part's validator on its first request rather than at start-up: the service
 * declares a few hundred schemas, and compiling them, with the response serializers, before
 * listening cost about a second of every start (docs/performance.md). A schema that Ajv cannot
 * compile still fails loudly, on that first request; the test suite sends one to every route.
 */
export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) => {
  let compiled: Validate | undefined;
  const validate: Validate = (data) => {
    compiled ??= (httpPart === 'body' ? json : textual).compile(schema) as Validate;
    const valid = compiled(data);
    validate.errors = compiled.errors;
    return valid;
  };
  return validate as ReturnType<FastifySchemaCompiler<object>>;
};
