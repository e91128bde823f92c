// What the build scripts share: whether an output is older than its sources (a stamp holding a
// hash of them) and one build of a kind at a time.
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

export const root = path.resolve(import.meta.dirname, '..', '..');

function hashInto(hash, file) {
  if (!existsSync(file)) return;
  if (!statSync(file).isDirectory()) {
    hash.update(path.relative(root, file)).update(readFileSync(file));
    return;
  }
  for (const name of readdirSync(file).sort()) hashInto(hash, path.join(file, name));
}

/**
 * A build's sources, stamped: `fresh` says whether `output` exists and was built from these very
 * files (paths relative to the project); `stamp()` records them once it is built again.
 */
export function sourcesOf(name, sources, output) {
  const hash = createHash('sha256');
  for (const source of sources) hashInto(hash, path.join(root, source));
  const digest = hash.digest('hex');
  const file = path.join(root, 'dist', `${name}-source.sha256`);
  const fresh =
    existsSync(path.join(root, output)) &&
    existsSync(file) &&
    readFileSync(file, 'utf8').trim() === digest;
  return { fresh, stamp: () => writeFileSync(file, `${digest}\n`) };
}

/** Holds dist/<name>.lock until the process exits: a second build would empty folders under the first. */
export function buildLock(name) {
  const lock = path.join(root, 'dist', `${name}.lock`);
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
}
