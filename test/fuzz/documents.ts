import fc from 'fast-check';

/**
 * Deep and wide documents: the shapes that break recursive parsers, serialisers and validators
 * (a stack overflow, an out-of-memory in a parser, a lookup that is quadratic in the width).
 * They are built as text, since JSON.stringify itself overflows the stack on a deep value, and
 * spliced into otherwise valid bodies, so that they reach the code behind the schema check.
 */

export type Nesting = 'array' | 'object' | 'mixed';

const OPEN: Record<Nesting, [string, string]> = {
  array: ['[', '['],
  object: ['{"a":', '{"a":'],
  mixed: ['[', '{"a":'],
};
const CLOSE: Record<Nesting, [string, string]> = {
  array: [']', ']'],
  object: ['}', '}'],
  mixed: [']', '}'],
};

/** JSON text nested `depth` levels deep. */
export function deepJson(depth: number, nesting: Nesting): string {
  const open: string[] = [];
  const close: string[] = [];
  for (let i = 0; i < depth; i++) {
    open.push(OPEN[nesting][i % 2]!);
    close.push(CLOSE[nesting][i % 2]!);
  }
  return `${open.join('')}0${close.reverse().join('')}`;
}

/** The deepest `deepJson` that fits in `chars` characters. */
export function deepJsonWithin(chars: number, nesting: Nesting): string {
  const perLevel = (OPEN[nesting][0].length + OPEN[nesting][1].length + 2) / 2;
  return deepJson(Math.max(1, Math.floor((chars - 1) / perLevel)), nesting);
}

/** A JSON array or object with as many members as fit in `chars` characters. */
export function wideJson(chars: number, kind: 'array' | 'object'): string {
  const parts: string[] = [];
  let size = 2;
  for (let i = 0; ; i++) {
    const part = kind === 'array' ? '0' : `"k${i}":0`;
    if (size + part.length + 1 > chars) break;
    parts.push(part);
    size += part.length + 1;
  }
  return kind === 'array' ? `[${parts.join(',')}]` : `{${parts.join(',')}}`;
}

/** Repeats `line(i)` while the text stays within `chars` characters. */
function lines(chars: number, line: (i: number) => string, prefix = ''): string {
  let text = prefix;
  for (let i = 0; ; i++) {
    const next = line(i);
    if (text.length + next.length > chars) return text;
    text += next;
  }
}

/**
 * YAML and JSON documents as text, for fields that hold a document (the deployment
 * configuration's `content`): nested flow collections, block collections nested by indentation
 * and by compact `- - -` entries, unclosed brackets, and wide files full of errors.
 */
export function documentTexts(chars: number): Record<string, string> {
  const depth = Math.floor(chars / 2);
  return {
    // 1,000 levels overflowed the stack of the YAML parser, and the next request ran it out of
    // memory; far deeper ones overflowed in a place that failed cleanly.
    'flow sequences 1,000 deep': '['.repeat(1000) + ']'.repeat(1000),
    'flow maps 65 deep': deepJson(65, 'object'),
    'flow sequences': '['.repeat(depth) + ']'.repeat(depth),
    'flow maps': deepJsonWithin(chars, 'object'),
    'unclosed flow collections': '[{'.repeat(depth),
    'compact block sequences': `${'- '.repeat(depth - 1)}x`,
    'indented block maps': lines(chars, (i) => `${' '.repeat(i)}a${i}:\n`),
    'indented block sequences': lines(chars, (i) => `${' '.repeat(2 * i)}-\n`),
    'unknown keys': lines(chars, (i) => `k${i}: 1\n`),
    'branches without labels': lines(chars, (i) => `    b${i}: {}\n`, 'deployment:\n  branches:\n'),
    'syntax errors': lines(chars, (i) => `a${i}: [\n`),
    'keys given twice': lines(chars, () => 'a: 1\n'),
    'numbers for strings': lines(
      chars - 1,
      (i) => `${i},`,
      'serviceConnections:\n  mappings:\n    - {fromService: a, toService: b, environmentVariables: [',
    ).concat(']}'),
  };
}

export type PathSegment = string | number;

/** Every place in a (small) value where another value can go: each member, and a new key. */
export function placesIn(value: unknown, path: PathSegment[] = []): PathSegment[][] {
  const places: PathSegment[][] = [path];
  if (Array.isArray(value)) {
    value.forEach((item, i) => places.push(...placesIn(item, [...path, i])));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) places.push(...placesIn(item, [...path, key]));
    places.push([...path, 'fuzz_extra']);
  }
  return places;
}

/** The value at `path`, or undefined where there is none (a new key). */
export function valueAt(value: unknown, path: PathSegment[]): unknown {
  let current = value;
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PathSegment, unknown>)[segment];
  }
  return current;
}

const MARKER = '__fuzz_document_splice__';

/** `value` as JSON text with `raw` (JSON text) at `path` in place of what was there. */
export function spliceJson(value: unknown, path: PathSegment[], raw: string): string {
  if (path.length === 0) return raw;
  const copy = structuredClone(value) as Record<PathSegment, unknown>;
  let parent = copy;
  for (const segment of path.slice(0, -1)) parent = parent[segment] as typeof parent;
  parent[path[path.length - 1]!] = MARKER;
  return JSON.stringify(copy).replace(`"${MARKER}"`, () => raw);
}

/** The raw JSON values that go into a body of at most `chars` characters. */
export function documentValues(chars: number): Record<string, string> {
  const values: Record<string, string> = {
    'arrays 50 deep': deepJson(50, 'array'),
    'objects 50 deep': deepJson(50, 'object'),
    'arrays 65 deep': deepJson(65, 'array'),
    'objects 1,000 deep': deepJson(1000, 'object'),
    'arrays 10,000 deep': deepJson(10_000, 'array'),
    'arrays as deep as fit': deepJsonWithin(chars, 'array'),
    'objects as deep as fit': deepJsonWithin(chars, 'object'),
    'arrays and objects as deep as fit': deepJsonWithin(chars, 'mixed'),
    'an array as wide as fits': wideJson(chars, 'array'),
    'an object as wide as fits': wideJson(chars, 'object'),
  };
  for (const [name, text] of Object.entries(documentTexts(chars))) {
    values[`a string of ${name}`] = JSON.stringify(text);
  }
  return values;
}

/**
 * A valid body with one deep or wide value in one of its places (the whole body included), of
 * about `chars` characters.
 */
export function documentBody(valid: fc.Arbitrary<unknown>, chars: number): fc.Arbitrary<string> {
  const values = Object.values(documentValues(chars));
  return fc.tuple(valid, fc.nat(), fc.constantFrom(...values)).map(([body, pick, raw]) => {
    const places = placesIn(body);
    return spliceJson(body, places[pick % places.length]!, raw);
  });
}
