// The caps on running stdio processes, per satellite and per team, with real processes: a start
// over a cap stops the least recently used idle process of its scope, or is refused.
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UpstreamPool } from '../../../satellite/src/parts.js';
import {
  createUpstreamPool,
  type UpstreamPoolOptions,
} from '../../../satellite/src/servers/pool.js';
import { alive, callJson, keyOf, quietLog, Recorder, tempDir, waitUntilDead } from './helpers.js';
import { limitsEntry } from './limits-helpers.js';
import { active, connectClient, startHarness } from '../mcp/helpers.js';

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

const A = keyOf('usr_a');
const B = keyOf('usr_b');
const C = keyOf('usr_c');

async function pidOf(pool: UpstreamPool, key: string): Promise<number> {
  return (await callJson(await pool.get(key)!.connect(), 'whoami')).pid;
}

describe('process limits', () => {
  it('stops the least recently used idle process to start one over the satellite’s limit', async () => {
    const pool = open({ maxProcesses: 2 });
    await pool.apply(
      new Map([
        [A, limitsEntry('usr_a')],
        [B, limitsEntry('usr_b', {}, 'team_other')],
        [C, limitsEntry('usr_c')],
      ]),
    );
    const a = await pidOf(pool, A);
    const b = await pidOf(pool, B);
    const c = await pidOf(pool, C);

    expect(events.of('resource.limit.exceeded')).toEqual([
      expect.objectContaining({
        team_id: 'team_acme',
        resource_type: 'processes',
        current_value: 3,
        limit_value: 2,
        scope: 'satellite',
        action: 'stopped_idle',
        server_slug: C,
        stopped_server_slug: A,
      }),
    ]);
    expect(events.of('mcp.server.dormant')).toEqual([
      expect.objectContaining({ server_slug: A, process_id: a }),
    ]);
    expect(await waitUntilDead(a)).toBe(true);
    expect(alive(b) && alive(c)).toBe(true);
    expect(events.of('mcp.server.crashed')).toEqual([]);

    // The stopped one starts again on its next use, and B is now the least recently used.
    await pidOf(pool, A);
    expect(events.of('mcp.server.respawned')).toEqual([
      expect.objectContaining({ server_slug: A }),
    ]);
    expect(events.of('mcp.server.dormant').at(-1)).toMatchObject({ server_slug: B });
    expect(await waitUntilDead(b)).toBe(true);
  });

  it('refuses a start over the team’s limit while its processes are busy; other teams are not counted', async () => {
    const pool = open({ maxProcessesPerTeam: 1 });
    await pool.apply(
      new Map([
        [A, limitsEntry('usr_a', { FIXTURE_SLEEP_MS: '1500' })],
        [B, limitsEntry('usr_b')],
        [C, limitsEntry('usr_c', {}, 'team_other')],
      ]),
    );
    const a = await pidOf(pool, A);
    const call = callJson(await pool.get(A)!.connect(), 'sleep');

    const refused = pool.get(B)!.connect();
    await expect(refused).rejects.toMatchObject({
      code: ErrorCode.InternalError,
      message: expect.stringMatching(
        /team's servers on this satellite already run 1 processes.*none of them is idle/,
      ),
    });
    expect(events.of('resource.limit.exceeded')).toEqual([
      expect.objectContaining({
        team_id: 'team_acme',
        resource_type: 'processes',
        current_value: 2,
        limit_value: 1,
        scope: 'team',
        action: 'refused',
        server_slug: B,
      }),
    ]);
    expect(pool.get(B)!.available).toBe(true);

    // Another team has a place of its own.
    await pidOf(pool, C);
    expect(await call).toBe('slept');
    expect(alive(a)).toBe(true);

    // A's call is over: it is idle, and makes room for B.
    await pidOf(pool, B);
    expect(events.of('mcp.server.dormant')).toEqual([
      expect.objectContaining({ server_slug: A, process_id: a }),
    ]);
    expect(events.of('resource.limit.exceeded').at(-1)).toMatchObject({
      scope: 'team',
      action: 'stopped_idle',
      stopped_server_slug: A,
    });
  });

  it('answers an MCP client whose server may not start with the reason', async () => {
    const pool = open({ maxProcesses: 1 });
    await pool.apply(
      new Map([
        [A, limitsEntry('usr_a', { FIXTURE_SLEEP_MS: '1500' }, 'team_1')],
        [B, limitsEntry('usr_b', {}, 'team_1')],
      ]),
    );
    // B's tools are listed once, then B makes room for A: its tools stay known while dormant.
    await pool.get(B)!.tools();
    const call = callJson(await pool.get(A)!.connect(), 'sleep');
    const harness = await startHarness(pool, { token_b: active('usr_b') });
    try {
      const client = await connectClient(harness, 'token_b');
      const { tools } = await client.listTools();
      const whoami = tools.find((tool) => tool.name.endsWith('whoami'))!;
      const failure = await client.callTool({ name: whoami.name, arguments: {} }).then(
        (result) => JSON.stringify(result),
        (error: unknown) => String(error),
      );
      expect(failure).toMatch(
        /This satellite already runs 1 server processes, the most it allows, and none of them is idle/,
      );
      await client.close();
    } finally {
      await harness.close();
    }
    expect(await call).toBe('slept');
  });
});
