import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../helpers/app.js';
import { event, pair, postEvents } from '../../../helpers/satellites.js';
import { fillValue, loadWireFixtures } from '../../../helpers/satellite-wire.js';
import { buildWorld, UNLIMITED_ENV, type World } from '../../../helpers/world.js';

// `mcp.server.stopped` as the DeployStack satellite's registry types it: server_id, server_name,
// team_id and reason, with no user_id and no server_slug. A well-formed stop is never refused:
// it lands on the member's process when the event names the member (a map key in server_name or
// server_id), and otherwise is recorded for the installation on that satellite.

type Sat = World['satT'];

let t: TestApp;
let w: World;
let aliceKey: string;
let bobKey: string;
let aliceInstance: string;
let bobInstance: string;

/** The map keys the satellite's configuration gave each member's entry of installation I. */
async function mapKeys(satellite: Sat) {
  const res = await t.app.inject({
    url: `/api/satellites/${satellite.id}/config`,
    headers: satellite.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  const servers = res.json().mcp_servers as Record<
    string,
    { user_id: string; installation_id: string; instance_id: string }
  >;
  const keyOf = (userId: string) =>
    Object.entries(servers).find(
      ([, entry]) => entry.user_id === userId && entry.installation_id === w.installationId,
    )!;
  return { alice: keyOf(w.alice.id), bob: keyOf(w.bob.id) };
}

beforeAll(async () => {
  t = await createTestApp({ env: UNLIMITED_ENV });
  w = await buildWorld(t);
  const keys = await mapKeys(w.satT);
  [aliceKey, { instance_id: aliceInstance }] = keys.alice;
  [bobKey, { instance_id: bobInstance }] = keys.bob;
});
afterAll(async () => t?.close());

let seconds = 0;
/** A timestamp no other event of this file has, so that no event is taken for a resent one. */
const fresh = () => new Date(Date.UTC(2026, 10, 23, 7, 0, seconds++)).toISOString();

async function sendOk(events: unknown[], satellite: Sat = w.satT) {
  const res = await postEvents(t.app, satellite, events);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json(), res.body).toMatchObject({ processed: events.length, failed: 0 });
  return res.json() as { event_ids: string[] };
}

async function failures(events: unknown[], satellite: Sat = w.satT) {
  const res = await postEvents(t.app, satellite, events);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().failures ?? []) as Array<{ index: number; error: string }>;
}

const processOf = async (processId: string, satellite: Sat = w.satT) =>
  (
    await t.database.db.query<{ status: string; pid: number | null }>(
      'SELECT status, pid FROM satellite_processes WHERE satellite_id = $1 AND process_id = $2',
      [satellite.id, processId],
    )
  )[0];

