// Sandboxed stdio servers (SATELLITE_SANDBOX) with real processes: prlimit's limits as the
// server sees them, namespaces, and a clear failure when the pool is created on a machine
// that cannot provide the sandbox. Linux only: prlimit and unshare are util-linux commands.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UpstreamPool } from '../../../satellite/src/parts.js';
import {
  createUpstreamPool,
  type UpstreamPoolOptions,
} from '../../../satellite/src/servers/pool.js';
import { childrenIndex, readProcessTable, treeOf } from '../../../satellite/src/servers/proc.js';
import { callJson, keyOf, quietLog, Recorder, tempDir } from './helpers.js';
import { limitsEntry, LINUX_ONLY, waitUntilGone } from './limits-helpers.js';

let events: Recorder;
let dataDir: string;
let removeDir: () => Promise<void>;
let pool: UpstreamPool | undefined;

beforeEach(async () => {
  events = new Recorder();
  ({ dir: dataDir, remove: removeDir } = await tempDir());
});

afterEach(async () => {
  await pool?.close();
  pool = undefined;
  await removeDir();
});

function open(options: Partial<UpstreamPoolOptions>): UpstreamPool {
  pool = createUpstreamPool({ dataDir, events, log: quietLog, ...options });
  return pool;
}

const KEY = keyOf('usr_a');

/** A row of /proc/<pid>/limits: its soft and hard values. */
function limitOf(limits: string, name: string): [string, string] {
  const row = limits.split('\n').find((line) => line.startsWith(name));
  if (!row) throw new Error(`no ${name} in ${limits}`);
  const [soft, hard] = row.slice(name.length).trim().split(/\s+/);
  return [soft!, hard!];
}

describe('no sandbox', () => {
  it('is the default: the server runs as its command', async () => {
    const pool = open({});
    await pool.apply(new Map([[KEY, limitsEntry('usr_a')]]));
    const server = await callJson(await pool.get(KEY)!.connect(), 'whoami');
    expect(events.of('mcp.server.started')[0]!.process_id).toBe(server.pid);
  });
});

describe.skipIf(LINUX_ONLY)('sandbox (Linux: util-linux)', () => {
  it('prlimit: the server runs with the open files, processes and core size set', async () => {
    const pool = open({ sandbox: 'prlimit', sandboxOpenFiles: 256, sandboxProcesses: 3000 });
    await pool.apply(new Map([[KEY, limitsEntry('usr_a')]]));
    const client = await pool.get(KEY)!.connect();
    const limits: string = await callJson(client, 'limits');
    expect(limitOf(limits, 'Max open files')).toEqual(['256', '256']);
    expect(limitOf(limits, 'Max processes')).toEqual(['3000', '3000']);
    expect(limitOf(limits, 'Max core file size')).toEqual(['0', '0']);
    // prlimit runs the command in its own place: the pid reported is the server's.
    const server = await callJson(client, 'whoami');
    expect(events.of('mcp.server.started')[0]!.process_id).toBe(server.pid);
  });

  it('namespaces: the server sees only its own processes and is killed whole', async () => {
    const pool = open({
      sandbox: 'namespaces',
      maxMemoryMb: 150,
      sampleIntervalMs: 100,
      restartDelaysMs: [10, 10, 10],
    });
    await pool.apply(new Map([[KEY, limitsEntry('usr_a', { FIXTURE_CHILD_MB: '200' })]]));
    const client = await pool.get(KEY)!.connect();
    // In its own PID namespace the server is process 1 and the satellite is out of sight.
    expect(await callJson(client, 'whoami')).toEqual({ pid: 1 });
    expect(await callJson(client, 'processes')).toEqual(['1']);
    const limits: string = await callJson(client, 'limits');
    expect(limitOf(limits, 'Max core file size')).toEqual(['0', '0']);

    // Measured and killed from outside, where its pids are the machine's.
    const root = events.of('mcp.server.started')[0]!.process_id as number;
    await callJson(client, 'allocate_in_child');
    const [hit] = await events.waitFor('resource.limit.exceeded');
    expect(hit).toMatchObject({ resource_type: 'memory', process_id: root, limit_value: 150 });
    const [crashed] = await events.waitFor('mcp.server.crashed');
    expect(crashed).toMatchObject({ process_id: root, signal: 'SIGKILL', will_restart: true });
    expect(await waitUntilGone(root)).toBe(true);
    await events.waitFor('mcp.server.restarted');
  });

  it('namespaces: stopping the server leaves none of its processes behind', async () => {
    const pool = open({ sandbox: 'namespaces' });
    await pool.apply(new Map([[KEY, limitsEntry('usr_a', { FIXTURE_CHILD_MB: '5' })]]));
    const client = await pool.get(KEY)!.connect();
    await callJson(client, 'allocate_in_child');
    const root = events.of('mcp.server.started')[0]!.process_id as number;
    const table = await readProcessTable();
    const tree = treeOf(root, childrenIndex(table), 64);
    // unshare, the server it forked, and the server's child, which the server leaves behind
    // when it exits: the end of its namespace ends it.
    expect(tree.length).toBeGreaterThanOrEqual(3);
    await pool.close();
    for (const pid of tree) expect(await waitUntilGone(pid)).toBe(true);
  });

  it('refuses to start without the tool, naming it', async () => {
    const empty = await mkdtemp(path.join(os.tmpdir(), 'no-tools-'));
    const saved = process.env.PATH;
    process.env.PATH = empty;
    try {
      expect(() => open({ sandbox: 'prlimit' })).toThrow(
        /SATELLITE_SANDBOX=prlimit needs the prlimit command \(util-linux\), which is not on PATH/,
      );
      expect(() => open({ sandbox: 'namespaces' })).toThrow(/needs the prlimit command/);
    } finally {
      process.env.PATH = saved;
      await rm(empty, { recursive: true, force: true });
    }
  });

  it('refuses to start when the limits cannot be set here', () => {
    // More open files than Linux allows a process (fs.nr_open), even to root.
    expect(() => open({ sandbox: 'prlimit', sandboxOpenFiles: 2_000_000_000 })).toThrow(
      /SATELLITE_SANDBOX=prlimit does not work on this machine: .*prlimit/,
    );
  });
});
