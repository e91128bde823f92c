import type { ErrorObject } from 'ajv';
import type { ParsedSource } from './source.js';
import type { ConfigProblem } from './types.js';

const escapeSegment = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');
const child = (pointer: string, segment: string | number) =>
  `${pointer}/${escapeSegment(String(segment))}`;

/**
 * One schema error as a problem. Errors about a property that is there (unknown, or a badly formed
 * name) point at its name; a missing property is named in the path but placed at its parent.
 */
function describe(error: ErrorObject, locate: ParsedSource['locate']): ConfigProblem {
  const at = error.instancePath;
  const params = error.params as Record<string, unknown>;
  if (error.propertyName !== undefined) {
    const path = child(at, error.propertyName);
    return { path, message: `name ${error.message ?? 'is invalid'}`, ...locate(path, 'key') };
  }
  switch (error.keyword) {
    case 'required': {
      const path = child(at, String(params.missingProperty));
      return { path, message: 'is required', ...locate(at) };
    }
    case 'additionalProperties': {
      const path = child(at, String(params.additionalProperty));
      return { path, message: 'is not an allowed property', ...locate(path, 'key') };
    }
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map(String).join(', ');
      return { path: at, message: `must be one of: ${allowed}`, ...locate(at) };
    }
    case 'uniqueItems': {
      const [first, repeat] = [Number(params.i), Number(params.j)].sort((a, b) => a - b);
      const path = child(at, repeat ?? 0);
      return { path, message: `repeats item ${first}`, ...locate(path) };
    }
    case 'maxLength':
      return {
        path: at,
        message: `must be at most ${String(params.limit)} characters`,
        ...locate(at),
      };
    case 'minProperties': {
      const limit = Number(params.limit);
      const noun = limit === 1 ? 'property' : 'properties';
      return { path: at, message: `must have at least ${limit} ${noun}`, ...locate(at) };
    }
    default:
      return { path: at, message: error.message ?? 'is invalid', ...locate(at) };
  }
}

/**
 * Ajv's errors as problems, each with its line and column: the first `most` of them, in the order
 * Ajv found them, and how many more there are. Placing an error is the costliest step per error.
 */
export function schemaProblems(
  errors: readonly ErrorObject[],
  locate: ParsedSource['locate'],
  most: number,
): { problems: ConfigProblem[]; unplaced: number } {
  // A bad property name gives two errors, the pattern and a vague 'property name must be valid'.
  const kept = errors.filter((error) => error.keyword !== 'propertyNames');
  const problems = kept.slice(0, most).map((error) => describe(error, locate));
  return { problems, unplaced: kept.length - problems.length };
}
