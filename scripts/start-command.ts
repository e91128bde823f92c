// What `npm start` runs, read from package.json: `[NAME=value ...] node [--flag ...] <entry>`.
// The benchmarks and the test of the built start run exactly that (bench/http.ts,
// test/build/start.test.ts).
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export interface StartCommand {
  /** The variables `npm start` sets before node (the C library's allocator reads them at exec). */
  env: Record<string, string>;
  /** node's own flags, before the entry. */
  nodeFlags: string[];
  /** The module node runs, relative to the project. */
  entry: string;
}

const ROOT = path.resolve(import.meta.dirname, '..');

/** node's arguments that run the service from its TypeScript sources instead (`npm run dev`'s way). */
export const FROM_SOURCES = [
  '--conditions=groundstation-source',
  '--import',
  'tsx',
  'src/server.ts',
];

export async function startCommand(): Promise<StartCommand> {
  const manifest: { scripts: { start: string } } = JSON.parse(
    await readFile(path.join(ROOT, 'package.json'), 'utf8'),
  );
  const words = manifest.scripts.start.trim().split(/\s+/);
  const env: Record<string, string> = {};
  for (let word = words.shift(); word !== undefined; word = words.shift()) {
    const assignment = /^(?<name>[A-Z_][A-Z0-9_]*)=(?<value>.*)$/.exec(word)?.groups;
    if (assignment) env[assignment.name!] = assignment.value!;
    else if (word === 'node') break;
    else throw new Error(`npm start runs \`${word}\`, not node: update scripts/start-command.ts`);
  }
  const entry = words.at(-1);
  if (!entry || entry.startsWith('-')) throw new Error('npm start names no entry module');
  return { env, nodeFlags: words.slice(0, -1).filter((word) => word.startsWith('--')), entry };
}
