import path from 'node:path';
import { ConfigLimitError, MAX_CONTENT_CHARACTERS } from '../modules/deployment-config/limits.js';
import { validateDeploymentConfig } from '../modules/deployment-config/validator.js';
import type { ConfigCheck, ConfigProblem } from '../modules/deployment-config/types.js';
import { EXIT, type CliIo } from './io.js';
import { readBoundedText } from './read-file.js';

export const VALIDATE_CONFIG_USAGE = 'usage: groundstation validate-config <file>\n';

/** A UTF-8 character takes at most 3 bytes per UTF-16 unit; more bytes cannot fit the limit. */
const MAX_FILE_BYTES = 3 * MAX_CONTENT_CHARACTERS + 3;

/** `file:line:column path message`, the form editors and CI logs turn into links. */
export function formatProblem(file: string, problem: ConfigProblem): string {
  return `${file}:${problem.line}:${problem.column} ${problem.path || '(root)'} ${problem.message}`;
}

/** The validator's answer, or the one problem for which it refuses to check the file at all. */
function check(text: string): ConfigCheck | ConfigProblem {
  try {
    return validateDeploymentConfig(text);
  } catch (error) {
    if (error instanceof ConfigLimitError) return error.problem;
    throw error;
  }
}

/**
 * Checks one deployment configuration file and reports its problems, one per line, under the
 * same limits as the validation route: a file too large or nested too deep is refused with one
 * line that says so, and only the first problems are listed, followed by how many were left out.
 */
export async function validateConfigCommand(args: string[], io: CliIo): Promise<number> {
  const [file, ...rest] = args;
  if (file === '-h' || file === '--help') {
    io.stdout(VALIDATE_CONFIG_USAGE);
    return EXIT.ok;
  }
  if (file === undefined || file.startsWith('-') || rest.length > 0) {
    io.stderr(VALIDATE_CONFIG_USAGE);
    return EXIT.usage;
  }
  let text: string | null;
  try {
    text = await readBoundedText(path.resolve(io.cwd, file), MAX_FILE_BYTES);
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String(error);
    io.stderr(`${file}: cannot read the file (${reason})\n`);
    return EXIT.usage;
  }
  const limit = MAX_CONTENT_CHARACTERS.toLocaleString('en-US');
  const result: ConfigCheck | ConfigProblem =
    text === null
      ? {
          path: '',
          message: `is too large; at most ${limit} characters are allowed`,
          line: 1,
          column: 1,
        }
      : check(text);
  if (!('valid' in result)) {
    io.stdout(`${formatProblem(file, result)}\n`);
    return EXIT.invalid;
  }
  if (result.valid) {
    io.stdout(`${file}: valid\n`);
    return EXIT.ok;
  }
  for (const problem of result.errors) io.stdout(`${formatProblem(file, problem)}\n`);
  if (result.omitted_errors > 0) {
    const more = result.omitted_errors.toLocaleString('en-US');
    io.stdout(`${file}: ${more} more error${result.omitted_errors === 1 ? '' : 's'} not listed\n`);
  }
  return EXIT.invalid;
}
