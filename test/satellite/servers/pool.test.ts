// The upstream pool with real stdio processes: per-member processes and environments, tools
// cached, idling, crashes, and configuration changes.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ServerEntry } from '../../../protocol/satellite.js';
import type { UpstreamPool } from '../../../satellite/src/parts.js';
import {
  createUpstreamPool,
  type UpstreamPoolOptions,
} from '../../../satellite/src/servers/pool.js';
import {
  alive,
  callJson,
  EVERYTHING,
  fixtureEntry,
  keyOf,
  quietLog,
  Recorder,
  tempDir,
  waitUntilDead,
} from './helpers.js';

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

function open(options: Partial<UpstreamPoolOptions> = {}): UpstreamPool {
  pool = createUpstreamPool({ dataDir, events, log: quietLog, ...options });
  return pool;
}

const entries = (list: Array<[string, ServerEntry]>) => new Map(list);

describe('member processes', () => {
  it('starts each member’s server on first use, in its own process with its own credentials', async () => {
    // The satellite's own secrets must not reach a member's server.
    process.env.POOL_TEST_SECRET = 'hunter2';
    process.env.DATA_DIR = dataDir;
    try {
      const everything = (user: string): ServerEntry => ({
        ...fixtureEntry(user),
        args: [EVERYTHING, 'stdio'],
      });
      const pool = open();
      await pool.apply(
        entries([
          [keyOf('usr_a'), everything('usr_a')],
          [keyOf('usr_b'), everything('usr_b')],
        ]),
      );
      expect(events.of('mcp.server.started')).toEqual([]);

      const a = await pool.get(keyOf('usr_a'))!.connect();
      const b = await pool.get(keyOf('usr_b'))!.connect();
      const envA = await callJson(a, 'get-env');
      const envB = await callJson(b, 'get-env');
      expect(envA.API_TOKEN).toBe('token-of-usr_a');
      expect(envB.API_TOKEN).toBe('token-of-usr_b');
      for (const env of [envA, envB]) {
        expect(env.POOL_TEST_SECRET).toBeUndefined();
        expect(env.DATA_DIR).toBeUndefined();
        expect(path.dirname(env.HOME)).toBe(path.join(dataDir, 'instances'));
        expect((await stat(env.HOME)).mode & 0o777).toBe(0o700);
      }
      expect(envA.HOME).not.toBe(envB.HOME);

      const started = events.of('mcp.server.started');
      expect(started).toHaveLength(2);
      const [pidA, pidB] = started.map((data) => data.process_id);
      expect(pidA).not.toBe(pidB);
      expect(started[0]).toMatchObject({
        server_id: 'inst_files',
        server_slug: keyOf('usr_a'),
        team_id: 'team_acme',
        user_id: 'usr_a',
        transport: 'stdio',
        tool_count: 0,
      });
      const discovered = events.of('mcp.tools.discovered')[0]!;
      expect(discovered).toMatchObject({
        installation_id: 'inst_files',
        installation_name: keyOf('usr_a'),
        server_slug: 'files',
      });
      const names = (discovered.tools as Array<{ tool_name: string }>).map((t) => t.tool_name);
      expect(names).toContain('get-env');
      expect(discovered.total_tokens).toBeGreaterThan(0);
      expect(events.of('mcp.server.status_changed')).toEqual([
        expect.objectContaining({ user_id: 'usr_a', status: 'online' }),
        expect.objectContaining({ user_id: 'usr_b', status: 'online' }),
      ]);

      expect(pool.ofUser('usr_a', 'team_acme').map((u) => u.key)).toEqual([keyOf('usr_a')]);
      expect(pool.ofUser('usr_a', undefined).map((u) => u.key)).toEqual([keyOf('usr_a')]);
      expect(pool.ofUser('usr_a', 'team_other')).toEqual([]);
      const running = pool.processesByTeam().team_acme ?? [];
      expect(running.map((p) => p.pid).sort()).toEqual([pidA, pidB].sort());
      expect(running[0]).toMatchObject({ status: 'running', installation_name: keyOf('usr_a') });
    } finally {
      delete process.env.POOL_TEST_SECRET;
      delete process.env.DATA_DIR;
    }
  });

  it('starts one process for concurrent first uses', async () => {
    const pool = open();
    await pool.apply(entries([[keyOf('usr_a'), fixtureEntry('usr_a')]]));
    const upstream = pool.get(keyOf('usr_a'))!;
    const [one, two, tools] = await Promise.all([
      upstream.connect(),
      upstream.connect(),
      upstream.tools(),
    ]);
    expect(one).toBe(two);
    expect(tools).toHaveLength(3);
    expect(events.of('mcp.server.started')).toHaveLength(1);
  });

  it('leaves disabled entries out of a member’s upstreams and refuses to start them', async () => {
    const pool = open();
    await pool.apply(entries([[keyOf('usr_a'), { ...fixtureEntry('usr_a'), enabled: false }]]));
    expect(pool.ofUser('usr_a', 'team_acme')).toEqual([]);
    const upstream = pool.get(keyOf('usr_a'))!;
    expect(upstream.available).toBe(false);
    await expect(upstream.connect()).rejects.toThrow(/disabled/);
  });

  it('sends stderr lines as mcp.server.logs events', async () => {
    const pool = open();
    const entry = fixtureEntry('usr_a', { FIXTURE_STDERR_LINES: '5' });
    await pool.apply(entries([[keyOf('usr_a'), entry]]));
    await pool.get(keyOf('usr_a'))!.connect();
    // Batched: sent when 20 lines are together, or after 3 seconds.
    const [logs] = await events.waitFor('mcp.server.logs', 1, () => true, 6000);
    expect(logs).toMatchObject({
      installation_id: 'inst_files',
      team_id: 'team_acme',
      user_id: 'usr_a',
    });
    const lines = logs!.logs as Array<{ level: string; message: string; timestamp: string }>;
    expect(lines.map((line) => line.message)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `line ${n} warning: chatty`),
    );
    expect(lines[0]!.level).toBe('warn');
    expect(Number.isNaN(Date.parse(lines[0]!.timestamp))).toBe(false);
  });

  it('forwards at most 20 stderr lines a second and reports the dropped ones', async () => {
    const pool = open();
    const entry = fixtureEntry('usr_a', { FIXTURE_STDERR_LINES: '50' });
    await pool.apply(entries([[keyOf('usr_a'), entry]]));
    await pool.get(keyOf('usr_a'))!.connect();
    const [report] = await events.waitFor('mcp.server.log_rate_limit_exceeded');
    expect(report).toMatchObject({ installation_id: keyOf('usr_a'), rate_limit: 20 });
    const sent = events.of('mcp.server.logs').flatMap((data) => data.logs as unknown[]);
    expect(sent).toHaveLength(20);
    expect(report!.dropped_count).toBe(30);
  });
});

