import type { ConfigProblem } from './types.js';

/**
 * Real files are a few kilobytes. Checked before anything is parsed, so longer text costs nothing;
 * within it, MAX_TOKENS bounds the work, since a kilobyte can hold ten times the tokens of another.
 */
export const MAX_CONTENT_CHARACTERS = 64 * 1024;

/**
 * The deepest nesting of lists and maps a file may have. A real file nests about eight deep; the
 * YAML library composes nodes recursively, and about a thousand levels overflow its stack.
 */
export const MAX_NESTING_DEPTH = 64;

/**
 * The most YAML tokens a file may have: each key and value, each indicator (`-`, `:`, `?`, `,`,
 * brackets, anchors, tags), each run of spaces, each line break and each comment counts as one.
 * The work of a check (tokenising, composing, converting, the schema, placing the errors) grows
 * with the tokens, not the characters: 48 KB of small maps such as `- {a: 1}` is about 48,000
 * tokens and took 0.1 to 0.5 s of CPU (0.8 s as reported), while a real file has about one
 * token per four characters (a few kilobytes, about a thousand tokens). 10,000 tokens of the
 * costliest shape found (empty maps where mappings go, an error per token) take 25 to 40 ms on a
 * 2-core machine, and a hundred branches with every field (34 KB) still fit.
 * Counted while the text is tokenised, so a file past the limit costs no more than one at it.
 */
export const MAX_TOKENS = 10_000;

/**
 * How many errors a check lists; the rest are only counted. A 64 KiB file can hold more than ten
 * thousand errors, and nobody fixes the hundred-and-first before the first.
 */
export const MAX_REPORTED_ERRORS = 100;

/**
 * How many schema errors are placed in the file (each one's path is followed through the parsed
 * document to its line and column) and sorted; the rest are only counted. Placing is most of what
 * an error costs, and the costliest file within MAX_TOKENS has about ten thousand errors, which
 * took some 60 ms to place in the service. Ajv reports errors as it walks the file, lists and maps
 * item by item in the file's order and named properties in the schema's, so the errors listed are
 * the first in the file unless it has more than a thousand.
 */
export const MAX_PLACED_ERRORS = 1_000;

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
 * A file the validator refuses to check at all: too large, nested too deep, with too many tokens,
 * or one the YAML library failed on. The message says what is wrong in words meant for the
 * file's author, never the library's own.
 */
export class ConfigLimitError extends Error {
  override name = 'ConfigLimitError';
  constructor(
    readonly kind: 'too-large' | 'too-deep' | 'too-many-tokens' | 'unreadable',
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

export function tooManyTokens(line: number, column: number): ConfigLimitError {
  return new ConfigLimitError('too-many-tokens', {
    path: '',
    message:
      `has more than ${count(MAX_TOKENS)} YAML tokens (keys, values, punctuation, ` +
      'indentation and line breaks each count one)',
    line,
    column,
  });
}

/** The YAML library failed in a way that is not a syntax error; `cause` is for the log only. */
export function unreadable(cause: unknown): ConfigLimitError {
  const problem = { path: '', message: 'could not be read as YAML or JSON', line: 1, column: 1 };
  return new ConfigLimitError('unreadable', problem, cause);
}
