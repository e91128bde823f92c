// What a stdio server's process sees of the machine: its own folder and its own variables.
import { createHash } from 'node:crypto';
import { chmod, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { ServerEntry } from '../../../protocol/satellite.js';

/**
 * `<dataDir>/instances/<safe key>`, created private (0700). The key is made safe for a file
 * name and a short hash of the original keeps two keys that only differ in unsafe characters
 * apart.
 */
export async function instanceFolder(dataDir: string, key: string): Promise<string> {
  const safe = key
    .replace(/[^A-Za-z0-9_.-]+/g, '_')
    .replace(/^\.+/, '_')
    .slice(0, 100);
  const hash = createHash('sha256').update(key).digest('hex').slice(0, 8);
  const folder = path.join(dataDir, 'instances', `${safe}-${hash}`);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  // mkdir's mode is filtered by the umask and ignored for a folder that already exists.
  await chmod(folder, 0o700);
  return folder;
}

/**
 * The child's whole environment: the entry's variables over a minimal base. Nothing else of the
 * satellite's own environment is passed on: it holds the service's secrets (its database URL,
 * keys, DATA_DIR), and one member's server must not read them nor another member's credentials.
 * HOME is the instance's own folder so that whatever a server caches under ~ stays its own.
 *
 * The SDK's StdioClientTransport merges its own short list under this (HOME, LOGNAME, PATH,
 * SHELL, TERM, USER on POSIX): those are not secrets, and HOME and PATH are overridden here.
 */
export function childEnvironment(
  entry: ServerEntry,
  home: string,
  maxMemoryMb: number | undefined,
): Record<string, string> {
  const base: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: home };
  if (process.env.LANG !== undefined) base.LANG = process.env.LANG;
  if (process.platform === 'win32') {
    const root = process.env.SystemRoot ?? process.env.SYSTEMROOT;
    if (root !== undefined) base.SystemRoot = root;
    base.USERPROFILE = home;
  }
  const env = { ...base, ...entry.env };
  const limit = memoryLimitOf(entry) ?? maxMemoryMb;
  if (limit !== undefined && isNodeCommand(entry.command)) {
    // A heap limit only means something to V8, so only `node` and `npx` servers get one, through
    // NODE_OPTIONS (npx hands it on to the node it starts): V8 then collects harder and fails
    // with its own message before the watchdog (watchdog.ts) kills the whole process tree for
    // its resident memory, which holds for every runtime, on Linux.
    const flag = `--max-old-space-size=${Math.floor(limit)}`;
    env.NODE_OPTIONS = env.NODE_OPTIONS ? `${env.NODE_OPTIONS} ${flag}` : flag;
  }
  return env;
}

/** `maxMemoryMb` of an entry, a field Groundstation's configuration may add (not typed yet). */
export function memoryLimitOf(entry: ServerEntry): number | undefined {
  const value: unknown = Reflect.get(entry, 'maxMemoryMb');
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

function isNodeCommand(command: string | undefined): boolean {
  if (command === undefined) return false;
  const name = path
    .basename(command)
    .toLowerCase()
    .replace(/\.(exe|cmd)$/, '');
  return name === 'node' || name === 'npx';
}
