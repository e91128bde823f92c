import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { FROM_SOURCES } from '../../scripts/start-command.js';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export const tempDataDir = () => mkdtemp(path.join(os.tmpdir(), 'gs-proc-'));

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Runs src/server.ts in its own process, as `npm start` would, and waits until it answers.
 * `entry` runs that module instead of the sources (the built bundle).
 */
export async function startServer(
  env: Record<string, string>,
  options: { waitForHealth?: boolean; nodeArgs?: string[]; entry?: string } = {},
): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const args = [...(options.nodeArgs ?? []), ...(options.entry ? [options.entry] : FROM_SOURCES)];
  const child = spawn(process.execPath, args, {
    env: {
      PATH: process.env.PATH ?? '',
      LOG_LEVEL: 'info',
      // Tests of the process itself leave the built-in satellite out unless they ask for it
      // (test/satellite/server-process.test.ts does).
      BUILTIN_SATELLITE: 'false',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (d) => (log += String(d)));
  child.stderr!.on('data', (d) => (log += String(d)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    child,
    port,
    url,
    output: () => log,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
  if (options.waitForHealth === false) return server;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`server exited early (${child.exitCode}):\n${log}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status === 200) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become healthy:\n${log}`);
}

/**
 * The first value `probe` gives other than undefined (a throw counts as none), asked every
 * 200 ms for up to 20 s; otherwise fails, saying what did not happen and what `output` shows
 * (a server's log).
 */
export async function until<T>(
  probe: () => Promise<T | undefined>,
  what: string,
  output: () => string = () => '',
): Promise<T> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not happen:\n${output()}`);
}
