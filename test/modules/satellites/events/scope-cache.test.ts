import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unnamedStatements } from '../../../../src/db/prepared.js';
import { createScopeCache } from '../../../../src/modules/satellites/events/scope-cache.js';
import { readScope } from '../../../../src/modules/satellites/events/scope.js';
import { json, register, type Account } from '../../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../../helpers/app.js';
import { createServer } from '../../../helpers/catalogue.js';
import { manualClock } from '../../../helpers/clock.js';
import { usingPostgres } from '../../../helpers/database.js';
import { secondReplica, within } from '../../../helpers/replicas.js';
import { event, pair, postEvents } from '../../../helpers/satellites.js';

const installation = (id: string) => ({
  id,
  teamId: 'team_1',
  name: 'clock',
  satelliteId: null,
  settings: { request_logging_enabled: false },
});

describe('the scope cache', () => {
  it('remembers what exists, for heldMs, only while signals are heard', () => {
    const clock = manualClock(new Date('2026-11-23T10:00:00Z'));
    let hearing = true;
    const cache = createScopeCache({ heldMs: 60_000, clock, hearing: () => hearing });
    cache.remember(cache.epoch(), {
      installations: [installation('inst_1')],
      instances: [['inst_1\u0000usr_1', 'ins_1']],
      members: ['team_1\u0000usr_1'],
    });
    expect(cache.installation('inst_1')?.id).toBe('inst_1');
    expect(cache.instance('inst_1\u0000usr_1')).toBe('ins_1');
    expect(cache.member('team_1\u0000usr_1')).toBe(true);
    expect(cache.member('team_1\u0000usr_2')).toBe(false);
    hearing = false;
    expect(cache.installation('inst_1')).toBeUndefined();
    hearing = true;
    clock.advance(60);
    expect(cache.installation('inst_1')).toBeUndefined();
    expect(cache.instance('inst_1\u0000usr_1')).toBeUndefined();
  });

  it('does not remember a read that began before a forget', () => {
    const cache = createScopeCache({ heldMs: 60_000, clock: manualClock(), hearing: () => true });
    const epoch = cache.epoch();
    cache.forgetAll();
    cache.remember(epoch, { installations: [installation('inst_1')], instances: [], members: [] });
    expect(cache.installation('inst_1')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('does not remember while signals are not heard, nor with heldMs 0', () => {
    for (const [heldMs, heard] of [
      [60_000, false],
      [0, true],
    ] as const) {
      const cache = createScopeCache({ heldMs, clock: manualClock(), hearing: () => heard });
      cache.remember(cache.epoch(), {
        installations: [installation('inst_1')],
        instances: [],
        members: [],
      });
      expect(cache.size).toBe(0);
    }
  });
});

describe('readScope', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('takes any text as an id (the lists travel as arrays) and finds nothing unknown', async () => {
    const odd = ['a"b', 'c\\d', 'e,f', '{g}', 'NULL', ' h '];
    const scope = await readScope(t.database.db.orm, unnamedStatements, {
      installationIds: odd,
      pairs: odd.map((id) => ({ installationId: id, userId: id })),
      members: odd.map((id) => ({ teamId: id, userId: id })),
    });
    expect([...scope.installations.entries()]).toEqual(odd.map((id) => [id, null]));
    expect(scope.instances.size).toBe(0);
    expect(scope.members.size).toBe(0);
  });
});

interface World {
  alice: Account;
  bob: Account;
  teamA: string;
  instA: string;
  satA: Awaited<ReturnType<typeof pair>>;
  satA2: Awaited<ReturnType<typeof pair>>;
}

/** Team A (alice, and bob as member) with an installation and two team satellites. */
async function buildWorld(t: TestApp): Promise<World> {
  const root = await register(t.app, 'root');
  const alice = await register(t.app, 'alice');
  const bob = await register(t.app, 'bob');
  const teamA = (
    await t.app.inject({ url: '/api/teams/me/default', headers: alice.headers })
  ).json().data.team.id;
  const added = await t.app.inject({
    method: 'POST',
    url: `/api/teams/${teamA}/members`,
    headers: { ...json, ...alice.headers },
    payload: { login: 'bob' },
  });
  expect(added.statusCode, added.body).toBe(201);
  const satA = await pair(t.app, alice.headers, { scope: 'team', team_id: teamA }, 'sat-a');
  const satA2 = await pair(t.app, alice.headers, { scope: 'team', team_id: teamA }, 'sat-a2');
  await createServer(t.app, root.headers, { name: 'Clock' });
  const created = await t.app.inject({
    method: 'POST',
    url: `/api/teams/${teamA}/mcp/installations`,
    headers: { ...json, ...alice.headers },
    payload: { server_id: 'clock', satellite_id: satA.id },
  });
  expect(created.statusCode, created.body).toBe(201);
  return { alice, bob, teamA, instA: created.json().data.installation.id, satA, satA2 };
}

let sequence = 0;
/** A usage event for the installation, with a timestamp of its own (never a resent one). */
const executed = (w: World, user: Account) =>
  event(
    'mcp.tool.executed',
    {
      tool_name: 'now',
      server_id: w.instA,
      team_id: w.teamA,
      duration_ms: 3,
      success: true,
      user_id: user.id,
    },
    new Date(Date.UTC(2026, 10, 23, 8, 0, 0, sequence++)).toISOString(),
  );
const activity = (w: World, user: Account) =>
  event(
    'mcp.client.activity',
    {
      user_id: user.id,
      team_id: w.teamA,
      oauth_client_id: 'client-vscode',
      client_name: 'VS Code',
      request_count: 1,
      tool_call_count: 0,
      last_activity_at: '2026-11-23T08:00:00.000Z',
    },
    new Date(Date.UTC(2026, 10, 23, 9, 0, 0, sequence++)).toISOString(),
  );

async function send(t: TestApp, satellite: World['satA'], events: unknown[]) {
  const res = await postEvents(t.app, satellite, events);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { processed: number; failures?: Array<{ error: string }> };
}

const reassign = (t: TestApp, w: World, satelliteId: string | null) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/teams/${w.teamA}/mcp/installations/${w.instA}`,
    headers: { ...json, ...w.alice.headers },
    payload: { satellite_id: satelliteId },
  });

describe('on the replica that serves the change', () => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    t = await createTestApp({ env: { SATELLITE_SCOPE_CACHE_MS: '600000' } });
    w = await buildWorld(t);
  });
  afterAll(async () => t?.close());

  it('refuses the next batch of a satellite the installation was taken from', async () => {
    expect((await send(t, w.satA, [executed(w, w.alice)])).processed).toBe(1);
    expect((await reassign(t, w, w.satA2.id)).statusCode).toBe(200);
    const refused = await send(t, w.satA, [executed(w, w.alice)]);
    expect(refused.failures?.[0]?.error).toBe(
      `installation ${w.instA} is assigned to another satellite`,
    );
    expect((await send(t, w.satA2, [executed(w, w.alice)])).processed).toBe(1);
    expect((await reassign(t, w, w.satA.id)).statusCode).toBe(200);
  });

  it('refuses the next batch naming a member who was removed', async () => {
    const accepted = await send(t, w.satA, [executed(w, w.bob), activity(w, w.bob)]);
    expect(accepted.processed, JSON.stringify(accepted.failures)).toBe(2);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/teams/${w.teamA}/members/${w.bob.id}`,
      headers: w.alice.headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const refused = await send(t, w.satA, [executed(w, w.bob), activity(w, w.bob)]);
    expect(refused.processed).toBe(0);
    expect(refused.failures).toHaveLength(2);
  });
});

