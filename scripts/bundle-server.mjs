// After the compiler: bundles the service (dist/server.js and what it imports, the built-in
// satellite included) into dist/bundle/, which `npm start` runs. Node 20 resolves, reads and
// compiles each of the service's 500-odd modules and its dependencies' files one by one at every
// start: loaded from a few files instead, a start on existing data takes about a fifth less time
// (docs/performance.md). dist/server.js keeps working unbundled.
//
// What stays outside the bundle: packages that find their own files beside their code (PGlite's
// WASM, Swagger UI's pages, @fastify/swagger's package.json), load native code (argon2), start
// worker threads from their own files (pino) or are loaded only when needed (nodemailer).
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import * as esbuild from 'esbuild';

export const EXTERNAL = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'pino',
  'nodemailer',
  'pg-native',
];

const MODULE_URL = /\bimport\.meta\.url\b/g;
const COMMONJS_PATHS = /\b__(dirname|filename)\b/;

/**
 * Keeps `import.meta.url` meaning the module's own file. The service finds its migrations, its
 * console, its built-in plugins and its worker files relative to the module that names them; in
 * a bundle every module would otherwise see the bundle's URL. Each use in a file under `root`
 * becomes that file's URL, written relative to the bundle, so the bundle still works when the
 * project is moved.
 */
export function moduleUrls({ root, outdir }) {
  const inside = path.resolve(root) + path.sep;
  return {
    name: 'module-urls',
    setup(build) {
      build.onLoad({ filter: /\.m?js$/ }, async (args) => {
        if (
          !args.path.startsWith(inside) ||
          args.path.includes(`${path.sep}node_modules${path.sep}`)
        )
          return undefined;
        const text = await readFile(args.path, 'utf8');
        if (!text.includes('import.meta.url')) return undefined;
        const own = path.relative(outdir, args.path).split(path.sep).join('/');
        const url = `new URL(${JSON.stringify(own)}, import.meta.url).href`;
        return { contents: text.replace(MODULE_URL, url), loader: 'js' };
      });
    },
  };
}

/**
 * CommonJS code that names `__dirname` or `__filename` looks for files beside itself; bundled
 * into an ES module it would find neither. Returns the bundled modules that do (esbuild heads
 * each module's code with a comment naming its file): their packages belong in EXTERNAL.
 */
async function needingOwnPath(metafile) {
  const found = new Set();
  for (const file of Object.keys(metafile.outputs).filter((f) => f.endsWith('.js'))) {
    let module = file;
    for (const line of (await readFile(file, 'utf8')).split('\n')) {
      const named = /^\/\/ (\S+\.[cm]?js)$/.exec(line);
      if (named) module = named[1];
      else if (COMMONJS_PATHS.test(line) && !line.trimStart().startsWith('//')) found.add(module);
    }
  }
  return [...found];
}

/** Bundles `entry` into `outdir`; throws, naming the module, if bundled code needs its own path. */
export async function bundle({ entry, outdir, root = process.cwd(), external = EXTERNAL }) {
  const result = await esbuild.build({
    entryPoints: [entry],
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    external,
    // Bundled CommonJS code calls require() for Node's own modules.
    banner: {
      js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
    },
    plugins: [moduleUrls({ root, outdir })],
  });
  const needing = await needingOwnPath(result.metafile);
  if (needing.length > 0)
    throw new Error(
      `bundled code looks for files beside itself (__dirname, __filename): ${needing.join(', ')}; add its package to EXTERNAL in scripts/bundle-server.mjs`,
    );
  return result.metafile;
}

/**
 * `node scripts/bundle-server.mjs`: dist/server.js into dist/bundle/. `--entry`, `--outdir`,
 * `--root` and `--external a,b` (instead of EXTERNAL) bundle something else (the tests do).
 */
async function main(args) {
  const { values } = parseArgs({
    args,
    options: {
      entry: { type: 'string', default: 'dist/server.js' },
      outdir: { type: 'string', default: 'dist/bundle' },
      root: { type: 'string', default: process.cwd() },
      external: { type: 'string' },
    },
  });
  const outdir = path.resolve(values.outdir);
  // Chunk names carry a hash of their content: an earlier build's would stay beside the new ones.
  await rm(outdir, { recursive: true, force: true });
  const metafile = await bundle({
    entry: values.entry,
    outdir,
    root: values.root,
    external: values.external === undefined ? EXTERNAL : values.external.split(',').filter(Boolean),
  });
  const outputs = Object.entries(metafile.outputs).filter(([file]) => file.endsWith('.js'));
  const bytes = outputs.reduce((sum, [, output]) => sum + output.bytes, 0);
  const inputs = Object.keys(metafile.inputs).length;
  process.stdout.write(
    `service bundle: ${inputs} modules in ${outputs.length} files, ${(bytes / 1e6).toFixed(1)} MB (${path.relative(process.cwd(), outdir)}/)\n`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    await main(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`bundle-server: ${error.message}\n`);
    process.exitCode = 1;
  }
}
