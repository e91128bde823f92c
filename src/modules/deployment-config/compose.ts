import {
  Composer,
  CST,
  Lexer,
  Parser,
  YAMLParseError,
  type Document,
  type LineCounter,
} from 'yaml';
import { MAX_NESTING_DEPTH, MAX_TOKENS, tooDeep, tooManyTokens } from './limits.js';

const COLLECTIONS = new Set(['block-map', 'block-seq', 'flow-collection']);
/**
 * Lexemes that are not text: the start of a document, the end of a flow collection that was left
 * open, and the marker before a plain or block scalar's text (the text itself is the token).
 */
const MARKERS = new Set([CST.DOCUMENT, CST.FLOW_END, CST.SCALAR]);

/** How many of the parser's open tokens are lists and maps (the rest: the document, a scalar). */
function openCollections(stack: readonly CST.Token[]): number {
  let n = 0;
  for (const token of stack) if (COLLECTIONS.has(token.type)) n++;
  return n;
}

/**
 * The parser's tokens, one document at a time, refusing the file the moment its lists and maps
 * nest deeper than MAX_NESTING_DEPTH or it has more than MAX_TOKENS tokens. The lexer and the
 * parser keep their own stack of open tokens instead of recursing, so this costs one pass over
 * the text and stops early on an attack; only the composer, which turns tokens into nodes,
 * recurses, and it never sees a deep file. The parser hands a document to the composer only once
 * the document ends, so a file with too many tokens is refused before any of it is composed.
 * Brackets in quoted strings, comments and block scalars are not tokens, so they do not count.
 */
function* boundedTokens(text: string, lines: LineCounter): Generator<CST.Token> {
  const parser = new Parser(lines.addNewLine);
  lines.addNewLine(0);
  let tokens = 0;
  for (const lexeme of new Lexer().lex(text)) {
    if (!MARKERS.has(lexeme) && ++tokens > MAX_TOKENS) {
      // The parser's offset is where this lexeme starts; every line break before it is counted.
      const { line, col } = lines.linePos(parser.offset);
      throw tooManyTokens(line, col);
    }
    yield* parser.next(lexeme);
    const { stack } = parser;
    // The document and at most one scalar are open besides the collections.
    if (stack.length > MAX_NESTING_DEPTH + 1 && openCollections(stack) > MAX_NESTING_DEPTH) {
      const deepest = stack.findLast((token) => COLLECTIONS.has(token.type))!;
      const { line, col } = lines.linePos(deepest.offset);
      throw tooDeep(line, col);
    }
  }
  yield* parser.end();
}

/**
 * The file as one YAML document (JSON is YAML 1.2). Like the library's parseDocument, with three
 * differences: deep nesting and too many tokens are refused before composing (ConfigLimitError),
 * duplicate keys are left to the caller (the library compares each key with every earlier one,
 * quadratic in a wide map), and the library never writes warnings to the process's stderr.
 */
export function composeDocument(text: string, lines: LineCounter): Document.Parsed {
  // Each syntax error is an Error, and capturing its stack trace was most of the time a 64 KiB
  // file with thousands of them took. Nothing else runs until this synchronous call returns.
  // (An unexpected failure in the library loses its stack too; its message still gets logged.)
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return composeFirst(text, lines);
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
}

function composeFirst(text: string, lines: LineCounter): Document.Parsed {
  const composer = new Composer({ uniqueKeys: false, logLevel: 'error' });
  let first: Document.Parsed | undefined;
  for (const doc of composer.compose(boundedTokens(text, lines), true, text.length)) {
    if (!first) {
      first = doc;
      continue;
    }
    first.errors.push(
      new YAMLParseError(
        [doc.range[0], doc.range[1]],
        'MULTIPLE_DOCS',
        'The file holds more than one YAML document; it must hold one',
      ),
    );
    break;
  }
  // compose(…, forceDoc = true) yields at least one document, empty text included.
  return first!;
}
