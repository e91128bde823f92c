import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { validateDeploymentConfig } from '../modules/deployment-config/validator.js';
import type { ConfigProblem } from '../modules/deployment-config/types.js';
import { EXIT, type CliIo } from './io.js';

export const VALIDATE_CONFIG_USAGE = 'usage: groundstation validate-config <file>\n';

/** `file:line:column path message`, the form editors and CI logs turn into links. */
export function formatProblem(file: string, problem: ConfigProblem): string {
  return `${file}:${problem.line}:${problem.column} ${problem.path || '(root)'} ${problem.message}`;
}

/** Checks one deployment configuration file and reports every problem, one per line. */
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
  let text: string;
  try {
    text = await readFile(path.resolve(io.cwd, file), 'utf8');
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String(error);
    io.stderr(`${file}: cannot read the file (${reason})\n`);
    return EXIT.usage;
  }
  const result = validateDeploymentConfig(text);
  if (result.valid) {
    io.stdout(`${file}: valid\n`);
    return EXIT.ok;
  }
  for (const problem of result.errors) io.stdout(`${formatProblem(file, problem)}\n`);
  return EXIT.invalid;
}