describe.skipIf(!usingPostgres())('across replicas (PostgreSQL)', () => {
  let a: TestApp;
  let b: TestApp;
  let w: World;
  beforeAll(async () => {
    // Remembered for 10 minutes: only the signal can make replica B see a change in time.
    const env = { SATELLITE_SCOPE_CACHE_MS: '600000' };
    a = await createTestApp({ env });
    b = await secondReplica(a, env);
    w = await buildWorld(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('another replica refuses a batch once it hears the installation was reassigned', async () => {
    expect((await send(b, w.satA, [executed(w, w.alice)])).processed).toBe(1);
    expect((await reassign(a, w, w.satA2.id)).statusCode).toBe(200);
    await within(async () => (await send(b, w.satA, [executed(w, w.alice)])).processed === 0, 2000);
    expect((await reassign(a, w, w.satA.id)).statusCode).toBe(200);
    await within(async () => (await send(b, w.satA, [executed(w, w.alice)])).processed === 1, 2000);
  });

  it('another replica answers "does not exist" once it hears the installation was deleted', async () => {
    expect((await send(b, w.satA, [executed(w, w.alice)])).processed).toBe(1);
    const deleted = await a.app.inject({
      method: 'DELETE',
      url: `/api/teams/${w.teamA}/mcp/installations/${w.instA}`,
      headers: w.alice.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    let last: Awaited<ReturnType<typeof send>> | undefined;
    await within(async () => {
      last = await send(b, w.satA, [executed(w, w.alice)]);
      return last.processed === 0;
    }, 2000);
    expect(last!.failures?.[0]?.error).toBe(
      `installation ${w.instA} does not exist in team ${w.teamA}`,
    );
  });
});
