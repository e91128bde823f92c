// The child process behind the SDK's StdioClientTransport, for its exit code and signal.
import { ChildProcess } from 'node:child_process';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

/**
 * The transport keeps its ChildProcess private and reports only that it closed, but a crash
 * report needs the exit code and signal. The SDK is pinned (1.32.2) and the value is checked
 * with `instanceof`, so a changed SDK degrades to "unknown" (exit code 1, no signal) instead of
 * breaking.
 */
export function childOf(transport: StdioClientTransport): ChildProcess | undefined {
  const child: unknown = Reflect.get(transport, '_process');
  return child instanceof ChildProcess ? child : undefined;
}

export interface Exit {
  /** An integer: 1 where the process gave none (killed by a signal, or unknown). */
  code: number;
  /** The signal's name, or `none`. */
  signal: string;
  text: string;
}

export function exitOf(child: ChildProcess | undefined): Exit {
  const code = child?.exitCode ?? null;
  const signal = child?.signalCode ?? null;
  const text =
    signal !== null
      ? `killed by ${signal}`
      : code !== null
        ? `exited with code ${code}`
        : 'exited (code unknown)';
  return { code: code ?? 1, signal: signal ?? 'none', text };
}

/**
 * Closes the client, which ends the child as MCP asks (stdin closed, then SIGTERM, then
 * SIGKILL, two seconds apart), waiting at most `waitMs`; a child still alive then is killed.
 */
export async function closeChild(
  client: Client,
  child: ChildProcess | undefined,
  waitMs: number,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, waitMs);
  });
  await Promise.race([client.close().catch(() => undefined), timeout]);
  clearTimeout(timer);
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}
