import type { ConfigProblem } from './types.js';

/**
 * Real files are a few kilobytes. Parsing costs about a millisecond per kilobyte of the event loop
 * (measured on the 2-core CI machine), so the cap keeps one request under about 100 ms.
 */
export const MAX_CONTENT_CHARACTERS = 64 * 1024;

/**
 * The deepest nesting of lists and maps a file may have. A real file nests about eight deep; the
 * YAML library composes nodes recursively, and about a thousand levels overflow its stack.
 */
export const MAX_NESTING_DEPTH = 64;

/**
 * How many errors a check lists; the rest are only counted. A 64 KiB file can hold more than ten
 * thousand errors, and nobody fixes the hundred-and-first before the first.
 */
export const MAX_REPORTED_ERRORS = 100;

/**
 * The longest path or message an error carries. A path repeats the names on the way to the
 * value, so without a cap one long name would be copied into every error under it.
 */
export const MAX_PROBLEM_TEXT = 200;

/** The text cut to MAX_PROBLEM_TEXT characters, ending in an ellipsis when it was cut. */
export function clip(text: string): string {
  return text.length <= MAX_PROBLEM_TEXT ? text : `${text.slice(0, MAX_PROBLEM_TEXT - 1)}…`;
}

/**
 * A file the validator refuses to check at all: too large, nested too deep, or one the YAML
 * library failed on. The message says what is wrong in words meant for the file's author, never
 * the library's own.
 */
export class ConfigLimitError extends Error {
  override name = 'ConfigLimitError';
  constructor(
    readonly kind: 'too-large' | 'too-deep' | 'unreadable',
    readonly problem: ConfigProblem,
    cause?: unknown,
  ) {
    super(problem.message, { cause });
  }
}

const count = (n: number) => n.toLocaleString('en-US');

/** Refuses text longer than MAX_CONTENT_CHARACTERS, before any of it is parsed. */
export function assertContentSize(text: string): void {
  if (text.length <= MAX_CONTENT_CHARACTERS) return;
  throw new ConfigLimitError('too-large', {
    path: '',
    message: `is ${count(text.length)} characters long; at most ${count(MAX_CONTENT_CHARACTERS)} are allowed`,
    line: 1,
    column: 1,
  });
}

export function tooDeep(line: number, column: number): ConfigLimitError {
  return new ConfigLimitError('too-deep', {
    path: '',
    message: `nests lists and maps more than ${MAX_NESTING_DEPTH} levels deep`,
    line,
    column,
  });
}

/** The YAML library failed in a way that is not a syntax error; `cause` is for the log only. */
export function unreadable(cause: unknown): ConfigLimitError {
  const problem = { path: '', message: 'could not be read as YAML or JSON', line: 1, column: 1 };
  return new ConfigLimitError('unreadable', problem, cause);
}