describe('tools', () => {
  it('caches the tools: listing them again never respawns a dormant process', async () => {
    const pool = open({ idleMs: 400 });
    await pool.apply(entries([[keyOf('usr_a'), fixtureEntry('usr_a')]]));
    const upstream = pool.get(keyOf('usr_a'))!;
    const tools = await upstream.tools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['add_tool', 'crash', 'whoami']);
    expect(events.of('mcp.server.started')).toHaveLength(1);

    await events.waitFor('mcp.server.dormant');
    expect(await upstream.tools()).toEqual(tools);
    expect(events.of('mcp.server.started')).toHaveLength(1);
    expect(pool.processesByTeam()).toEqual({});
  });

  it('lists again when the server says its tools changed', async () => {
    const pool = open();
    await pool.apply(entries([[keyOf('usr_a'), fixtureEntry('usr_a')]]));
    const upstream = pool.get(keyOf('usr_a'))!;
    const client = await upstream.connect();
    await client.callTool({ name: 'add_tool', arguments: {} });
    const [, again] = await events.waitFor('mcp.tools.discovered', 2);
    expect(again!.tool_count).toBe(4);
    expect((await upstream.tools()).map((tool) => tool.name)).toContain('extra');
  });
});

describe('idling', () => {
  it('stops an idle process (dormant) and starts it again on the next connect', async () => {
    const pool = open({ idleMs: 400 });
    await pool.apply(entries([[keyOf('usr_a'), fixtureEntry('usr_a')]]));
    const upstream = pool.get(keyOf('usr_a'))!;
    const first = await callJson(await upstream.connect(), 'whoami');
    const [dormant] = await events.waitFor('mcp.server.dormant');
    expect(dormant).toMatchObject({
      server_id: 'inst_files',
      server_slug: keyOf('usr_a'),
      process_id: first.pid,
      user_id: 'usr_a',
    });
    expect(typeof dormant!.last_activity_at).toBe('string');
    expect(await waitUntilDead(first.pid)).toBe(true);
    expect(upstream.available).toBe(true);

    const second = await callJson(await upstream.connect(), 'whoami');
    expect(second.pid).not.toBe(first.pid);
    const [respawned] = events.of('mcp.server.respawned');
    expect(respawned).toMatchObject({ process_id: second.pid, server_slug: keyOf('usr_a') });
    expect(respawned!.respawn_duration_ms).toEqual(expect.any(Number));
    expect(events.of('mcp.server.started')).toHaveLength(2);
    expect(events.of('mcp.server.crashed')).toEqual([]);
  });

  it('keeps a process in use alive', async () => {
    const pool = open({ idleMs: 500 });
    await pool.apply(entries([[keyOf('usr_a'), fixtureEntry('usr_a')]]));
    const upstream = pool.get(keyOf('usr_a'))!;
    await upstream.connect();
    for (let i = 0; i < 5; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      upstream.touch();
    }
    expect(events.of('mcp.server.dormant')).toEqual([]);
  });
});

