import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The repository stands alone: nothing under src/, test/, scripts/, docs/ or bench/ (nor the
 * top-level files that build and check it) reads or names a folder outside the checkout. CI runs
 * the suite from a copy in an empty temporary folder as well (.ci/run); this test names the file
 * and line before anything is run.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const FOLDERS = ['src', 'console', 'test', 'scripts', 'docs', 'bench', 'bin', 'openapi', '.ci'];
const TOP_FILES = [
  'README.md',
  'package.json',
  'vitest.config.ts',
  'eslint.config.js',
  'drizzle.config.ts',
];
const TEXT = /\.(ts|mts|js|mjs|cjs|json|md|ya?ml|sh|html|css|tsx|sql)$|^run$/;

const OUTSIDE_NAME = 'shared';
/** Spellings of the reference folder that sits beside a development checkout. */
const NAMED_OUTSIDE = [
  new RegExp(`\\.\\./+${OUTSIDE_NAME}\\b`),
  new RegExp(`(^|[^\\w./-])${OUTSIDE_NAME}/(fixtures|spec)\\b`),
  new RegExp(`['"]\\.\\.['"]\\s*,\\s*['"]${OUTSIDE_NAME}['"]`),
];
/** A quoted relative path that starts by climbing: `'../../x'`. */
const CLIMBING = /(['"`])((?:\.\.\/)+)([^'"`\s]*)\1/g;

interface Reference {
  line: number;
  text: string;
}

/** The places in one file's text that name a folder outside `root`. */
function outsideReferences(text: string, fileDir: string, root: string): Reference[] {
  const found: Reference[] = [];
  text.split('\n').forEach((line, index) => {
    if (NAMED_OUTSIDE.some((pattern) => pattern.test(line))) {
      found.push({ line: index + 1, text: line.trim() });
      return;
    }
    for (const match of line.matchAll(CLIMBING)) {
      const target = path.resolve(fileDir, `${match[2]}${match[3] ?? ''}`);
      const relative = path.relative(root, target);
      if (relative.startsWith('..') || path.isAbsolute(relative)) {
        found.push({ line: index + 1, text: line.trim() });
        return;
      }
    }
  });
  return found;
}

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

function repositoryFiles(): string[] {
  const files = TOP_FILES.map((name) => path.join(repoRoot, name)).filter((file) => {
    try {
      return statSync(file).isFile();
    } catch {
      return false;
    }
  });
  for (const folder of FOLDERS) {
    const dir = path.join(repoRoot, folder);
    try {
      if (statSync(dir).isDirectory()) files.push(...walk(dir));
    } catch {
      // a folder this checkout does not have
    }
  }
  return files;
}

describe('the repository stands alone', () => {
  it('finds the reference folder by each spelling, and climbing paths that leave the root', () => {
    const root = '/repo';
    const dir = '/repo/test/helpers';
    const name = OUTSIDE_NAME;
    const up = '../'.repeat(3);
    const samples = [
      `const dir = '${up}${name}/fixtures/x';`,
      `path.resolve(root, '..', '${name}', 'fixtures')`,
      `see ${name}/spec/protocol.md`,
      `read ../${name}/fixtures/heartbeat.json`,
      `import x from '${up}elsewhere/file.js';`,
    ];
    for (const sample of samples)
      expect(outsideReferences(sample, dir, root), sample).toHaveLength(1);
    const inside = [
      `import { x } from '../../src/app.js';`,
      `const fixtures = path.join(here, '..', 'fixtures', 'satellite-wire');`,
      `a ${name}-nothing/ folder and the word ${name} alone`,
      `src/modules/rate-limits/${name}-counts.ts`,
    ];
    for (const sample of inside) expect(outsideReferences(sample, dir, root), sample).toEqual([]);
  });

  it('no file under src/, test/, scripts/, docs/ or bench/ names a folder outside it', () => {
    const files = repositoryFiles();
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.flatMap((file) =>
      outsideReferences(readFileSync(file, 'utf8'), path.dirname(file), repoRoot).map(
        (ref) => `${path.relative(repoRoot, file)}:${ref.line}: ${ref.text}`,
      ),
    );
    expect(offenders).toEqual([]);
  });
});
