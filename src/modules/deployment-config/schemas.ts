import { Type } from '@sinclair/typebox';
import { Nullable, Success } from '../../http/schemas.js';
import {
  MAX_CONTENT_CHARACTERS,
  MAX_NESTING_DEPTH,
  MAX_PROBLEM_TEXT,
  MAX_REPORTED_ERRORS,
} from './limits.js';

export const DEPLOYMENT_CONFIG_TAG = 'Deployment configuration';

/**
 * The largest body the validation route reads: `content` at its longest with every character
 * escaped as `\uXXXX` (six bytes), and room for the rest. Anything larger cannot be valid, and
 * is refused with 413 before it is buffered.
 */
export const MAX_BODY_BYTES = MAX_CONTENT_CHARACTERS * 6 + 1024;

/** Any JSON object: the schema and the validated file are described by the schema itself. */
const AnyObject = (description: string) =>
  Type.Object({}, { additionalProperties: true, description });

export const SchemaResponse = Success(
  AnyObject('The JSON Schema (draft-07) of the deployment configuration file'),
);

export const ValidateBody = Type.Object(
  {
    content: Type.String({
      maxLength: MAX_CONTENT_CHARACTERS,
      description: `The text of the file, YAML or JSON; lists and maps may nest at most ${MAX_NESTING_DEPTH} levels deep`,
    }),
  },
  { additionalProperties: false },
);

const Problem = Type.Object({
  path: Type.String({
    maxLength: MAX_PROBLEM_TEXT,
    description:
      'JSON Pointer to the value the error is about, e.g. /deployment/branches/main/label; empty for the whole file and for syntax errors. ' +
      `One longer than ${MAX_PROBLEM_TEXT} characters is cut and ends in …`,
  }),
  message: Type.String({
    maxLength: MAX_PROBLEM_TEXT,
    description: 'What is wrong, e.g. "is required"',
  }),
  line: Type.Integer({ minimum: 1, description: '1-based line in the submitted text' }),
  column: Type.Integer({ minimum: 1, description: '1-based column in the submitted text' }),
});

export const ValidateResponse = Success(
  Type.Object({
    valid: Type.Boolean(),
    errors: Type.Array(Problem, {
      maxItems: MAX_REPORTED_ERRORS,
      description: `Empty when valid; in the order they appear, the first ${MAX_REPORTED_ERRORS} only`,
    }),
    omitted_errors: Type.Integer({
      minimum: 0,
      description: 'How many more errors the file has than `errors` lists',
    }),
    config: Nullable(
      AnyObject('The configuration with the schema defaults applied; null unless it is valid'),
    ),
  }),
);
