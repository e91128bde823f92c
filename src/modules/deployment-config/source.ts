import { LineCounter, type YAMLError } from 'yaml';
import { composeDocument } from './compose.js';
import { indexDocument } from './document-index.js';
import { ConfigLimitError, unreadable } from './limits.js';
import type { ConfigProblem } from './types.js';

export interface SourcePosition {
  line: number;
  column: number;
}

export interface ParsedSource {
  /** The parsed value; undefined when the text holds nothing but comments and blank lines. */
  value: unknown;
  /** Syntax errors and warnings, each with its position; the value is only usable when empty. */
  problems: ConfigProblem[];
  /** Where the value at a JSON Pointer starts, or its property name when `part` is 'key'. */
  locate(pointer: string, part?: 'value' | 'key'): SourcePosition;
}

/**
 * Reads a deployment configuration file. JSON is YAML 1.2, so one parser takes both and keeps
 * every node's place in the text, which is what lets schema errors carry a line and column.
 * Throws ConfigLimitError for a file nested too deep, or one the YAML library fails on in a way
 * that is not a syntax error; its own message never reaches the caller.
 */
export function parseConfigSource(text: string): ParsedSource {
  const lines = new LineCounter();
  const position = (offset: number): SourcePosition => {
    const { line, col } = lines.linePos(offset);
    return { line, column: col };
  };
  const at = (message: string, offset: number): ConfigProblem => ({
    path: '',
    message,
    ...position(offset),
  });
  const doc = guarded(() => composeDocument(text, lines));
  const index = indexDocument(doc);
  // Warnings (an unknown tag, say) are problems too: the file would not mean what it says.
  const problems = [...doc.errors, ...doc.warnings].map((error: YAMLError) =>
    at(error.message, error.pos[0]),
  );
  for (const offset of index.duplicateKeys) problems.push(at('Map keys must be unique', offset));
  for (const { name, offset } of index.unresolvedAliases) {
    problems.push(at(`The alias *${name} comes before any anchor &${name}`, offset));
  }
  let value: unknown;
  if (problems.length === 0 && doc.contents !== null) {
    try {
      value = doc.toJS();
    } catch (error) {
      // The library counts what aliases expand to and stops a file that would expand without
      // bound (a "billion laughs"); anything else it throws is not the author's to read.
      if (!(error instanceof ReferenceError)) throw unreadable(error);
      problems.push(at('The aliases in the file expand to too many values', 0));
    }
  }
  return {
    value,
    problems,
    locate: (pointer, part = 'value') => position(index.offsetOf(pointer, part)),
  };
}

/** Runs the YAML library; a failure that is not ours to explain becomes ConfigLimitError. */
function guarded<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof ConfigLimitError) throw error;
    throw unreadable(error);
  }
}
