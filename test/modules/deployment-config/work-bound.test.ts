import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ErrorObject } from 'ajv';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Composer, CST, Lexer } from 'yaml';
import { runCli } from '../../../src/cli/main.js';
import {
  ConfigLimitError,
  MAX_PLACED_ERRORS,
  MAX_REPORTED_ERRORS,
  MAX_TOKENS,
} from '../../../src/modules/deployment-config/limits.js';
import { schemaProblems } from '../../../src/modules/deployment-config/schema-errors.js';
import { validateDeploymentConfig } from '../../../src/modules/deployment-config/validator.js';
import { json, register, type Account } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';

/**
 * 48 KB of small maps, `- {a: 1}` on each line, cost up to 0.8 s of CPU per check and four callers
 * at once held /api/health up for two seconds. Every line is nine tokens (`-`, a space, `{`, `a`,
 * `:`, a space, `1`, `}`, a line break), so 1,111 lines are 9,999 tokens, the `-` of line 1,112
 * is the 10,000th and the space after it, column 2, the first one too many.
 */
const SMALL_MAPS = '- {a: 1}\n'.repeat(Math.floor((48 * 1024) / 9));
const TOO_MANY = {
  path: '',
  message:
    'has more than 10,000 YAML tokens (keys, values, punctuation, indentation and line breaks each count one)',
  line: 1112,
  column: 2,
};

function refusal(text: string): ConfigLimitError {
  try {
    validateDeploymentConfig(text);
  } catch (error) {
    if (error instanceof ConfigLimitError) return error;
    throw error;
  }
  throw new Error('the file was checked, not refused');
}

/** Lexemes that are not text: the start of a document, of a scalar, the end of a flow collection. */
const MARKERS = new Set([CST.DOCUMENT, CST.SCALAR, CST.FLOW_END]);

/** Counts the tokens the YAML library's lexer hands out, and what its composer is given. */
function countWork() {
  const lex = Lexer.prototype.lex;
  const work = { tokens: 0, composed: 0 };
  vi.spyOn(Lexer.prototype, 'lex').mockImplementation(function* (
    this: Lexer,
    source: string,
    incomplete?: boolean,
  ) {
    for (const lexeme of lex.call(this, source, incomplete)) {
      if (!MARKERS.has(lexeme)) work.tokens++;
      yield lexeme;
    }
  });
  const next = Composer.prototype.next;
  vi.spyOn(Composer.prototype, 'next').mockImplementation(function (this: Composer, token) {
    work.composed++;
    return next.call(this, token);
  });
  return work;
}

