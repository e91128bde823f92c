import { Ajv, type ValidateFunction } from 'ajv';
import { assertContentSize, clip, MAX_PLACED_ERRORS, MAX_REPORTED_ERRORS } from './limits.js';
import { deploymentConfigSchema } from './schema-file.js';
import { schemaProblems } from './schema-errors.js';
import { parseConfigSource } from './source.js';
import type { ConfigCheck, ConfigProblem, DeploymentConfig } from './types.js';

let compiled: ValidateFunction<DeploymentConfig> | undefined;

function schemaValidator(): ValidateFunction<DeploymentConfig> {
  // allErrors: a file is fixed in one pass when every problem is listed, not the first only.
  // strict: the committed schema must use only keywords Ajv enforces, so none is silently ignored.
  // useDefaults: the validated config comes back with `active` and `property` filled in.
  compiled ??= new Ajv({
    allErrors: true,
    strict: true,
    useDefaults: true,
  }).compile<DeploymentConfig>(deploymentConfigSchema());
  return compiled;
}

/**
 * Checks the text of a deployment configuration file, YAML or JSON, against the committed schema.
 * Shared by the validation route and the command line. Syntax errors come back as problems like
 * schema errors do. A file with nothing in it is an empty configuration, since every top-level
 * object is optional. A file too large or nested too deep to parse safely is not checked at all:
 * that throws ConfigLimitError (see limits.ts).
 */
export function validateDeploymentConfig(text: string): ConfigCheck {
  assertContentSize(text);
  const source = parseConfigSource(text);
  if (source.problems.length > 0) return invalid(source.problems);
  const value = source.value === undefined ? {} : source.value;
  const validate = schemaValidator();
  if (validate(value)) return { valid: true, errors: [], omitted_errors: 0, config: value };
  const { problems, unplaced } = schemaProblems(
    validate.errors ?? [],
    source.locate,
    MAX_PLACED_ERRORS,
  );
  return invalid(problems, unplaced);
}

/**
 * Problems are listed in the order they appear in the file, which is how people fix them; only
 * the first few, each of bounded size, so that the answer stays small whatever the file holds.
 * `unplaced`: problems found but not placed in the file, counted among the omitted ones.
 */
function invalid(problems: ConfigProblem[], unplaced = 0): ConfigCheck {
  const sorted = [...problems].sort((a, b) => a.line - b.line || a.column - b.column);
  const errors = sorted
    .slice(0, MAX_REPORTED_ERRORS)
    .map((problem) => ({ ...problem, path: clip(problem.path), message: clip(problem.message) }));
  const omitted = sorted.length - errors.length + unplaced;
  return { valid: false, errors, omitted_errors: omitted, config: null };
}
