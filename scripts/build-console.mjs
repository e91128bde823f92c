// Builds the web console (console/ → dist/console) with vite. With --if-stale, only when its
// sources or the locked dependencies changed since the last build: `npm test` runs it first, so
// the browser tests always drive the console as it is in the working tree.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'dist', 'console-source.sha256');

function hashTree(hash, dir) {
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) hashTree(hash, full);
    else hash.update(path.relative(root, full)).update(readFileSync(full));
  }
}

const hash = createHash('sha256');
hashTree(hash, path.join(root, 'console'));
hash.update(readFileSync(path.join(root, 'package-lock.json')));
const digest = hash.digest('hex');

const built = path.join(root, 'dist', 'console', 'index.html');
const fresh =
  existsSync(built) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === digest;
if (process.argv.includes('--if-stale') && fresh) process.exit(0);

// One build at a time: a second would empty the folder under the first.
const lock = path.join(root, 'dist', 'console.lock');
mkdirSync(path.dirname(lock), { recursive: true });
for (let waited = 0; ; waited += 250) {
  try {
    mkdirSync(lock);
    break;
  } catch (error) {
    if (error.code !== 'EEXIST' || waited > 120_000) throw error;
    execFileSync('sleep', ['0.25']);
  }
}
process.on('exit', () => rmSync(lock, { recursive: true, force: true }));
execFileSync(
  process.execPath,
  [
    path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
    'build',
    '--config',
    path.join(root, 'console', 'vite.config.ts'),
    '--logLevel',
    'warn',
  ],
  { stdio: 'inherit', cwd: root },
);
// Compressed once here, at brotli's and gzip's best, so the service neither spends seconds on it
// at start nor makes the first visitor wait for it.
(function precompress(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) precompress(full);
    else if (name !== 'index.html') {
      const body = readFileSync(full);
      writeFileSync(`${full}.gz`, gzipSync(body, { level: 9 }));
      writeFileSync(
        `${full}.br`,
        brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
    }
  }
})(path.join(root, 'dist', 'console'));
writeFileSync(stamp, `${digest}\n`);