describe('crashes', () => {
  it('restarts a crashed server and gives up at the 4th crash', async () => {
    const pool = open({ restartDelaysMs: [10, 10, 10] });
    const entry = fixtureEntry('usr_a', { FIXTURE_EXIT_AFTER_MS: '300' });
    await pool.apply(entries([[keyOf('usr_a'), entry]]));
    const upstream = pool.get(keyOf('usr_a'))!;
    await upstream.connect();
    const [failed] = await events.waitFor('mcp.server.permanently_failed', 1, () => true, 15_000);

    const crashed = events.of('mcp.server.crashed');
    expect(crashed.map((c) => [c.crash_count, c.will_restart, c.exit_code, c.signal])).toEqual([
      [1, true, 3, 'none'],
      [2, true, 3, 'none'],
      [3, true, 3, 'none'],
      [4, false, 3, 'none'],
    ]);
    const restarted = events.of('mcp.server.restarted');
    expect(restarted.map((r) => r.attempt_number)).toEqual([1, 2, 3]);
    restarted.forEach((restart, i) => {
      expect(restart.old_process_id).toBe(crashed[i]!.process_id);
      expect(restart.new_process_id).toBe(crashed[i + 1]!.process_id);
      expect(restart.restart_reason).toBe('crash');
    });
    expect(failed).toMatchObject({ server_slug: keyOf('usr_a'), total_crashes: 4 });
    expect(failed!.last_error).toMatch(/exited with code 3/);
    expect(events.of('mcp.server.status_changed').at(-1)).toMatchObject({
      status: 'permanently_failed',
      user_id: 'usr_a',
    });
    expect(upstream.available).toBe(false);
    await expect(upstream.connect()).rejects.toThrow(/permanently failed/);
    expect(pool.processesByTeam().team_acme).toEqual([
      expect.objectContaining({ status: 'permanently_failed', installation_name: keyOf('usr_a') }),
    ]);
  });

  it('counts a server that dies before the handshake as crashed, with its last stderr line', async () => {
    const pool = open({ restartDelaysMs: [10, 10, 10] });
    const entry = fixtureEntry('usr_a', { FIXTURE_EXIT_AT_START: '2' });
    await pool.apply(entries([[keyOf('usr_a'), entry]]));
    await expect(pool.get(keyOf('usr_a'))!.connect()).rejects.toThrow();
    const [failed] = await events.waitFor('mcp.server.permanently_failed', 1, () => true, 15_000);
    expect(events.of('mcp.server.crashed')[0]).toMatchObject({ exit_code: 2, crash_count: 1 });
    expect(failed!.last_error).toMatch(/fatal: fixture refuses to start/);
    expect(events.of('mcp.server.restarted')).toEqual([]);
  });

  it('restarts a server that crashed on a tool call in a new process', async () => {
    const pool = open({ restartDelaysMs: [10, 10, 10] });
    await pool.apply(entries([[keyOf('usr_a'), fixtureEntry('usr_a')]]));
    const upstream = pool.get(keyOf('usr_a'))!;
    const before = await callJson(await upstream.connect(), 'whoami');
    await callJson(await upstream.connect(), 'crash');
    const [restarted] = await events.waitFor('mcp.server.restarted');
    expect(events.of('mcp.server.crashed')[0]).toMatchObject({
      process_id: before.pid,
      exit_code: 7,
      will_restart: true,
    });
    const after = await callJson(await upstream.connect(), 'whoami');
    expect(after.pid).toBe(restarted!.new_process_id);
    expect(after.pid).not.toBe(before.pid);
  });
});