/** The member's process as the satellite starts it: the map key in server_slug, the OS pid. */
const started = (key: string, userId: string, pid: number) =>
  event(
    'mcp.server.started',
    {
      server_id: w.installationId,
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

/** The recorded `mcp.server.stopped` of events-all-types.json, for alice's entry. */
function recordedStop() {
  const fixture = loadWireFixtures().find((f) => f.kind === 'events')!;
  const body = fillValue(fixture.requests[0]!.body, {
    satellite_id: w.satT.id,
    team_id: w.teamId,
    user_id: w.alice.id,
    installation_id: w.installationId,
    server_key: aliceKey,
    oauth_client_id: 'service-gateway-cli',
  }) as { events: Array<{ type: string; timestamp: string; data: Record<string, unknown> }> };
  return body.events.find((e) => e.type === 'mcp.server.stopped')!;
}

describe('mcp.server.stopped in the satellite’s own shape', () => {
  it('carries exactly server_id, server_name, team_id and reason in the recording', () => {
    const { data } = recordedStop();
    expect(Object.keys(data).sort()).toEqual(['reason', 'server_id', 'server_name', 'team_id']);
  });

  it('stops the member’s process the recorded event names by its map key (server_name)', async () => {
    await sendOk([started(aliceKey, w.alice.id, 4242)]);
    expect(await processOf(aliceInstance)).toEqual({ status: 'running', pid: 4242 });
    const { event_ids } = await sendOk([recordedStop()]);
    expect(event_ids).toEqual([aliceInstance]);
    expect(await processOf(aliceInstance)).toEqual({ status: 'stopped', pid: null });
  });

  it('reads the member from a map key in server_id when server_name is the server’s name', async () => {
    await sendOk([started(bobKey, w.bob.id, 5151)]);
    const { event_ids } = await sendOk([
      event(
        'mcp.server.stopped',
        { server_id: bobKey, server_name: 'Clock', team_id: w.teamId, reason: 'config_changed' },
        fresh(),
      ),
    ]);
    expect(event_ids).toEqual([bobInstance]);
    expect(await processOf(bobInstance)).toEqual({ status: 'stopped', pid: null });
  });

  it('records a stop that names no member for the installation, touching no member’s process', async () => {
    await sendOk([started(aliceKey, w.alice.id, 4300), started(bobKey, w.bob.id, 5300)]);
    const stops = [
      { server_id: w.installationId, server_name: 'Clock', team_id: w.teamId, reason: 'uninstall' },
      { server_id: w.installationId, team_id: w.teamId },
    ];
    const { event_ids } = await sendOk(
      stops.map((data) => event('mcp.server.stopped', data, fresh())),
    );
    expect(event_ids).toEqual([w.installationId, w.installationId]);
    // Which member's process stopped is unknown: none is marked stopped on a guess.
    expect(await processOf(aliceInstance)).toEqual({ status: 'running', pid: 4300 });
    expect(await processOf(bobInstance)).toEqual({ status: 'running', pid: 5300 });
    // The satellite's event history has both, for the installation.
    const history = await t.app.inject({
      url: `/api/satellites/${w.satT.id}/event-history?type=mcp.server.stopped&limit=2`,
      headers: w.alice.headers,
    });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().data.events).toEqual([
      expect.objectContaining({ installation_id: w.installationId, record_id: w.installationId }),
      expect.objectContaining({ installation_id: w.installationId, record_id: w.installationId }),
    ]);
  });

  it('works the same from a global satellite', async () => {
    const keys = await mapKeys(w.satG);
    await sendOk([started(keys.alice[0], w.alice.id, 6000)], w.satG);
    await sendOk(
      [
        event(
          'mcp.server.stopped',
          { server_id: w.installationId, server_name: keys.alice[0], team_id: w.teamId },
          fresh(),
        ),
      ],
      w.satG,
    );
    expect(await processOf(aliceInstance, w.satG)).toEqual({ status: 'stopped', pid: null });
  });
});

describe('mcp.server.stopped: what is still refused', () => {
  it('refuses ids that contradict each other', async () => {
    const wrongInstallation = aliceKey.replace(/[^-]+$/, 'inst_Other1');
    const found = await failures([
      // A map key naming another installation than server_id.
      event(
        'mcp.server.stopped',
        { server_id: w.installationId, server_name: wrongInstallation, team_id: w.teamId },
        fresh(),
      ),
      // Two map keys naming different members.
      event(
        'mcp.server.stopped',
        { server_id: bobKey, server_name: aliceKey, team_id: w.teamId },
        fresh(),
      ),
      // A map key and user_id naming different members.
      event(
        'mcp.server.stopped',
        {
          server_id: w.installationId,
          server_name: aliceKey,
          user_id: w.bob.id,
          team_id: w.teamId,
        },
        fresh(),
      ),
    ]);
    expect(found.map((f) => f.index)).toEqual([0, 1, 2]);
    expect(found[0]!.error).toMatch(/names installation inst_Other1/);
    expect(found[1]!.error).toMatch(/names user/);
    expect(found[2]!.error).toMatch(/names user/);
  });

  it('refuses another team’s installation, from a satellite that does not serve it', async () => {
    const satU = await pair(
      t.app,
      w.root.headers,
      { scope: 'team', team_id: w.otherTeamId },
      'sat-u',
    );
    const found = await failures(
      [
        event(
          'mcp.server.stopped',
          { server_id: w.installationId, server_name: 'Clock', team_id: w.teamId },
          fresh(),
        ),
      ],
      satU,
    );
    expect(found).toEqual([
      expect.objectContaining({ error: expect.stringMatching(/does not serve/) }),
    ]);
  });

  it('refuses data the registry does not allow (no team_id)', async () => {
    const found = await failures([
      event('mcp.server.stopped', { server_id: w.installationId, server_name: 'Clock' }, fresh()),
    ]);
    expect(found).toHaveLength(1);
  });
});
