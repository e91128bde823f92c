// The memory and CPU limits of stdio servers, with real processes: the watchdog samples each
// server's process tree in /proc (Linux only; elsewhere the limits are not enforced).
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UpstreamPool } from '../../../satellite/src/parts.js';
import { CpuEpisodes, CpuWindow } from '../../../satellite/src/servers/cpu-window.js';
import {
  createUpstreamPool,
  type UpstreamPoolOptions,
} from '../../../satellite/src/servers/pool.js';
import { callJson, keyOf, quietLog, Recorder, sleep, tempDir } from './helpers.js';
import { limitsEntry, LINUX_ONLY, running, waitUntilGone } from './limits-helpers.js';

let events: Recorder;
let dataDir: string;
let removeDir: () => Promise<void>;
let pool: UpstreamPool | undefined;
/** Children the fixture started: killed after each test, whatever its outcome. */
const children: number[] = [];

beforeEach(async () => {
  events = new Recorder();
  ({ dir: dataDir, remove: removeDir } = await tempDir());
});

afterEach(async () => {
  await pool?.close();
  pool = undefined;
  for (const pid of children.splice(0)) killQuietly(pid);
  await removeDir();
});

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // gone already
  }
}

/** `allocate_in_child`, its child remembered for the clean-up. */
async function allocateInChild(client: Client): Promise<{ pid: number }> {
  const child = await callJson(client, 'allocate_in_child');
  children.push(child.pid);
  return child;
}

function open(options: Partial<UpstreamPoolOptions>): UpstreamPool {
  pool = createUpstreamPool({ dataDir, events, log: quietLog, ...options });
  return pool;
}

const KEY = keyOf('usr_a');
const ofType = (type: string) => (data: Record<string, unknown>) => data.resource_type === type;

describe('the CPU window', () => {
  it('averages a tree’s CPU over a whole window, counting processes that come and go', () => {
    const window = new CpuWindow(1000);
    expect(window.add(0, new Map([[10, 500]]))).toBeUndefined();
    // 50 ticks (0.5 s) in 0.5 s, but half a window is no verdict yet.
    expect(window.add(500, new Map([[10, 550]]))).toBeUndefined();
    // A child appeared with 30 ticks, the parent used 20 more: 100 ticks in 1 s.
    expect(
      window.add(
        1000,
        new Map([
          [10, 570],
          [11, 30],
        ]),
      ),
    ).toBe(100);
    // The child exited and its time stays counted. The oldest sample kept is the newest at
    // least a window old (500): 70 ticks over [500, 1500].
    expect(window.add(1500, new Map([[10, 590]]))).toBe(70);
  });
});