describe('configuration changes', () => {
  it('stops the process of a removed entry and leaves the others running', async () => {
    const pool = open();
    await pool.apply(
      entries([
        [keyOf('usr_a'), fixtureEntry('usr_a')],
        [keyOf('usr_b'), fixtureEntry('usr_b')],
      ]),
    );
    const a = await callJson(await pool.get(keyOf('usr_a'))!.connect(), 'whoami');
    const b = await callJson(await pool.get(keyOf('usr_b'))!.connect(), 'whoami');

    await pool.apply(entries([[keyOf('usr_b'), fixtureEntry('usr_b')]]));
    expect(events.of('mcp.server.stopped')).toEqual([
      {
        server_id: 'inst_files',
        server_name: keyOf('usr_a'),
        team_id: 'team_acme',
        reason: 'removed',
      },
    ]);
    expect(await waitUntilDead(a.pid)).toBe(true);
    expect(pool.get(keyOf('usr_a'))).toBeUndefined();
    expect(pool.ofUser('usr_a', 'team_acme')).toEqual([]);
    expect(alive(b.pid)).toBe(true);
    expect(events.of('mcp.server.crashed')).toEqual([]);
  });

  it('replaces the process of a changed entry; an unchanged entry keeps its process', async () => {
    const pool = open();
    await pool.apply(
      entries([
        [keyOf('usr_a'), fixtureEntry('usr_a')],
        [keyOf('usr_b'), fixtureEntry('usr_b')],
      ]),
    );
    const a = await callJson(await pool.get(keyOf('usr_a'))!.connect(), 'whoami');
    const b = await callJson(await pool.get(keyOf('usr_b'))!.connect(), 'whoami');

    const changed = { ...fixtureEntry('usr_a'), env: { API_TOKEN: 'rotated' } };
    await pool.apply(
      entries([
        [keyOf('usr_a'), changed],
        [keyOf('usr_b'), fixtureEntry('usr_b')],
      ]),
    );
    expect(events.of('mcp.server.stopped')).toEqual([
      expect.objectContaining({ server_name: keyOf('usr_a'), reason: 'replaced' }),
    ]);
    expect(await waitUntilDead(a.pid)).toBe(true);
    const upstream = pool.get(keyOf('usr_a'))!;
    expect(upstream.entry.env).toEqual({ API_TOKEN: 'rotated' });
    const again = await callJson(await upstream.connect(), 'whoami');
    expect(again.pid).not.toBe(a.pid);
    expect(again.env.API_TOKEN).toBe('rotated');
    const stillB = await callJson(await pool.get(keyOf('usr_b'))!.connect(), 'whoami');
    expect(stillB.pid).toBe(b.pid);
  });

  it('redeploys an installation: its processes stop and its tools are listed again on next use', async () => {
    const pool = open();
    const other = { ...fixtureEntry('usr_a'), installation_id: 'inst_other' };
    await pool.apply(
      entries([
        [keyOf('usr_a'), fixtureEntry('usr_a')],
        [keyOf('usr_b'), fixtureEntry('usr_b')],
        [keyOf('usr_a', 'inst_other'), other],
      ]),
    );
    const a = await callJson(await pool.get(keyOf('usr_a'))!.connect(), 'whoami');
    const keys = await pool.redeploy('inst_files');
    expect(keys.sort()).toEqual([keyOf('usr_a'), keyOf('usr_b')]);
    expect(await waitUntilDead(a.pid)).toBe(true);
    expect(events.of('mcp.server.stopped')).toEqual([
      expect.objectContaining({ server_name: keyOf('usr_a'), reason: 'redeploy' }),
    ]);
    expect(events.of('mcp.tools.discovered')).toHaveLength(1);
    await pool.get(keyOf('usr_a'))!.tools();
    expect(events.of('mcp.tools.discovered')).toHaveLength(2);
    expect(events.of('mcp.server.respawned')).toEqual([]);
  });

  it('close() stops every process', async () => {
    const pool = open();
    await pool.apply(entries([[keyOf('usr_a'), fixtureEntry('usr_a')]]));
    const a = await callJson(await pool.get(keyOf('usr_a'))!.connect(), 'whoami');
    await pool.close();
    expect(alive(a.pid)).toBe(false);
    expect(events.of('mcp.server.stopped')).toEqual([
      expect.objectContaining({ server_name: keyOf('usr_a'), reason: 'shutdown' }),
    ]);
    await expect(pool.apply(new Map())).rejects.toThrow(/closed/);
  });
});
