#!/usr/bin/env node
// The command runs from the compiled output in dist/, so it needs no TypeScript tooling installed.
import { existsSync } from 'node:fs';

const entry = new URL('../dist/cli/groundstation.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('groundstation: dist/ is not built yet; run `npm run build` first\n');
  process.exitCode = 2;
} else {
  await import(entry.href);
}
