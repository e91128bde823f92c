import { afterEach, describe, expect, it, vi } from 'vitest';
import { CST, Lexer, LineCounter, type YAMLMap } from 'yaml';
import { composeDocument } from '../../../src/modules/deployment-config/compose.js';
import { indexDocument } from '../../../src/modules/deployment-config/document-index.js';
import {
  ConfigLimitError,
  MAX_CONTENT_CHARACTERS,
  MAX_PROBLEM_TEXT,
  MAX_REPORTED_ERRORS,
  MAX_TOKENS,
} from '../../../src/modules/deployment-config/limits.js';
import { validateDeploymentConfig } from '../../../src/modules/deployment-config/validator.js';

/** Lines `a0:`, ` a1:`, `  a2:` …: maps nested by indentation, `depth` deep. */
const blockMaps = (depth: number) =>
  Array.from({ length: depth }, (_, i) => `${' '.repeat(i)}a${i}:\n`).join('');
/** Lines `-`, `  -`, `    -` …: sequences nested by indentation, `depth` deep. */
const blockSequences = (depth: number) =>
  Array.from({ length: depth }, (_, i) => `${' '.repeat(2 * i)}-\n`).join('');
const flowSequences = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const compactSequences = (depth: number) => `${'- '.repeat(depth)}x`;

/** The YAML tokens of a text as the validator counts them: every lexeme that is text. */
function tokens(text: string): number {
  let n = 0;
  for (const lexeme of new Lexer().lex(text))
    if (lexeme !== CST.DOCUMENT && lexeme !== CST.SCALAR && lexeme !== CST.FLOW_END) n++;
  return n;
}

/**
 * `prefix`, then `line(i)` repeated while the text stays within `max` characters and `most`
 * tokens, the largest file the validator still checks.
 */
function fill(
  line: (i: number) => string,
  prefix = '',
  max = MAX_CONTENT_CHARACTERS,
  most = MAX_TOKENS,
): string {
  const lines: string[] = [];
  for (let length = prefix.length; length + line(lines.length).length <= max;) {
    length += line(lines.length).length;
    lines.push(line(lines.length));
  }
  // The most lines within the token limit, found by halving: tokens are not additive across lines.
  let [low, high] = [0, lines.length];
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (tokens(prefix + lines.slice(0, mid).join('')) <= most) low = mid;
    else high = mid - 1;
  }
  return prefix + lines.slice(0, low).join('');
}

function refusal(text: string): ConfigLimitError {
  try {
    validateDeploymentConfig(text);
  } catch (error) {
    if (error instanceof ConfigLimitError) return error;
    throw error;
  }
  throw new Error('the file was checked, not refused');
}

const TOO_DEEP = 'nests lists and maps more than 64 levels deep';

describe('security: a file nested too deep is refused before the YAML library composes it', () => {
  it.each([
    ['flow sequences', flowSequences(1000), 1, 65],
    ['flow maps (JSON objects)', `${'{"a":'.repeat(1000)}1${'}'.repeat(1000)}`, 1, 321],
    ['compact block sequences', compactSequences(1000), 1, 129],
    ['block maps nested by indentation', blockMaps(100), 65, 65],
    ['block sequences nested by indentation', blockSequences(100), 65, 129],
    ['unclosed flow collections', '[{'.repeat(1000), 1, 65],
  ])('refuses %s 1,000 deep, every time, where the 65th level opens', (_, text, line, column) => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const error = refusal(text);
      expect(error.kind).toBe('too-deep');
      expect(error.problem).toEqual({ path: '', message: TOO_DEEP, line, column });
    }
    // The library is left in a working state.
    expect(validateDeploymentConfig('application:\n  name: Shop\n').valid).toBe(true);
  });

  it.each([
    ['flow sequences', flowSequences],
    ['compact block sequences', compactSequences],
    ['block maps nested by indentation', blockMaps],
    ['block sequences nested by indentation', blockSequences],
  ])('checks %s 64 deep and refuses them 65 deep', (_, nest) => {
    expect(validateDeploymentConfig(nest(64)).valid).toBe(false);
    expect(refusal(nest(65)).kind).toBe('too-deep');
  });

  it('does not count brackets in quoted strings, comments and block scalars', () => {
    const brackets = '[{'.repeat(100);
    const yaml =
      `# ${brackets}\n` +
      `application:\n  name: '${'{'.repeat(40)}'\n` +
      `  description: |\n    ${brackets}\n    ${'['.repeat(200)}\n` +
      `deployment:\n  branches:\n    main: {label: "${'['.repeat(20)}", description: "${'{'.repeat(100)}"}\n`;
    expect(validateDeploymentConfig(yaml)).toMatchObject({ valid: true });
    const json = JSON.stringify({ application: { description: `${brackets}"]}\\` } });
    expect(validateDeploymentConfig(json)).toMatchObject({ valid: true });
  });

  it('refuses text over 64 KiB without parsing it', () => {
    const error = refusal(`# ${'x'.repeat(MAX_CONTENT_CHARACTERS)}`);
    expect(error.kind).toBe('too-large');
    expect(error.message).toBe('is 65,538 characters long; at most 65,536 are allowed');
  });
});

