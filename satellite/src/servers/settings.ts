// What the pool is given, and the settings its upstreams share once the defaults are filled in.
import type { Implementation } from '@modelcontextprotocol/sdk/types.js';
import type { EventSink, Log, UpstreamTokens } from '../parts.js';
import { createLimit, type Limit } from './limit.js';
import { ProcessSlots } from './process-slots.js';
import { createSandbox, type Sandbox, type SandboxMode } from './sandbox.js';
import { Watchdog } from './watchdog.js';

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
  /**
   * The most resident memory, in MB, of a server's process tree (Linux: killed over it,
   * watchdog.ts), and a V8 heap limit for `node`/`npx` servers (environment.ts). An entry's
   * own `maxMemoryMb` wins. None by default.
   */
  maxMemoryMb?: number;
  /** The most CPU of a server's process tree, in percent of one core over `cpuWindowMs`,
   *  before its priority is lowered (Linux). None by default. */
  maxCpuPercent?: number;
  /** The window the CPU limit is judged over. Default 30 s. */
  cpuWindowMs?: number;
  /** How often the watchdog samples the processes of limited servers. Default 5 s. */
  sampleIntervalMs?: number;
  /** Stdio processes running at once on this satellite (process-slots.ts). No limit by default. */
  maxProcesses?: number;
  /** Stdio processes running at once for one team's servers. No limit by default. */
  maxProcessesPerTeam?: number;
  /** How server processes are sandboxed (sandbox.ts). Default `off`. */
  sandbox?: SandboxMode;
  /** The open files a sandboxed server may hold. Default 4096. */
  sandboxOpenFiles?: number;
  /** RLIMIT_NPROC of a sandboxed server (counted for the satellite's whole user). Not set by default. */
  sandboxProcesses?: number;
  /** Server processes started at once (limit.ts); the others wait their turn. Default 4. */
  startsAtOnce?: number;
}

/** What an operator may set about a satellite's stdio servers (docs/satellites.md). */
export type ServerSettings = Pick<
  UpstreamPoolOptions,
  | 'restartDelaysMs'
  | 'crashWindowMs'
  | 'maxMemoryMb'
  | 'maxCpuPercent'
  | 'cpuWindowMs'
  | 'sampleIntervalMs'
  | 'maxProcesses'
  | 'maxProcessesPerTeam'
  | 'sandbox'
  | 'sandboxOpenFiles'
  | 'sandboxProcesses'
>;

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
  /** Every running process holds a place here (the process limits). */
  processes: ProcessSlots;
  /** Measures the running processes against the memory and CPU limits. */
  watchdog: Watchdog;
  /** Wraps each server's command. */
  sandbox: Sandbox;
}

/** The settings with their defaults; throws when the sandbox asked for is not available here. */
export function settingsOf(options: UpstreamPoolOptions): Settings {
  const delays = options.restartDelaysMs?.length ? options.restartDelaysMs : [1000, 5000, 15000];
  const { events, log } = options;
  const measured = options.maxMemoryMb !== undefined || options.maxCpuPercent !== undefined;
  if (measured && process.platform !== 'linux') {
    log.warn(
      { platform: process.platform },
      'memory and CPU limits of server processes are enforced on Linux only',
    );
  }
  return {
    dataDir: options.dataDir,
    events,
    log,
    idleMs: options.idleMs ?? 10 * 60_000,
    tokens: options.tokens,
    clientInfo: options.clientInfo ?? { name: 'groundstation-satellite', version: '1.0.0' },
    restartDelaysMs: [...delays],
    crashWindowMs: options.crashWindowMs ?? 5 * 60_000,
    maxMemoryMb: options.maxMemoryMb,
    starts: createLimit(options.startsAtOnce ?? 4),
    processes: new ProcessSlots(
      { total: options.maxProcesses, perTeam: options.maxProcessesPerTeam },
      events,
      log,
    ),
    watchdog: new Watchdog({
      events,
      log,
      intervalMs: options.sampleIntervalMs ?? 5000,
      cpuWindowMs: options.cpuWindowMs ?? 30_000,
      maxCpuPercent: options.maxCpuPercent,
    }),
    sandbox: createSandbox({
      mode: options.sandbox ?? 'off',
      openFiles: options.sandboxOpenFiles ?? 4096,
      processes: options.sandboxProcesses,
    }),
  };
}
