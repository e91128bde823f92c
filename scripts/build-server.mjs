// Builds the service: compiles the satellite and the service (dist/), copies the built-in
// plugins' files beside them and bundles what `npm start` runs (dist/bundle/). With --if-stale,
// only when a source changed since the last build: the test of the built start runs it first
// (test/build/start.test.ts), so it always starts the service as it is in the working tree.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { buildLock, root, sourcesOf } from './lib/build-stamp.mjs';

const SOURCES = [
  'src',
  'satellite',
  'protocol',
  'scripts/bundle-server.mjs',
  'scripts/copy-plugin-assets.mjs',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'tsconfig.satellite.json',
];

const sources = sourcesOf('server', SOURCES, 'dist/bundle/server.js');
if (process.argv.includes('--if-stale') && sources.fresh) process.exit(0);

buildLock('server');
const node = (...args) => execFileSync(process.execPath, args, { stdio: 'inherit', cwd: root });
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
node(tsc, '-p', 'tsconfig.satellite.json');
node(tsc, '-p', 'tsconfig.build.json');
node('scripts/copy-plugin-assets.mjs');
node('scripts/bundle-server.mjs');
sources.stamp();
