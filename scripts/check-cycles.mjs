// Fails when modules of the service, the satellite, the protocol or the console import each
// other in a circle, type imports included: a circle means neither module can be read, tested or
// moved without the other, so the project keeps none (npm run lint runs this).
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

// The project's root, or the folder given as the first argument (the script's own test uses one).
const root = process.argv[2]
  ? path.resolve(process.argv[2])
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const AREAS = ['src', 'satellite', 'protocol', 'console/src'];

function* sources(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* sources(full);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) yield full;
  }
}

/** The project file a relative import names (`./a.js` is `./a.ts`), or null for a package. */
function resolve(from, spec) {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec);
  const stem = base.replace(/\.(m?js|jsx)$/, '');
  for (const candidate of [
    `${stem}.ts`,
    `${stem}.tsx`,
    base,
    `${base}/index.ts`,
    `${base}/index.tsx`,
  ])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

const graph = new Map();
for (const area of AREAS) {
  const dir = path.join(root, area);
  if (!existsSync(dir)) continue;
  for (const file of sources(dir)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles.map((i) => resolve(file, i.fileName)).filter(Boolean);
    graph.set(file, [...new Set(targets)]);
  }
}

// Tarjan's strongly connected components: every component of more than one file is a circle.
let index = 0;
const stack = [];
const state = new Map();
const circles = [];
function visit(file) {
  const mine = { index, low: index, onStack: true };
  index += 1;
  state.set(file, mine);
  stack.push(file);
  for (const next of graph.get(file) ?? []) {
    const seen = state.get(next);
    if (!seen) {
      visit(next);
      mine.low = Math.min(mine.low, state.get(next).low);
    } else if (seen.onStack) mine.low = Math.min(mine.low, seen.index);
  }
  if (mine.low !== mine.index) return;
  const component = [];
  let member;
  do {
    member = stack.pop();
    state.get(member).onStack = false;
    component.push(path.relative(root, member));
  } while (member !== file);
  if (component.length > 1) circles.push(component.sort());
}
for (const file of graph.keys()) if (!state.has(file)) visit(file);

if (circles.length > 0) {
  for (const circle of circles) console.error(`import cycle: ${circle.join(' ↔ ')}`);
  process.exit(1);
}
console.log(`no import cycles among ${graph.size} files`);
