import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { runNode, sampleProjects } from '../helpers/sample-files.js';

// The bundler `npm run build` runs for `npm start` (scripts/bundle-server.mjs), on small projects
// shaped like the service: modules that find files relative to themselves, a module loaded only
// when needed, and a dependency that looks for files beside its own code.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const script = path.join(root, 'scripts', 'bundle-server.mjs');
const exec = promisify(execFile);
const run = (cwd: string, file: string, ...args: string[]) => runNode([file, ...args], { cwd });
const samples = sampleProjects('gs-bundle-');
const project = samples.write;

const bundleIn = (dir: string, ...args: string[]) =>
  run(dir, script, '--entry', 'dist/server.js', '--outdir', 'dist/bundle', '--root', dir, ...args);

// dist/db/migrate.js finds ../../migrations, as the service's does; dist/lazy.js is imported
// only when needed and reads a file beside itself.
const SERVICE = {
  'migrations/0001_first.sql': 'SELECT 1;\n',
  'dist/lazy-note.txt': 'beside the lazy module\n',
  'dist/db/migrate.js': [
    "import { readdir } from 'node:fs/promises';",
    "import { fileURLToPath } from 'node:url';",
    "export const DIR = fileURLToPath(new URL('../../migrations', import.meta.url));",
    'export const files = () => readdir(DIR);',
  ].join('\n'),
  'dist/lazy.js': [
    "import { readFile } from 'node:fs/promises';",
    "export const note = () => readFile(new URL('./lazy-note.txt', import.meta.url), 'utf8');",
  ].join('\n'),
  'dist/server.js': [
    "import { files } from './db/migrate.js';",
    'console.log(JSON.stringify(await files()));',
    "const { note } = await import('./lazy.js');",
    'console.log(JSON.stringify(await note()));',
  ].join('\n'),
};

describe('the service bundle', () => {
  it('keeps each module finding the files beside it, loaded at once or when needed', async () => {
    const dir = await project(SERVICE);
    const built = await bundleIn(dir, '--external', '');
    expect(built).toMatchObject({ code: 0, out: expect.stringContaining('dist/bundle/') });
    const started = await run(dir, 'dist/bundle/server.js');
    expect(started.code).toBe(0);
    expect(
      started.out
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([['0001_first.sql'], 'beside the lazy module\n']);
  });

  it('works from a copy of the project moved elsewhere', async () => {
    const dir = await project(SERVICE);
    expect((await bundleIn(dir, '--external', '')).code).toBe(0);
    const moved = `${dir}-moved`;
    samples.track(moved);
    await exec('cp', ['-R', dir, moved]);
    await rm(dir, { recursive: true, force: true });
    const started = await run(moved, 'dist/bundle/server.js');
    expect(started).toMatchObject({ code: 0, out: expect.stringContaining('0001_first.sql') });
  });

  it('refuses a dependency that looks for files beside its own code, unless left outside', async () => {
    const dir = await project({
      'node_modules/finder/package.json': '{"name":"finder","main":"index.js"}',
      'node_modules/finder/index.js':
        "const path = require('node:path');\nmodule.exports = () => path.join(__dirname, 'data.json');\n",
      'dist/server.js': "import finder from 'finder';\nconsole.log(finder());\n",
    });
    const refused = await bundleIn(dir, '--external', '');
    expect(refused.code).not.toBe(0);
    expect(refused.out).toContain('node_modules/finder/index.js');
    expect(refused.out).toContain('EXTERNAL');
    const outside = await bundleIn(dir, '--external', 'finder');
    expect(outside.code).toBe(0);
    const started = await run(dir, 'dist/bundle/server.js');
    expect(started).toMatchObject({
      code: 0,
      out: expect.stringContaining(path.join('node_modules', 'finder', 'data.json')),
    });
  });
});
