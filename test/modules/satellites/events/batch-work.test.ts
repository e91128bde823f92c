import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../helpers/app.js';
import { json, register, type Account } from '../../../helpers/accounts.js';
import { createServer, installServer } from '../../../helpers/catalogue.js';
import { event, pair, postEvents } from '../../../helpers/satellites.js';
import { serverLogs } from '../../../../src/modules/satellites/events/handlers/server-logs.js';
import { slicesOf } from '../../../../src/modules/satellites/events/work.js';
import type { Prepared } from '../../../../src/modules/satellites/events/validate.js';
import { createGate } from '../../../../src/lib/gate.js';

// The work one event batch may cause is bounded (docs/security.md, "Event batches"): calls per
// request log event, rows per batch, bytes per batch, rows per second per satellite and per team,
// batches at once; and a large batch is applied in slices.

interface World {
  t: TestApp;
  alice: Account;
  teamId: string;
  installation: string;
  sat: Awaited<ReturnType<typeof pair>>;
}

async function world(env: Record<string, string>): Promise<World> {
  const t = await createTestApp({ env });
  const root = await register(t.app, 'root');
  const alice = await register(t.app, 'alice');
  const teamId = (
    await t.app.inject({ url: '/api/teams/me/default', headers: alice.headers })
  ).json().data.team.id as string;
  const sat = await pair(t.app, alice.headers, { scope: 'team', team_id: teamId }, 'sat-a');
  await createServer(t.app, root.headers, { name: 'Clock' });
  const installed = await installServer(t.app, teamId, alice.headers, { server_id: 'clock' });
  return { t, alice, teamId, installation: installed.id, sat };
}

let sequence = 0;
/** A batched request log event of `calls` calls, each distinct. */
function calls(w: World, count: number, filler = '') {
  sequence += 1;
  return event(
    'mcp.request.logs',
    {
      installation_id: w.installation,
      team_id: w.teamId,
      requests: Array.from({ length: count }, (_, i) => ({
        user_id: w.alice.id,
        tool_name: `tool-${sequence}-${i}`,
        tool_params: { filler },
        response_time_ms: 1,
        success: true,
      })),
    },
    new Date(Date.UTC(2026, 10, 1) + sequence * 1000).toISOString(),
  );
}

