// npm run bench — runs every benchmark one after the other and writes their tables, with the
// machine they ran on and the commands, into docs/performance.md's "Latest full run" section;
// the dated results and their analysis, written by hand, stay as they are.
import { execFileSync, spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import pg from 'pg';
import * as prettier from 'prettier';
import { postgresAdminUrl } from './lib.js';

const BENCHMARKS: Array<[string, string]> = [
  ['bench:events', 'Event pipeline'],
  ['bench:catalogue', 'Catalogue reads'],
  ['bench:registry', 'MCP registry import and reads'],
  ['bench:streams', 'Live streams'],
  ['bench:http', 'HTTP load on the hot read routes'],
  ['bench:audit', 'Audit log cost on the audited routes'],
];

function run(script: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: process.env,
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += String(d);
      process.stdout.write(d);
    });
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${script} exited with ${code}`)),
    );
  });
}

/** The markdown a benchmark printed: its table headings and rows. */
const tablesOf = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.startsWith('|') || line.startsWith('### '))
    .map((line) => (line.startsWith('### ') ? `\n##### ${line.slice(4)}\n` : line))
    .join('\n');

/** The commit measured, with a mark when the tree had changes not committed. */
function measuredCommit(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const changed = execFileSync('git', ['status', '--porcelain'], { encoding: 'utf8' }).trim();
    return changed ? `${head} with changes not committed` : head;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

async function postgresVersion() {
  try {
    const client = new pg.Client({ connectionString: postgresAdminUrl() });
    await client.connect();
    const { rows } = await client.query('SHOW server_version');
    await client.end();
    return `PostgreSQL ${rows[0].server_version}`;
  } catch {
    return 'PostgreSQL (not reachable)';
  }
}

/** The block of docs/performance.md that `npm run bench` rewrites; the rest is kept as written. */
const BEGIN = '<!-- npm run bench: latest full run, begin -->';
const END = '<!-- npm run bench: latest full run, end -->';
/** Where the block goes the first time: before the dated results kept by hand. */
const FIRST_PLACE = '\n## Results\n';

/**
 * The document with its generated block replaced, or inserted before the results the first
 * time; the dated sections and their analysis around it stay as they are.
 */
function withLatestRun(document: string, block: string): string {
  const marked = `${BEGIN}\n\n${block.trim()}\n\n${END}`;
  const begin = document.indexOf(BEGIN);
  const end = document.indexOf(END);
  if (begin !== -1 && end > begin)
    return document.slice(0, begin) + marked + document.slice(end + END.length);
  const place = document.indexOf(FIRST_PLACE);
  if (place === -1) return `${document.trimEnd()}\n\n${marked}\n`;
  return `${document.slice(0, place)}\n${marked}\n${document.slice(place)}`;
}

async function main() {
  const runStarted = new Date();
  const commit = measuredCommit();
  const sections: string[] = [];
  for (const [script, title] of BENCHMARKS) {
    const started = Date.now();
    const output = await run(script);
    sections.push(
      `#### ${title}\n\n\`npm run ${script}\` (${Math.round((Date.now() - started) / 1000)} s)\n${tablesOf(output)}\n`,
    );
  }
  const cpus = os.cpus();
  const machine = [
    `- Date: ${runStarted.toISOString().slice(0, 16).replace('T', ' ')} UTC; commit ${commit}`,
    `- CPU: ${cpus.length} × ${cpus[0]?.model ?? 'unknown'}`,
    `- Memory: ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB`,
    `- OS: ${os.type()} ${os.release()}`,
    `- Node.js ${process.version}; ${await postgresVersion()} on the same machine; PGlite in the service process`,
  ].join('\n');
  const block = `## Latest full run

Written by \`npm run bench\`, which runs every benchmark one after the other and replaces this
section only. Each starts the service in its own process on a fresh database and drives it over
loopback HTTP from another process.

${machine}

${sections.join('\n')}`;
  // Formatted as the rest of the repository, so the lint step accepts the file as written.
  const file = 'docs/performance.md';
  const options = (await prettier.resolveConfig(file)) ?? {};
  const document = withLatestRun(await readFile(file, 'utf8'), block);
  await writeFile(file, await prettier.format(document, { ...options, filepath: file }));
  process.stdout.write(`\nwrote the latest full run into ${file}\n`);
}

await main();
