import { setFlagsFromString } from 'node:v8';
import type { EmbeddedCompiler } from '../config.js';

/**
 * Chooses how V8 compiles PGlite's PostgreSQL (EMBEDDED_COMPILER, docs/operators.md). By default
 * V8 first compiles WASM with its baseline compiler (Liftoff) and recompiles the functions that
 * run hot with its optimising one (TurboFan) on worker threads. Each such recompilation of
 * PostgreSQL's large functions (the SQL parser, the executor) leaves its working memory with the
 * C library's per-thread arenas, which keep it: about 70 MB of a 260–290 MB idle service.
 * `baseline` compiles with Liftoff only: the service stays near 195 MB, and queries that PGlite
 * must run cost 10–30 % more (answers served from memory, most hot reads, do not change).
 *
 * The flag is V8's and process-wide, and only affects modules compiled after it is set, so it is
 * set before the embedded database is first compiled or opened; `optimizing` leaves V8 alone.
 */
export function chooseEmbeddedCompiler(compiler: EmbeddedCompiler): void {
  if (compiler === 'baseline') setFlagsFromString('--liftoff-only');
}
