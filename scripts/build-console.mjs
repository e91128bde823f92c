// Builds the web console (console/ → dist/console) with vite. With --if-stale, only when its
// sources or the locked dependencies changed since the last build: `npm test` runs it first, so
// the browser tests always drive the console as it is in the working tree.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { buildLock, root, sourcesOf } from './lib/build-stamp.mjs';

const sources = sourcesOf('console', ['console', 'package-lock.json'], 'dist/console/index.html');
if (process.argv.includes('--if-stale') && sources.fresh) process.exit(0);

buildLock('console');
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
sources.stamp();
