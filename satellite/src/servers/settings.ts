// What the pool is given, and the settings its upstreams share once the defaults are filled in.
import type { Implementation } from '@modelcontextprotocol/sdk/types.js';
import type { EventSink, Log, UpstreamTokens } from '../parts.js';
import { createLimit, type Limit } from './limit.js';

export interface UpstreamPoolOptions {
  /** Per-instance working folders go under `<dataDir>/instances/`. */
  dataDir: string;
  events: EventSink;
  log: Log;
  /** A stdio process unused this long is stopped (dormant) until its next use. Default 10 min. */
  idleMs?: number;
  /** The access token of an entry with `requires_oauth`; null when the member has none. */
  tokens?: UpstreamTokens;
  /** How the satellite introduces itself to the servers. */
  clientInfo?: { name: string; version: string };
  /** The wait before restarting after the 1st, 2nd, 3rd crash. Default [1000, 5000, 15000]. */
  restartDelaysMs?: number[];
  /** The 4th crash within this window fails the server for good. Default 5 min. */
  crashWindowMs?: number;
  /** A V8 heap limit for `node`/`npx` servers (see environment.ts); none by default. */
  maxMemoryMb?: number;
  /** Server processes started at once (limit.ts); the others wait their turn. Default 4. */
  startsAtOnce?: number;
}

export interface Settings {
  dataDir: string;
  events: EventSink;
  log: Log;
  idleMs: number;
  tokens: UpstreamTokens | undefined;
  clientInfo: Implementation;
  restartDelaysMs: readonly number[];
  crashWindowMs: number;
  maxMemoryMb: number | undefined;
  /** Every start of a server process goes through this. */
  starts: Limit;
}

export function settingsOf(options: UpstreamPoolOptions): Settings {
  const delays = options.restartDelaysMs?.length ? options.restartDelaysMs : [1000, 5000, 15000];
  return {
    dataDir: options.dataDir,
    events: options.events,
    log: options.log,
    idleMs: options.idleMs ?? 10 * 60_000,
    tokens: options.tokens,
    clientInfo: options.clientInfo ?? { name: 'groundstation-satellite', version: '1.0.0' },
    restartDelaysMs: [...delays],
    crashWindowMs: options.crashWindowMs ?? 5 * 60_000,
    maxMemoryMb: options.maxMemoryMb,
    starts: createLimit(options.startsAtOnce ?? 4),
  };
}