const count = async (w: World, table: string) =>
  Number((await w.t.database.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);

describe('bounds of one batch', () => {
  let w: World;
  beforeAll(async () => {
    w = await world({
      SATELLITE_ROWS_LIMIT_PER_SATELLITE: '0',
      SATELLITE_ROWS_LIMIT_PER_TEAM: '0',
      SATELLITE_EVENT_SLICE_ROWS: '50',
      SATELLITE_EVENT_BATCHES_AT_ONCE: '1',
      SATELLITE_EVENT_BATCHES_WAITING: '0',
      // Remembered for the whole file: no batch waits on the database before the gate.
      SATELLITE_KEY_CACHE_MS: '60000',
    });
  });
  afterAll(async () => w?.t.close());

  it('takes at most 20 calls per request log event, as documented, and writes none of a longer one', async () => {
    const before = await count(w, 'mcp_request_logs');
    const res = await postEvents(w.t.app, w.sat, [calls(w, 20), calls(w, 21), calls(w, 1000)]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ processed: 1, failed: 2 });
    expect(res.json().failures.map((f: { index: number }) => f.index)).toEqual([1, 2]);
    expect(res.json().failures[0].error).toMatch(/requests must NOT have more than 20 items/);
    expect(await count(w, 'mcp_request_logs')).toBe(before + 20);
  });

  it('refuses a body over 4 MiB as `validation` before parsing it', async () => {
    const events = Array.from({ length: 5 }, () => calls(w, 1, 'x'.repeat(900_000)));
    const res = await postEvents(w.t.app, w.sat, events);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatch(/validation/);
  });

  it('refuses a batch that would write more than 5,000 rows whole, writing nothing', async () => {
    const tools = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ name: `t${i}`, description: '' }));
    const discovered = (n: number, second: number) =>
      event(
        'mcp.tools.discovered',
        {
          installation_id: w.installation,
          team_id: w.teamId,
          server_slug: 'clock',
          tool_count: n,
          total_tokens: 0,
          tools: tools(n),
        },
        new Date(Date.UTC(2026, 10, 2, 0, 0, second)).toISOString(),
      );
    const history = await count(w, 'satellite_event_history');
    const res = await postEvents(w.t.app, w.sat, [
      discovered(2000, 1),
      discovered(2000, 2),
      discovered(1500, 3),
    ]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatch(/^validation failed: the batch would write 5503 rows/);
    expect(await count(w, 'satellite_event_history')).toBe(history);
    // Just under the bound is applied.
    const fits = await postEvents(w.t.app, w.sat, [discovered(2000, 4), discovered(2000, 5)]);
    expect(fits.statusCode, fits.body).toBe(200);
    expect(fits.json()).toMatchObject({ processed: 2, failed: 0 });
  });

  it('applies a large batch in slices with the same answer, and a resent one once', async () => {
    const before = await count(w, 'mcp_request_logs');
    const events = Array.from({ length: 100 }, () => calls(w, 20));
    const res = await postEvents(w.t.app, w.sat, events);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ processed: 100, failed: 0 });
    const ids = res.json().event_ids as string[];
    expect(new Set(ids).size).toBe(100);
    expect(await count(w, 'mcp_request_logs')).toBe(before + 2000);
    const again = await postEvents(w.t.app, w.sat, events);
    expect(again.json()).toMatchObject({ processed: 100, failed: 0, event_ids: ids });
    expect(await count(w, 'mcp_request_logs')).toBe(before + 2000);
  });

  it('lets one batch at a time in here and refuses another while none may wait', async () => {
    // The database is held, so the batch let in cannot finish before the other one arrives:
    // on PostgreSQL a lock keeps out writes to the history every batch writes to, on PGlite
    // (one connection) an open transaction keeps out every other statement. Nothing before the
    // gate needs the database once the satellite's key is remembered (the warm-up below), so
    // whichever batch comes second is refused while the first waits inside.
    expect((await postEvents(w.t.app, w.sat, [calls(w, 1)])).statusCode).toBe(200);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const holder = w.t.database.db.orm.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE satellite_event_history IN EXCLUSIVE MODE`);
      holding();
      await released;
    });
    await held;
    const answers = [
      postEvents(
        w.t.app,
        w.sat,
        Array.from({ length: 10 }, () => calls(w, 20)),
      ),
      postEvents(w.t.app, w.sat, [calls(w, 20)]),
    ];
    try {
      // The refused one answers while the other is still held (without a gate, both would
      // wait for the database: the bound below turns that into a failure, not a hang).
      const refused = await Promise.race([...answers, delay(15_000, null, { ref: false })]);
      if (!refused) throw new Error('neither batch was refused while the database was held');
      expect(refused.statusCode, refused.body).toBe(429);
      expect(refused.json().error).toMatch(/rate limit/);
      expect(refused.headers['retry-after']).toBeDefined();
    } finally {
      release();
      await holder;
    }
    const statuses = (await Promise.all(answers)).map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 429]);
    // Once the first is done, the next is let in.
    expect((await postEvents(w.t.app, w.sat, [calls(w, 1)])).statusCode).toBe(200);
  });
});

describe('rows written per second', () => {
  const batch = (w: World) => Array.from({ length: 40 }, () => calls(w, 20)); // 40 × 21 = 840 rows

  it('are charged per satellite; one that owes rows is refused before its body is read', async () => {
    const w = await world({
      SATELLITE_ROWS_LIMIT_PER_SATELLITE: '100',
      SATELLITE_ROWS_LIMIT_PER_TEAM: '0',
      SATELLITE_EVENT_BATCH_MAX_ROWS: '1000',
    });
    try {
      // A bucket of 1,000 rows: the first batch fits, the second is let in on what is left and
      // leaves the satellite 680 rows in debt, 6.8 s at 100 rows per second.
      expect((await postEvents(w.t.app, w.sat, batch(w))).statusCode).toBe(200);
      expect((await postEvents(w.t.app, w.sat, batch(w))).statusCode).toBe(200);
      const before = await count(w, 'mcp_request_logs');
      const refused = await postEvents(w.t.app, w.sat, batch(w));
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toMatch(/rate limit/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(5);
      expect(await count(w, 'mcp_request_logs')).toBe(before);
      // Not parsed: a body that is not even JSON gets the same answer, not a 400.
      const unread = await w.t.app.inject({
        method: 'POST',
        url: `/api/satellites/${w.sat.id}/events`,
        headers: { ...json, ...w.sat.headers },
        payload: '{"events": [',
      });
      expect(unread.statusCode).toBe(429);
    } finally {
      await w.t.close();
    }
  });

  it('are charged per team, whichever of its satellites sends them', async () => {
    const w = await world({
      SATELLITE_ROWS_LIMIT_PER_SATELLITE: '0',
      SATELLITE_ROWS_LIMIT_PER_TEAM: '100',
      SATELLITE_EVENT_BATCH_MAX_ROWS: '1000',
    });
    try {
      const other = await pair(
        w.t.app,
        { ...json, ...w.alice.headers },
        { scope: 'team', team_id: w.teamId },
        'sat-b',
      );
      expect((await postEvents(w.t.app, w.sat, batch(w))).statusCode).toBe(200);
      expect((await postEvents(w.t.app, w.sat, batch(w))).statusCode).toBe(200);
      const refused = await postEvents(w.t.app, other, batch(w));
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toMatch(/rate limit/);
    } finally {
      await w.t.close();
    }
  });
});

describe('slices', () => {
  // A server log event writes one row per line (at most 100) besides its history entry.
  const weighing = (lines: number[]) =>
    lines.map((n, index): Prepared => ({
      index,
      type: serverLogs.type,
      handler: serverLogs,
      data: { logs: Array.from({ length: n }, () => 'line') },
    }));

  it('keep order, never split an event, and stay within the rows given', () => {
    const slices = slicesOf(weighing([9, 9, 9, 39, 1, 1, 99, 1]), {
      sliceRows: 25,
      sliceBytes: 1e9,
    });
    expect(slices.map((s) => s.map((e) => e.index))).toEqual([[0, 1], [2], [3], [4, 5], [6], [7]]);
  });
});

describe('slices by size', () => {
  it('also end where the data would pass the characters given, a large event alone', () => {
    const sized = [100, 100, 300, 10, 10].map((size, index): Prepared => ({
      index,
      type: serverLogs.type,
      handler: serverLogs,
      data: { logs: ['line'] },
      size,
    }));
    const slices = slicesOf(sized, { sliceRows: 1000, sliceBytes: 250 });
    expect(slices.map((s) => s.map((e) => e.index))).toEqual([[0, 1], [2], [3, 4]]);
  });
});

describe('the gate', () => {
  it('runs in order, at most n at once, and refuses beyond its queue', async () => {
    const gate = createGate(1, 1, () => new Error('full'));
    const order: number[] = [];
    let release!: () => void;
    const first = gate.run(
      () =>
        new Promise<void>((resolve) => {
          release = () => {
            order.push(1);
            resolve();
          };
        }),
    );
    const second = gate.run(async () => {
      order.push(2);
    });
    await expect(gate.run(async () => undefined)).rejects.toThrow('full');
    expect(gate.waiting).toBe(1);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual([1, 2]);
    expect(gate.waiting).toBe(0);
  });
});
