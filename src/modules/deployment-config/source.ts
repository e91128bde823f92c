import {
  isAlias,
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  type Document,
  type YAMLError,
} from 'yaml';
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

/** JSON Pointer segments, unescaped (RFC 6901: ~1 is '/', ~0 is '~'). */
function segments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function keyText(key: unknown): string {
  return isScalar(key) ? String(key.value) : String(key);
}

type Ranged = { range?: [number, number, number] | null } | null | undefined;

function startOf(node: unknown): number | undefined {
  return (node as Ranged)?.range?.[0];
}

/** `name:` with nothing after it has an empty value node; its key is the place to point at. */
function isEmpty(node: unknown): boolean {
  const range = (node as Ranged)?.range;
  return !range || range[0] === range[1];
}

/** The offset of the node a pointer names in the parsed document, as deep as the document goes. */
function offsetOf(doc: Document, pointer: string, part: 'value' | 'key'): number {
  let node: unknown = doc.contents;
  let key: unknown = undefined;
  for (const segment of segments(pointer)) {
    if (isAlias(node)) node = node.resolve(doc);
    let next: unknown = undefined;
    if (isMap(node)) {
      const pair = node.items.find((p) => keyText(p.key) === segment);
      key = pair?.key;
      next = pair ? (isEmpty(pair.value) ? pair.key : pair.value) : undefined;
    } else if (isSeq(node)) {
      key = undefined;
      next = node.items[Number(segment)];
    }
    if (next === undefined) return startOf(node) ?? 0;
    node = next;
  }
  return startOf(part === 'key' && key !== undefined ? key : node) ?? 0;
}

/** Parser messages that speak of the parser's own API rather than of the file. */
const REWORDED: Partial<Record<YAMLError['code'], string>> = {
  MULTIPLE_DOCS: 'The file holds more than one YAML document; it must hold one',
};

/**
 * Reads a deployment configuration file. JSON is YAML 1.2, so one parser takes both and keeps
 * every node's place in the text, which is what lets schema errors carry a line and column.
 */
export function parseConfigSource(text: string): ParsedSource {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const position = (offset: number): SourcePosition => {
    const { line, col } = lines.linePos(offset);
    return { line, column: col };
  };
  const problem = (error: YAMLError): ConfigProblem => ({
    path: '',
    message: REWORDED[error.code] ?? error.message,
    ...position(error.pos[0]),
  });
  // Warnings (an unknown tag, say) are problems too: the file would not mean what it says.
  const problems = [...doc.errors, ...doc.warnings].map(problem);
  let value: unknown;
  if (problems.length === 0 && doc.contents !== null) {
    try {
      value = doc.toJS();
    } catch (error) {
      // toJS refuses documents whose aliases expand without bound.
      problems.push({ path: '', message: (error as Error).message, ...position(0) });
    }
  }
  return {
    value,
    problems,
    locate: (pointer, part = 'value') => position(offsetOf(doc, pointer, part)),
  };
}
