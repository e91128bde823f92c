import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { INVALID_CASES, VALID_CASES } from '../modules/deployment-config/cases.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'gs-cli-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

let written = 0;
/** Writes a file into the temporary directory and returns its name relative to it. */
async function file(content: string, extension = 'yml'): Promise<string> {
  const name = `config-${++written}.${extension}`;
  await writeFile(path.join(dir, name), content);
  return name;
}

async function run(argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    cwd: dir,
  });
  return { code, stdout, stderr };
}

describe('groundstation validate-config, in-process', () => {
  it.each(VALID_CASES)('prints "valid" and exits 0 for $name', async (c) => {
    const name = await file(c.content);
    expect(await run(['validate-config', name])).toEqual({
      code: 0,
      stdout: `${name}: valid\n`,
      stderr: '',
    });
  });

  it.each(INVALID_CASES)('prints every problem and exits 1 for $name', async (c) => {
    const name = await file(c.content);
    const lines = c.errors!.map(
      (e) => `${name}:${e.line}:${e.column} ${e.path || '(root)'} ${e.message}\n`,
    );
    expect(await run(['validate-config', name])).toEqual({
      code: 1,
      stdout: lines.join(''),
      stderr: '',
    });
  });

  it('exits 2 with a message for a file that does not exist', async () => {
    expect(await run(['validate-config', 'missing.yml'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'missing.yml: cannot read the file (no such file)\n',
    });
  });

  it('exits 2 with the usage for no file, two files or an option', async () => {
    for (const args of [[], ['a.yml', 'b.yml'], ['--strict']]) {
      const result = await run(['validate-config', ...args]);
      expect(result, args.join(' ')).toEqual({
        code: 2,
        stdout: '',
        stderr: 'usage: groundstation validate-config <file>\n',
      });
    }
  });

  it('exits 2 with the list of commands for no command or an unknown one', async () => {
    const none = await run([]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^usage: groundstation <command>[\s\S]*validate-config/);
    const unknown = await run(['validate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^unknown command: validate\nusage: groundstation/);
  });

  it('prints the usage and exits 0 when asked for help', async () => {
    expect((await run(['--help'])).code).toBe(0);
    expect(await run(['validate-config', '--help'])).toMatchObject({
      code: 0,
      stdout: 'usage: groundstation validate-config <file>\n',
    });
  });
});

describe('security: groundstation validate-config applies the route’s limits', () => {
  it('refuses a file nested 1,000 deep with one line saying where, and exits 1', async () => {
    const name = await file('['.repeat(1000) + ']'.repeat(1000), 'json');
    expect(await run(['validate-config', name])).toEqual({
      code: 1,
      stdout: `${name}:1:65 (root) nests lists and maps more than 64 levels deep\n`,
      stderr: '',
    });
  });

  it('refuses a file over 64 KiB, in characters or in bytes, and exits 1', async () => {
    const characters = await file(`# ${'x'.repeat(64 * 1024)}\n`);
    expect(await run(['validate-config', characters])).toEqual({
      code: 1,
      stdout: `${characters}:1:1 (root) is 65,539 characters long; at most 65,536 are allowed\n`,
      stderr: '',
    });
    // Far too large to be read whole: the command stops reading past what could fit.
    const bytes = await file(`# ${'x'.repeat(4 * 1024 * 1024)}\n`);
    expect(await run(['validate-config', bytes])).toEqual({
      code: 1,
      stdout: `${bytes}:1:1 (root) is too large; at most 65,536 characters are allowed\n`,
      stderr: '',
    });
  });

  it('lists the first 100 of thousands of problems and says how many more there are', async () => {
    // Five tokens a line: 2,000 lines are the 10,000 tokens a file may have.
    const lines = Array.from({ length: 2000 }, (_, i) => `k${i}: 1\n`).join('');
    const name = await file(lines);
    const result = await run(['validate-config', name]);
    expect(result.code).toBe(1);
    const printed = result.stdout.trimEnd().split('\n');
    expect(printed).toHaveLength(101);
    expect(printed[0]).toBe(`${name}:1:1 /k0 is not an allowed property`);
    expect(printed[99]).toBe(`${name}:100:1 /k99 is not an allowed property`);
    expect(printed[100]).toBe(`${name}: 1,900 more errors not listed`);
  });
});

describe('groundstation validate-config, as a process', () => {
  const execFileAsync = promisify(execFile);
  const entry = path.resolve('src/cli/groundstation.ts');

  /** Runs the command's process entry with tsx, from the repository root unless told otherwise. */
  async function spawnCli(args: string[], env: Record<string, string> = {}) {
    try {
      const { stdout, stderr } = await execFileAsync(
        process.execPath,
        ['--import', 'tsx', entry, ...args],
        { env: { PATH: process.env.PATH ?? '', ...env } },
      );
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  it('sets the exit code and prints to the right stream', async () => {
    const valid = path.join(dir, await file('{"application": {"name": "Shop"}}', 'json'));
    const invalid = path.join(dir, await file('application:\n  name: 7\n  colour: red\n'));
    const missing = path.join(dir, 'missing.yml');
    const [ok, bad, absent, usage] = await Promise.all([
      spawnCli(['validate-config', valid]),
      spawnCli(['validate-config', invalid]),
      spawnCli(['validate-config', missing]),
      spawnCli(['validate-config']),
    ]);
    expect(ok).toEqual({ code: 0, stdout: `${valid}: valid\n`, stderr: '' });
    expect(bad).toEqual({
      code: 1,
      stdout:
        `${invalid}:2:9 /application/name must be string\n` +
        `${invalid}:3:3 /application/colour is not an allowed property\n`,
      stderr: '',
    });
    expect(absent).toMatchObject({ code: 2, stdout: '' });
    expect(absent.stderr).toContain('cannot read the file (no such file)');
    expect(usage).toEqual({
      code: 2,
      stdout: '',
      stderr: 'usage: groundstation validate-config <file>\n',
    });
  });

  it('reads a relative name from where `npm run validate-config` was typed', async () => {
    const name = await file('deployment:\n  branches: {}\n');
    const result = await spawnCli(['validate-config', name], {
      npm_lifecycle_event: 'validate-config',
      INIT_CWD: dir,
    });
    expect(result).toEqual({
      code: 1,
      stdout: `${name}:2:13 /deployment/branches must have at least 1 property\n`,
      stderr: '',
    });
  });
});
