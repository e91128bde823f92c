import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, register, type Account } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { createServer } from '../../helpers/catalogue.js';
import { manualClock } from '../../helpers/clock.js';
import { usingPostgres } from '../../helpers/database.js';
import { secondReplica, within } from '../../helpers/replicas.js';
import { event, pair, postEvents } from '../../helpers/satellites.js';

interface World {
  alice: Account;
  teamId: string;
  installationId: string;
  satellite: Awaited<ReturnType<typeof pair>>;
}

/** Installs the Clock server in the team, assigned to the team's satellite. */
const install = (t: TestApp, w: Omit<World, 'installationId'>, name: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/teams/${w.teamId}/mcp/installations`,
    headers: { ...json, ...w.alice.headers },
    payload: { server_id: 'clock', name, satellite_id: w.satellite.id },
  });

/** Alice's team with one installation, assigned to the team's satellite. */
async function buildWorld(t: TestApp): Promise<World> {
  const root = await register(t.app, 'root');
  const alice = await register(t.app, 'alice');
  const teamId = (
    await t.app.inject({ url: '/api/teams/me/default', headers: alice.headers })
  ).json().data.team.id;
  const satellite = await pair(t.app, alice.headers, { scope: 'team', team_id: teamId }, 'sat-a');
  await createServer(t.app, root.headers, { name: 'Clock' });
  const created = await install(t, { alice, teamId, satellite }, 'clock');
  expect(created.statusCode, created.body).toBe(201);
  return { alice, teamId, installationId: created.json().data.installation.id, satellite };
}

/** What the satellite's configuration says of the world's instance, and how many it lists. */
async function configOf(t: TestApp, w: World) {
  const res = await t.app.inject({
    url: `/api/satellites/${w.satellite.id}/config`,
    headers: w.satellite.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  const instances = res.json().data.instances as Array<Record<string, string>>;
  const first = instances.find((i) => i.installation_id === w.installationId)!;
  return { status: first.status!, name: first.installation_name!, instances: instances.length };
}

/** A status change of the kind no signal announces (no event, no API call). */
const setStatusBySql = (t: TestApp, w: World, status: string) =>
  t.database.db.query(`UPDATE mcp_server_instances SET status = $1 WHERE installation_id = $2`, [
    status,
    w.installationId,
  ]);

let sequence = 0;
const reportStatus = (t: TestApp, w: World, status: string) =>
  postEvents(t.app, w.satellite, [
    event('mcp.server.status_changed', {
      installation_id: w.installationId,
      team_id: w.teamId,
      user_id: w.alice.id,
      status,
      timestamp: new Date(Date.UTC(2026, 5, 1, 12, 0, 0, sequence++)).toISOString(),
    }),
  ]);

const rename = (t: TestApp, w: World, name: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/teams/${w.teamId}/mcp/installations/${w.installationId}`,
    headers: { ...json, ...w.alice.headers },
    payload: { name },
  });

describe('a satellite’s configuration, remembered per replica', () => {
  const clock = manualClock();
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    t = await createTestApp({ env: { SATELLITE_CONFIG_CACHE_MS: '5000' }, clock });
    w = await buildWorld(t);
  });
  afterAll(async () => t?.close());

  it('answers from memory for SATELLITE_CONFIG_CACHE_MS at most', async () => {
    const before = (await configOf(t, w)).status;
    await setStatusBySql(t, w, 'degraded');
    expect((await configOf(t, w)).status).toBe(before);
    clock.advance(6);
    expect((await configOf(t, w)).status).toBe('degraded');
  });

  it('shows a status the satellite reported in the very next answer', async () => {
    expect((await configOf(t, w)).status).toBe('degraded');
    const reported = await reportStatus(t, w, 'online');
    expect(reported.json().failures).toBeUndefined();
    expect((await configOf(t, w)).status).toBe('online');
  });

  it('shows a change a user made in the very next answer, signalled or not', async () => {
    // A rename is signalled (the scope trigger); a new installation is not: the replica that
    // served it forgets by itself.
    expect((await configOf(t, w)).name).toBe('clock');
    expect((await rename(t, w, 'wall clock')).statusCode).toBe(200);
    expect((await configOf(t, w)).name).toBe('wall clock');
    expect((await configOf(t, w)).instances).toBe(1);
    const second = await install(t, w, 'second clock');
    expect(second.statusCode, second.body).toBe(201);
    expect((await configOf(t, w)).instances).toBe(2);
  });

  it('keeps the ETag of the remembered answer, so an unchanged poll is still a 304', async () => {
    const url = `/api/satellites/${w.satellite.id}/config`;
    const first = await t.app.inject({ url, headers: w.satellite.headers });
    const again = await t.app.inject({
      url,
      headers: { ...w.satellite.headers, 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('with SATELLITE_CONFIG_CACHE_MS=0', () => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    t = await createTestApp({ env: { SATELLITE_CONFIG_CACHE_MS: '0' } });
    w = await buildWorld(t);
  });
  afterAll(async () => t?.close());

  it('reads on every request', async () => {
    await configOf(t, w);
    await setStatusBySql(t, w, 'degraded');
    expect((await configOf(t, w)).status).toBe('degraded');
  });
});

describe.skipIf(!usingPostgres())('across replicas (PostgreSQL)', () => {
  let a: TestApp;
  let b: TestApp;
  let w: World;
  beforeAll(async () => {
    // Remembered for a minute: only the signal can make replica B see the change in time.
    const env = { SATELLITE_CONFIG_CACHE_MS: '60000' };
    a = await createTestApp({ env });
    b = await secondReplica(a, env);
    w = await buildWorld(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('another replica forgets its answer when it hears the installation changed', async () => {
    expect((await configOf(b, w)).name).toBe('clock');
    expect((await rename(a, w, 'wall clock')).statusCode).toBe(200);
    await within(async () => (await configOf(b, w)).name === 'wall clock', 2000);
  });

  it('another replica answers afresh after a command poll handed the satellite its configure', async () => {
    // A new installation raises no signal: replica B learns of it only from the count of
    // command polls that handed the satellite something.
    const before = await configOf(b, w);
    const created = await install(a, w, 'second clock');
    expect(created.statusCode, created.body).toBe(201);
    expect((await configOf(b, w)).instances).toBe(before.instances);
    const polled = await a.app.inject({
      url: `/api/satellites/${w.satellite.id}/commands`,
      headers: w.satellite.headers,
    });
    expect(polled.json().commands.map((c: { command_type: string }) => c.command_type)).toContain(
      'configure',
    );
    expect((await configOf(b, w)).instances).toBe(before.instances + 1);
  });
});
