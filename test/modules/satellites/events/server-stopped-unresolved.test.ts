import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../../helpers/app.js';
import { installServer } from '../../../helpers/catalogue.js';
import { event, pair, postEvents } from '../../../helpers/satellites.js';
import { buildWorld, UNLIMITED_ENV, type World } from '../../../helpers/world.js';

// The satellite reports a stop after the fact: on uninstall the installation is already deleted,
// a member who left the team is no longer one, and server_id may hold the instance id. Such a
// well-formed `mcp.server.stopped` is accepted into the satellite's event history alone (answered
// with its history id, changing no record), while the refusals that keep teams apart stand.

type Sat = World['satT'];
interface HistoryItem {
  id: string;
  installation_id: string | null;
  record_id: string | null;
  data: Record<string, unknown>;
}

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp({ env: UNLIMITED_ENV });
  w = await buildWorld(t);
});
afterAll(async () => t?.close());

let seconds = 0;
/** A timestamp no other event of this file has, so that no event is taken for a resent one. */
const fresh = () => new Date(Date.UTC(2026, 10, 24, 7, 0, seconds++)).toISOString();

async function send(method: string, url: string, payload?: unknown) {
  const res = await t.app.inject({
    method: method as 'POST',
    url,
    headers: payload === undefined ? w.alice.headers : { ...json, ...w.alice.headers },
    payload: payload as string,
  });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
}

/** The map key and instance the satellite's configuration gives a member's entry. */
async function entryOf(satellite: Sat, installationId: string, userId: string) {
  const res = await t.app.inject({
    url: `/api/satellites/${satellite.id}/config`,
    headers: satellite.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  const servers = res.json().mcp_servers as Record<
    string,
    { user_id: string; installation_id: string; instance_id: string }
  >;
  const found = Object.entries(servers).find(
    ([, entry]) => entry.user_id === userId && entry.installation_id === installationId,
  );
  expect(found, JSON.stringify(servers)).toBeDefined();
  return { key: found![0], instanceId: found![1].instance_id };
}

const stopped = (data: Record<string, unknown>) => event('mcp.server.stopped', data, fresh());

/** The member's process as the satellite starts it: the map key in server_slug, the OS pid. */
const started = (installationId: string, key: string, userId: string, pid: number) =>
  event(
    'mcp.server.started',
    {
      server_id: installationId,
      server_slug: key,
      team_id: w.teamId,
      user_id: userId,
      process_id: pid,
      transport: 'stdio',
      tool_count: 0,
      spawn_duration_ms: 100,
    },
    fresh(),
  );

async function sendOk(events: unknown[], satellite: Sat = w.satT) {
  const res = await postEvents(t.app, satellite, events);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json(), res.body).toMatchObject({ processed: events.length, failed: 0 });
  return res.json().event_ids as string[];
}

async function failures(events: unknown[], satellite: Sat = w.satT) {
  const res = await postEvents(t.app, satellite, events);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json(), res.body).toMatchObject({ processed: 0, failed: events.length });
  return (res.json().failures as Array<{ error: string }>).map((f) => f.error);
}

/** Every process record of the satellite, to show that a history-only stop changes none. */
const processes = async (satellite: Sat) =>
  t.database.db.query<{ process_id: string; status: string; pid: number | null }>(
    `SELECT process_id, status, pid FROM satellite_processes WHERE satellite_id = $1
     ORDER BY process_id`,
    [satellite.id],
  );

