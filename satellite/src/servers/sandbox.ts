// Optional sandboxing of stdio servers with what Linux's util-linux offers, chosen by the
// operator (SATELLITE_SANDBOX) and off by default:
//   prlimit     resource limits per process: open files, processes (optional), no core dumps;
//   namespaces  the same, and the server in its own PID, mount, IPC and UTS namespaces (unshare):
//               it sees only its own processes, so neither the satellite's environment nor
//               another member's server's (their credentials) under /proc, and killing it kills
//               everything it started.
// A mode the machine cannot provide fails when the pool is created, not at the first start.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

export const SANDBOX_MODES = ['off', 'prlimit', 'namespaces'] as const;
export type SandboxMode = (typeof SANDBOX_MODES)[number];

export interface SandboxOptions {
  mode: SandboxMode;
  /** RLIMIT_NOFILE (soft and hard) of each server process. */
  openFiles: number;
  /** RLIMIT_NPROC; undefined leaves it as it is (see `limitArgs`). */
  processes: number | undefined;
}

/** How a server's command is run. */
export interface Sandbox {
  readonly mode: SandboxMode;
  wrap(command: string, args: readonly string[]): { command: string; args: string[] };
}

const PROBE_TIMEOUT_MS = 10_000;

/**
 * The sandbox of `options.mode`, checked on this machine: the tools are looked up on
 * `searchPath` and the whole wrapper is run once (around `true`), so that a limit the satellite
 * may not set or a namespace the kernel or container refuses is reported now, clearly.
 */
export function createSandbox(
  options: SandboxOptions,
  searchPath: string = process.env.PATH ?? '',
): Sandbox {
  if (options.mode === 'off') {
    return { mode: 'off', wrap: (command, args) => ({ command, args: [...args] }) };
  }
  const setting = `SATELLITE_SANDBOX=${options.mode}`;
  if (process.platform !== 'linux') {
    throw new Error(
      `${setting} needs Linux (util-linux's prlimit and unshare); this is ${process.platform}`,
    );
  }
  const prlimit = findCommand('prlimit', searchPath, setting);
  const prefix = [...limitArgs(options), '--'];
  if (options.mode === 'namespaces') {
    prefix.push(findCommand('unshare', searchPath, setting), ...namespaceArgs(), '--');
  }
  const sandbox: Sandbox = {
    mode: options.mode,
    wrap: (command, args) => ({ command: prlimit, args: [...prefix, command, ...args] }),
  };
  probe(sandbox, searchPath, setting);
  return sandbox;
}

/**
 * No core dumps (a dump of a server's memory holds its member's credentials), a bound on open
 * files, and optionally on processes. RLIMIT_NPROC counts every process and thread of the
 * satellite's user, not of the server alone, and root ignores it: it is a brake on fork bombs
 * for a satellite running as its own user, so it is only set when asked for.
 */
function limitArgs(options: SandboxOptions): string[] {
  const args = [`--nofile=${options.openFiles}:${options.openFiles}`, '--core=0:0'];
  if (options.processes !== undefined) {
    args.push(`--nproc=${options.processes}:${options.processes}`);
  }
  return args;
}

/**
 * A new PID namespace with its own /proc (and so a mount namespace), IPC and host name; the
 * network stays shared, since servers call their APIs. `--kill-child` ends the server when
 * unshare is killed. Without root, a user namespace (mapping the user to root inside it) is
 * what allows the others.
 */
function namespaceArgs(): string[] {
  const args = ['--pid', '--fork', '--kill-child', '--mount-proc', '--ipc', '--uts'];
  if (process.getuid?.() !== 0) args.unshift('--user', '--map-root-user');
  return args;
}

function findCommand(name: string, searchPath: string, setting: string): string {
  for (const folder of searchPath.split(path.delimiter)) {
    if (!folder) continue;
    const candidate = path.join(folder, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  throw new Error(
    `${setting} needs the ${name} command (util-linux), which is not on PATH; install util-linux or set SATELLITE_SANDBOX=off`,
  );
}

function probe(sandbox: Sandbox, searchPath: string, setting: string): void {
  const { command, args } = sandbox.wrap('true', []);
  const result = spawnSync(command, args, {
    env: { PATH: searchPath },
    encoding: 'utf8',
    timeout: PROBE_TIMEOUT_MS,
  });
  if (result.status === 0) return;
  const why = (result.stderr || result.error?.message || `exit ${String(result.status)}`).trim();
  throw new Error(`${setting} does not work on this machine: ${why}`);
}
