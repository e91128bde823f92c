import { Type } from '@sinclair/typebox';
import { Nullable, Success } from '../../http/schemas.js';

export const DEPLOYMENT_CONFIG_TAG = 'Deployment configuration';

/**
 * Real files are a few kilobytes. Parsing costs about a millisecond per kilobyte of the event loop
 * (measured on the 2-core CI machine), so the cap keeps one request under about 100 ms.
 */
export const MAX_CONTENT_CHARACTERS = 64 * 1024;

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
      description: 'The text of the file, YAML or JSON',
    }),
  },
  { additionalProperties: false },
);

const Problem = Type.Object({
  path: Type.String({
    description:
      'JSON Pointer to the value the error is about, e.g. /deployment/branches/main/label; empty for the whole file and for syntax errors',
  }),
  message: Type.String({ description: 'What is wrong, e.g. "is required"' }),
  line: Type.Integer({ minimum: 1, description: '1-based line in the submitted text' }),
  column: Type.Integer({ minimum: 1, description: '1-based column in the submitted text' }),
});

export const ValidateResponse = Success(
  Type.Object({
    valid: Type.Boolean(),
    errors: Type.Array(Problem, { description: 'Empty when valid; in the order they appear' }),
    config: Nullable(
      AnyObject('The configuration with the schema defaults applied; null unless it is valid'),
    ),
  }),
);