/** The history entries of the given ids, as an administrator of the satellite reads them. */
async function historyOf(satellite: Sat, ids: string[]) {
  const res = await t.app.inject({
    url: `/api/satellites/${satellite.id}/event-history?type=mcp.server.stopped&limit=100`,
    headers: w.root.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  const items = res.json().data.events as HistoryItem[];
  return ids.map((id) => items.find((item) => item.id === id));
}

/** Expects each id to be a history entry of its own that names no installation and no record. */
async function expectHistoryOnly(satellite: Sat, ids: string[]) {
  for (const id of ids) expect(id).toMatch(/^evt_/);
  for (const item of await historyOf(satellite, ids))
    expect(item).toMatchObject({ installation_id: null, record_id: null });
}

describe('mcp.server.stopped for what is gone: accepted into the history only', () => {
  it('accepts the stop of an uninstalled installation, from a team and a global satellite', async () => {
    const installationId = await w.scratch.installation();
    const alice = await entryOf(w.satT, installationId, w.alice.id);
    await sendOk([started(installationId, alice.key, w.alice.id, 7100)]);
    await send('DELETE', `/api/teams/${w.teamId}/mcp/installations/${installationId}`);
    const before = await processes(w.satT);
    const events = [
      // The satellite's own shape: the map key in server_name.
      stopped({
        server_id: installationId,
        server_name: alice.key,
        team_id: w.teamId,
        reason: 'uninstall',
      }),
      // Naming no member.
      stopped({ server_id: installationId, team_id: w.teamId, reason: 'uninstall' }),
    ];
    const ids = await sendOk(events);
    await expectHistoryOnly(w.satT, ids);
    expect(await processes(w.satT)).toEqual(before);
    // A resent batch is answered with the same ids and recorded once.
    expect(await sendOk(events)).toEqual(ids);
    const global = await sendOk(
      [stopped({ server_id: installationId, team_id: w.teamId, reason: 'uninstall' })],
      w.satG,
    );
    await expectHistoryOnly(w.satG, global);
  });

  it('accepts the stop of a member who has left the team, changing no process', async () => {
    const erin = await w.scratch.user();
    await send('POST', `/api/teams/${w.teamId}/members`, {
      login: erin.username,
      role: 'team_user',
    });
    const entry = await entryOf(w.satT, w.installationId, erin.id);
    await sendOk([started(w.installationId, entry.key, erin.id, 7200)]);
    await send('DELETE', `/api/teams/${w.teamId}/members/${erin.id}`);
    const before = await processes(w.satT);
    const ids = await sendOk([
      stopped({
        server_id: w.installationId,
        server_name: entry.key,
        team_id: w.teamId,
        reason: 'member_removed',
      }),
      // The key in server_id, the server's name in server_name.
      stopped({ server_id: entry.key, server_name: 'Clock', team_id: w.teamId }),
    ]);
    await expectHistoryOnly(w.satT, ids);
    expect(await processes(w.satT)).toEqual(before);
  });

  it('accepts a stop whose server_id is an instance id, changing no process', async () => {
    const bob = await entryOf(w.satT, w.installationId, w.bob.id);
    expect(bob.instanceId).toMatch(/^ins_/);
    await sendOk([started(w.installationId, bob.key, w.bob.id, 7300)]);
    const before = await processes(w.satT);
    const ids = await sendOk([
      stopped({ server_id: bob.instanceId, server_name: 'Clock', team_id: w.teamId }),
    ]);
    await expectHistoryOnly(w.satT, ids);
    const [item] = await historyOf(w.satT, ids);
    expect(item!.data).toMatchObject({ server_id: bob.instanceId });
    expect(await processes(w.satT)).toEqual(before);
  });
});

describe('mcp.server.stopped for what is gone: what is still refused', () => {
  it('refuses a team satellite naming a team that is not its own', async () => {
    const errors = await failures([
      stopped({ server_id: 'inst_Gone1', team_id: w.otherTeamId, reason: 'uninstall' }),
    ]);
    expect(errors).toEqual([expect.stringMatching(/is not served by this satellite/)]);
    const satU = await pair(t.app, w.root.headers, { scope: 'team', team_id: w.otherTeamId });
    const fromU = await failures(
      [stopped({ server_id: 'inst_Gone2', team_id: w.teamId, reason: 'uninstall' })],
      satU,
    );
    expect(fromU).toEqual([expect.stringMatching(/is not served by this satellite/)]);
  });

  it('refuses another team’s installation, even with a member who is gone', async () => {
    const other = await installServer(t.app, w.otherTeamId, w.root.headers, {
      server_id: w.serverId,
      name: 'Clock U',
    });
    const errors = await failures([
      // Claimed for T, from T's satellite: the installation exists, in team U.
      stopped({ server_id: other.id, team_id: w.teamId, user_id: w.carol.id }),
      // Claimed for U, from T's satellite.
      stopped({ server_id: other.id, team_id: w.otherTeamId, user_id: w.carol.id }),
    ]);
    expect(errors).toEqual([
      expect.stringMatching(/does not exist in team/),
      expect.stringMatching(/belongs to a team this satellite does not serve/),
    ]);
    const fromGlobal = await failures(
      [stopped({ server_id: other.id, team_id: w.teamId, user_id: w.carol.id })],
      w.satG,
    );
    expect(fromGlobal).toEqual([expect.stringMatching(/does not exist in team/)]);
  });

  it('refuses an installation assigned to another satellite, even with a member who is gone', async () => {
    const assigned = await installServer(t.app, w.teamId, w.alice.headers, {
      server_id: w.serverId,
      name: 'Clock on G',
      satellite_id: w.satG.id,
    });
    const errors = await failures([
      stopped({ server_id: assigned.id, team_id: w.teamId, user_id: w.carol.id }),
    ]);
    expect(errors).toEqual([expect.stringMatching(/is assigned to another satellite/)]);
  });

  it('keeps other events about a deleted installation refused: the history-only stop is opt-in', async () => {
    const installationId = await w.scratch.installation();
    const alice = await entryOf(w.satT, installationId, w.alice.id);
    await send('DELETE', `/api/teams/${w.teamId}/mcp/installations/${installationId}`);
    const errors = await failures([started(installationId, alice.key, w.alice.id, 7400)]);
    expect(errors).toEqual([expect.stringMatching(/does not exist/)]);
  });
});