describe('security: a file with thousands of errors gets a bounded answer', () => {
  it('lists the first 100 errors in file order and counts the rest', () => {
    const text = fill((i) => `k${i}: 1\n`);
    const keys = text.split('\n').length - 1;
    expect(keys).toBe(MAX_TOKENS / 5);
    const result = validateDeploymentConfig(text);
    expect(result.errors).toHaveLength(MAX_REPORTED_ERRORS);
    expect(result.omitted_errors).toBe(keys - MAX_REPORTED_ERRORS);
    expect(result.errors.slice(0, 2)).toEqual([
      { path: '/k0', message: 'is not an allowed property', line: 1, column: 1 },
      { path: '/k1', message: 'is not an allowed property', line: 2, column: 1 },
    ]);
    expect(result.errors.at(-1)).toMatchObject({ path: '/k99', line: 100 });
    expect(JSON.stringify(result).length).toBeLessThan(10_000);
  });

  it.each([
    ['syntax errors', fill((i) => `a${i}: [\n`)],
    ['keys given twice', fill(() => 'a: 1\n')],
    [
      'numbers for strings',
      fill(
        (i) => `${i},`,
        'serviceConnections:\n  mappings:\n    - {fromService: a, toService: b, environmentVariables: [',
        MAX_CONTENT_CHARACTERS - 3,
        MAX_TOKENS - 3,
      ) + '0]}',
    ],
    ['branches without a label', fill((i) => `    b${i}: {}\n`, 'deployment:\n  branches:\n')],
  ])('caps %s the same way', (_, text) => {
    const result = validateDeploymentConfig(text);
    expect(result.errors).toHaveLength(MAX_REPORTED_ERRORS);
    expect(result.omitted_errors).toBeGreaterThan(1000);
    expect(JSON.stringify(result).length).toBeLessThan(20_000);
  });

  it('cuts a path that repeats a long name, so one name is not copied into every error', () => {
    const name = 'b'.repeat(20_000);
    // An implicit key is at most 1,024 characters in YAML; an explicit one (`? name`) is not.
    const text = fill(
      (i) => `      x${i}: 1\n`,
      `deployment:\n  branches:\n    ? ${name}\n    : label: x\n`,
    );
    const result = validateDeploymentConfig(text);
    expect(result.errors).toHaveLength(MAX_REPORTED_ERRORS);
    for (const error of result.errors) {
      expect(error.path).toHaveLength(MAX_PROBLEM_TEXT);
      expect(error.path).toMatch(/^\/deployment\/branches\/b+…$/);
    }
    expect(JSON.stringify(result).length).toBeLessThan(MAX_REPORTED_ERRORS * 300);
  });

  it('places errors in a wide map with one look at each entry, not one search per error', () => {
    const keys = 2000;
    const text = Array.from({ length: keys }, (_, i) => `k${i}: 1\n`).join('');
    const doc = composeDocument(text, new LineCounter());
    const index = indexDocument(doc);
    const map = doc.contents as YAMLMap;
    let reads = 0;
    map.items = new Proxy(map.items, {
      get(target, property, receiver) {
        if (typeof property === 'string' && /^\d+$/.test(property)) reads++;
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    for (let i = 0; i < keys; i++) {
      expect(index.offsetOf(`/k${i}`, 'key')).toBe(text.indexOf(`k${i}:`));
    }
    // A search of the entries per error read about keys²/2 = 2,000,000 of them.
    expect(reads).toBeLessThanOrEqual(keys);
  });
});

describe('security: the YAML library does not write to the process', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps its warning about a key that is a list to itself', () => {
    const warn = vi.spyOn(process, 'emitWarning');
    const result = validateDeploymentConfig('? [a]\n: 1\n');
    expect(result.errors).toEqual([
      { path: '/[ a ]', message: 'is not an allowed property', line: 1, column: 1 },
    ]);
    expect(warn).not.toHaveBeenCalled();
  });
});
