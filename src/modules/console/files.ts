import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Where `npm run build` writes the console (vite's outDir), from src/ and dist/ alike. */
export const CONSOLE_DIR = fileURLToPath(new URL('../../../dist/console', import.meta.url));

/**
 * One built file, read at start with the compressed forms the build wrote beside it
 * (`.br`, `.gz`); a form missing from the build is made the first time a client asks for it.
 */
export interface ConsoleFile {
  body: Buffer;
  gzip(): Buffer;
  brotli(): Buffer;
  type: string;
  etag: string;
}

function once(make: () => Buffer): () => Buffer {
  let made: Buffer | null = null;
  return () => (made ??= make());
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** The build's compressed form of `file`, or a maker of it. */
function compressed(file: string, make: () => Buffer): () => Buffer {
  if (existsSync(file)) {
    const built = readFileSync(file);
    return () => built;
  }
  return once(make);
}

function load(file: string): ConsoleFile {
  const body = readFileSync(file);
  return {
    body,
    gzip: compressed(`${file}.gz`, () => gzipSync(body, { level: 9 })),
    brotli: compressed(`${file}.br`, () =>
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    ),
    type: TYPES[path.extname(file)] ?? 'application/octet-stream',
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
  };
}

function walk(dir: string, prefix: string, into: Map<string, ConsoleFile>) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    const url = `${prefix}/${name}`;
    if (statSync(full).isDirectory()) walk(full, url, into);
    else if (url !== '/index.html' && !/\.(br|gz)$/.test(name)) into.set(url, load(full));
  }
}

/** The page every console path answers with, and its files by URL path. */
export interface ConsoleBuild {
  /** index.html with `__CSP_NONCE__` where the per-response nonce goes. */
  page: string;
  files: Map<string, ConsoleFile>;
}

/** The built console, or null when it has not been built (the API works without it). */
export function readConsoleBuild(dir: string): ConsoleBuild | null {
  const index = path.join(dir, 'index.html');
  if (!existsSync(index)) return null;
  const files = new Map<string, ConsoleFile>();
  walk(dir, '', files);
  return { page: readFileSync(index, 'utf8'), files };
}

/** The body to send for the client's Accept-Encoding: brotli, then gzip, then none. */
export function encodingFor(file: ConsoleFile, accept: string | undefined) {
  const accepted = accept ?? '';
  if (/\bbr\b/.test(accepted)) return { body: file.brotli(), encoding: 'br' } as const;
  if (/\bgzip\b/.test(accepted)) return { body: file.gzip(), encoding: 'gzip' } as const;
  return { body: file.body, encoding: null } as const;
}
