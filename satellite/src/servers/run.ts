// One process of a stdio server, from spawn to exit: its transport and client, its pid as soon
// as it exists, its place under the process limits and the requests it has not answered.
import type { ChildProcess } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Implementation } from '@modelcontextprotocol/sdk/types.js';
import { RELAYED_CAPABILITIES } from './capabilities.js';
import { childOf } from './child.js';
import type { Slot } from './process-slots.js';
import { countRequests, type PendingRequests } from './requests.js';

export interface Run {
  client: Client;
  transport: StdioClientTransport;
  child: ChildProcess | undefined;
  /** The OS pid, 0 until known (and when the spawn failed). */
  pid: number;
  startedAt: number;
  /** The pool stopped it itself: its exit is not a crash. */
  expected: boolean;
  ended: boolean;
  /** Its place under the process limits, given back when it ends. */
  slot: Slot;
  /** Requests it has not answered yet: with none it may be stopped to make room. */
  requests: PendingRequests;
  /** Stops the watchdog measuring it. */
  unwatch: () => void;
  /** Why the watchdog killed it (a limit): its crash is reported with this. */
  killedFor?: string;
}

export const gone = (run: Run) => run.ended || run.expected;

export interface RunOptions {
  /** The command as run: the entry's, wrapped by the sandbox. */
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
  clientInfo: Implementation;
  slot: Slot;
  onStderr(chunk: Buffer): void;
  /** The process exists (its pid is set): before the handshake, which may end it. */
  onSpawn(run: Run): void;
}

/** A run whose client is not connected yet: connecting it starts the process. */
export function createRun(options: RunOptions): Run {
  const { command, args, env, cwd } = options;
  const transport = new StdioClientTransport({ command, args, env, cwd, stderr: 'pipe' });
  const run: Run = {
    client: new Client(options.clientInfo, RELAYED_CAPABILITIES),
    transport,
    child: undefined,
    pid: 0,
    startedAt: Date.now(),
    expected: false,
    ended: false,
    slot: options.slot,
    // Before the client connects: it keeps the transport's message handler it finds.
    requests: countRequests(transport),
    unwatch: () => undefined,
  };
  transport.stderr?.on('data', (chunk: Buffer) => options.onStderr(chunk));
  // The pid and the child are known as soon as the process exists, before the handshake that
  // may end it: a crash report needs them, and the watchdog measures it from then on.
  const startTransport = transport.start.bind(transport);
  transport.start = async () => {
    await startTransport();
    run.pid = transport.pid ?? 0;
    run.child = childOf(transport);
    options.onSpawn(run);
  };
  return run;
}