describe.skipIf(LINUX_ONLY)('memory (Linux: /proc)', () => {
  it('kills a tree over the satellite’s memory limit, reports it, and restarts it as after a crash', async () => {
    const pool = open({ maxMemoryMb: 150, sampleIntervalMs: 100, restartDelaysMs: [10, 10, 10] });
    // The server itself stays small: only its child goes over, so the tree must be measured.
    await pool.apply(new Map([[KEY, limitsEntry('usr_a', { FIXTURE_CHILD_MB: '200' })]]));
    const client = await pool.get(KEY)!.connect();
    const server = await callJson(client, 'whoami');
    const child = await allocateInChild(client);

    const [hit] = await events.waitFor('resource.limit.exceeded');
    expect(hit).toMatchObject({
      team_id: 'team_acme',
      resource_type: 'memory',
      limit_value: 150,
      action: 'killed',
      process_id: server.pid,
      server_slug: KEY,
      user_id: 'usr_a',
    });
    expect(hit!.current_value).toBeGreaterThan(150);
    expect(await waitUntilGone(child.pid)).toBe(true);
    expect(await waitUntilGone(server.pid)).toBe(true);

    const [crashed] = await events.waitFor('mcp.server.crashed');
    expect(crashed).toMatchObject({
      process_id: server.pid,
      signal: 'SIGKILL',
      crash_count: 1,
      will_restart: true,
    });
    const [restarted] = await events.waitFor('mcp.server.restarted');
    expect(restarted!.old_process_id).toBe(server.pid);
    const lines = events.of('mcp.server.logs').flatMap((data) => data.logs as any[]);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message: expect.stringMatching(
          /killed the server's processes: memory .* over the limit of 150 MB/,
        ),
      }),
    );
    expect(events.of('resource.limit.exceeded')).toHaveLength(1);
  });

  it('takes an entry’s own maxMemoryMb over the satellite’s', async () => {
    const pool = open({ maxMemoryMb: 4096, sampleIntervalMs: 100, restartDelaysMs: [10, 10, 10] });
    const entry = { ...limitsEntry('usr_a', { FIXTURE_CHILD_MB: '200' }), maxMemoryMb: 120 };
    await pool.apply(new Map([[KEY, entry]]));
    const client = await pool.get(KEY)!.connect();
    const child = await allocateInChild(client);
    const [hit] = await events.waitFor('resource.limit.exceeded');
    expect(hit).toMatchObject({ resource_type: 'memory', limit_value: 120 });
    expect(await waitUntilGone(child.pid)).toBe(true);
  });

  it('leaves a tree under its limit alone', async () => {
    const pool = open({ maxMemoryMb: 1024, sampleIntervalMs: 100 });
    await pool.apply(new Map([[KEY, limitsEntry('usr_a', { FIXTURE_CHILD_MB: '20' })]]));
    const client = await pool.get(KEY)!.connect();
    const child = await allocateInChild(client);
    await sleep(600);
    expect(events.of('resource.limit.exceeded')).toEqual([]);
    expect(await running(child.pid)).toBe(true);
  });
});

describe('CPU episodes', () => {
  it('are reported once when the average goes over the limit, again only after it fell below 80 %', () => {
    const episodes = new CpuEpisodes(30);
    const reports = [10, 31, 90, 95, 26, 35, 20, 25, 40].map((percent) => episodes.starts(percent));
    expect(reports).toEqual([false, true, false, false, false, false, false, false, true]);
  });
});

describe.skipIf(LINUX_ONLY)('CPU (Linux: /proc)', () => {
  it('reports a server over the CPU limit and lowers the priority of its every thread', async () => {
    const pool = open({ maxCpuPercent: 30, cpuWindowMs: 500, sampleIntervalMs: 100 });
    await pool.apply(new Map([[KEY, limitsEntry('usr_a', { FIXTURE_SPIN_MS: '1500' })]]));
    const client = await pool.get(KEY)!.connect();
    const server = await callJson(client, 'whoami');
    expect(await callJson(client, 'threads_nice')).not.toContain(19);
    await callJson(client, 'spin');

    const [hit] = await events.waitFor('resource.limit.exceeded', 1, ofType('cpu'));
    expect(hit).toMatchObject({
      team_id: 'team_acme',
      resource_type: 'cpu',
      limit_value: 30,
      action: 'priority_lowered',
      process_id: server.pid,
      server_slug: KEY,
    });
    expect(hit!.current_value).toBeGreaterThan(30);
    // Linux keeps a nice value per thread: all of them, not only the main one, are lowered.
    const nice: number[] = await callJson(client, 'threads_nice');
    expect(nice.length).toBeGreaterThan(1);
    expect(new Set(nice)).toEqual(new Set([19]));

    // Not killed: it keeps answering, at a lower priority.
    expect(await callJson(client, 'whoami')).toEqual(server);
    expect(events.of('mcp.server.crashed')).toEqual([]);
    const lines = events.of('mcp.server.logs').flatMap((data) => data.logs as any[]);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        message: expect.stringMatching(/over the limit of 30%; the server's priority is lowered/),
      }),
    );
  });
});
