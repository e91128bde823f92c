// Shared pieces of the limits' tests: the limits fixture's entries and process checks that take
// a zombie for dead (a killed child whose parent died too waits for a reaper that, in a
// container, may never come).
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { ServerEntry } from '../../../protocol/satellite.js';
import { fixtureEntry, sleep } from './helpers.js';

export const LIMITS_FIXTURE = fileURLToPath(
  new URL('./fixtures/limits-server.mjs', import.meta.url),
);

/** Tests that read /proc or need util-linux skip elsewhere, saying why. */
export const LINUX_ONLY = process.platform !== 'linux';

/** A member's stdio entry running the limits fixture. */
export function limitsEntry(
  user: string,
  env: Record<string, string> = {},
  team = 'team_acme',
): ServerEntry {
  return { ...fixtureEntry(user, env), args: [LIMITS_FIXTURE], team_id: team };
}

/** Running, and not a zombie. */
export async function running(pid: number): Promise<boolean> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

export async function waitUntilGone(pid: number, timeoutMs = 6000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (await running(pid)) {
    if (Date.now() > deadline) return false;
    await sleep(20);
  }
  return true;
}