describe('security: the work of one check is bounded by its tokens', () => {
  afterEach(() => vi.restoreAllMocks());

  it('refuses 48 KB of small maps at its 10,001st token, having composed none of it', () => {
    expect(MAX_TOKENS).toBe(10_000);
    expect(SMALL_MAPS.length).toBeGreaterThan(48_000);
    const work = countWork();
    const error = refusal(SMALL_MAPS);
    expect(error.kind).toBe('too-many-tokens');
    expect(error.problem).toEqual(TOO_MANY);
    // The rest of the file, some 39,000 tokens, is never read, and nothing is built from any of it.
    expect(work.tokens).toBe(MAX_TOKENS + 1);
    expect(work.composed).toBe(0);
  });

  it('checks a file of exactly 10,000 tokens and refuses one more', () => {
    // `k0: 1` and a line break: five tokens a line, none of them an allowed property.
    const lines = Array.from({ length: MAX_TOKENS / 5 }, (_, i) => `k${i}: 1\n`).join('');
    const result = validateDeploymentConfig(lines);
    expect(result.errors).toHaveLength(MAX_REPORTED_ERRORS);
    expect(result.omitted_errors).toBe(MAX_TOKENS / 5 - MAX_REPORTED_ERRORS);
    expect(refusal(`${lines}\n`).problem).toMatchObject({ line: 2001, column: 1 });
  });

  it('bounds the errors of the worst file it still checks by its tokens, and lists the first', () => {
    // `{}` for a mapping is three errors for three tokens, the most errors per token found.
    const prefix = 'serviceConnections: {mappings: [';
    const maps = '{},'.repeat(MAX_TOKENS / 3 - 10);
    const result = validateDeploymentConfig(`${prefix}${maps}{}]}`);
    const found = result.errors.length + result.omitted_errors;
    expect(result.errors).toHaveLength(MAX_REPORTED_ERRORS);
    expect(found).toBeGreaterThan(9_000);
    expect(found).toBeLessThanOrEqual(MAX_TOKENS);
    // Only the first thousand are placed, and the ones listed are still the first in the file.
    expect(result.errors[0]).toEqual({
      path: '/serviceConnections/mappings/0/fromService',
      message: 'is required',
      line: 1,
      column: prefix.length + 1,
    });
    expect(result.errors.at(-1)).toMatchObject({
      path: '/serviceConnections/mappings/33/fromService',
      column: prefix.length + 1 + 33 * 3,
    });
  });

  it('places at most 1,000 schema errors in the file and counts the rest', () => {
    const errors: ErrorObject[] = Array.from({ length: 5000 }, (_, i) => ({
      keyword: 'required',
      instancePath: `/serviceConnections/mappings/${i}`,
      schemaPath: '#/definitions/mapping/required',
      params: { missingProperty: 'toService' },
    }));
    let placed = 0;
    const locate = () => ({ line: 1, column: ++placed });
    const { problems, unplaced } = schemaProblems(errors, locate, MAX_PLACED_ERRORS);
    expect(MAX_PLACED_ERRORS).toBe(1000);
    expect(placed).toBe(MAX_PLACED_ERRORS);
    expect(problems).toHaveLength(MAX_PLACED_ERRORS);
    expect(unplaced).toBe(4000);
  });

  it('still checks a large real file: a hundred branches with every field, 34 KB', () => {
    const branch = (i: number) =>
      `    release-${i}:\n` +
      `      label: Release ${i}\n` +
      '      description: What customers see\n' +
      '      active: true\n' +
      `      priority: ${i + 1}\n` +
      '      exclude_providers: [aws, rnd]\n' +
      '      serviceConnections:\n' +
      '        mappings:\n' +
      '          - fromService: web\n' +
      '            toService: api\n' +
      '            environmentVariables: [API_URL, API_HOST]\n' +
      '            property: connectionString\n';
    const text =
      'application:\n  name: Shop\ndeployment:\n  branches:\n' +
      Array.from({ length: 100 }, (_, i) => branch(i)).join('');
    expect(text.length).toBeGreaterThan(34_000);
    const result = validateDeploymentConfig(text);
    expect(result).toMatchObject({ valid: true, errors: [] });
  });
});

describe('security: the route and the command refuse a file with too many tokens', () => {
  let t: TestApp;
  let user: Account;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp();
    user = await register(t.app, 'deployer');
    dir = await mkdtemp(path.join(os.tmpdir(), 'gs-config-'));
  });
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers 400 validation saying which limit, and where', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/deployment-config/validate',
      headers: { ...json, ...user.headers },
      payload: { content: SMALL_MAPS },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'VALIDATION_FAILED',
      error: `body.content ${TOO_MANY.message} (line 1112, column 2)`,
    });
  });

  it('prints one (root) line for it from validate-config, and exits 1', async () => {
    await writeFile(path.join(dir, 'maps.yml'), SMALL_MAPS);
    let stdout = '';
    const code = await runCli(['validate-config', 'maps.yml'], {
      stdout: (text) => void (stdout += text),
      stderr: () => undefined,
      cwd: dir,
    });
    expect({ code, stdout }).toEqual({
      code: 1,
      stdout: `maps.yml:1112:2 (root) ${TOO_MANY.message}\n`,
    });
  });
});
