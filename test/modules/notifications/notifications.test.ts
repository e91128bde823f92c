import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { json, register, type Account } from '../../helpers/accounts.js';
import { createServer, installServer } from '../../helpers/catalogue.js';
import { manualClock } from '../../helpers/clock.js';
import { event, pair, postEvents } from '../../helpers/satellites.js';
import { listen, openEventSource } from '../../helpers/sse.js';

const clock = manualClock(new Date());
let t: TestApp;
let base: string;
let alice: Account; // team A admin
let bob: Account; // team B admin
let teamA: string;
let teamB: string;
let sat: Awaited<ReturnType<typeof pair>>;
let installation: string;
let instance: string;

const defaultTeam = async (who: Account) =>
  (await t.app.inject({ url: '/api/teams/me/default', headers: who.headers })).json().data.team
    .id as string;
const list = (team: string, who: Account, query = '') =>
  t.app.inject({ url: `/api/teams/${team}/notifications${query}`, headers: who.headers });
const notifications = async (query = '') =>
  (await list(teamA, alice, query)).json().data.notifications as Array<Record<string, any>>;
const ofType = async (type: string) => (await notifications()).filter((n) => n.type === type);

const status = (value: string, message?: string) =>
  event('mcp.server.status_changed', {
    installation_id: installation,
    team_id: teamA,
    user_id: alice.id,
    status: value,
    timestamp: new Date().toISOString(),
    ...(message ? { status_message: message } : {}),
  });
const tools = (names: string[]) =>
  event('mcp.tools.discovered', {
    installation_id: installation,
    team_id: teamA,
    server_slug: 'clock',
    tool_count: names.length,
    total_tokens: 0,
    tools: names.map((name) => ({ name })),
  });

beforeAll(async () => {
  t = await createTestApp({ clock });
  base = await listen(t.app);
  const root = await register(t.app, 'root');
  alice = await register(t.app, 'alice');
  bob = await register(t.app, 'bob');
  teamA = await defaultTeam(alice);
  teamB = await defaultTeam(bob);
  sat = await pair(t.app, alice.headers, { scope: 'team', team_id: teamA });
  await createServer(t.app, root.headers, { name: 'Clock' });
  const installed = await installServer(t.app, teamA, alice.headers, { server_id: 'clock' });
  installation = installed.id;
  instance = installed.my_instance.id;
});
afterAll(async () => t?.close());

describe('notifications the backend writes', () => {
  it('tells the team about installations created and deleted, and no other team', async () => {
    const extra = await installServer(t.app, teamA, alice.headers, {
      server_id: 'clock',
      name: 'Second clock',
    });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/teams/${teamA}/mcp/installations/${extra.id}`,
      headers: alice.headers,
    });
    const created = await ofType('installation.created');
    expect(created.map((n) => n.data.installation_id)).toEqual([extra.id, installation]);
    expect(created[0]).toMatchObject({
      team_id: teamA,
      severity: 'info',
      title: 'Second clock was installed',
      read_at: null,
    });
    expect((await ofType('installation.deleted'))[0]).toMatchObject({
      title: 'Second clock was removed',
      data: { installation_id: extra.id },
    });
    expect((await list(teamB, bob)).json().data.notifications).toEqual([]);
  });

  it('tells the team when an instance enters error, requires_reauth or permanently_failed', async () => {
    await postEvents(t.app, sat, [status('online'), status('error', 'token expired')]);
    await postEvents(t.app, sat, [status('error', 'still failing')]); // no change: no news
    await postEvents(t.app, sat, [status('requires_reauth')]);
    const errors = await ofType('instance.error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      severity: 'error',
      message: 'token expired',
      data: { installation_id: installation, instance_id: instance, user_id: alice.id },
    });
    expect(await ofType('instance.requires_reauth')).toHaveLength(1);

    const crash = (minute: number) =>
      event(
        'mcp.server.crashed',
        {
          process_id: instance,
          server_id: installation,
          server_slug: 'clock',
          team_id: teamA,
          exit_code: 1,
          signal: null,
          uptime_seconds: 1,
          crash_count: minute,
          will_restart: false,
        },
        new Date(Date.UTC(2026, 0, 1, 8, minute)).toISOString(),
      );
    await postEvents(t.app, sat, [crash(0), crash(1), crash(2)]);
    const failed = await ofType('instance.permanently_failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.message).toMatch(/^Crashed 3 times within 5 minutes/);
  });

  it('tells the team when discovered tools change the tool set, and only then', async () => {
    await postEvents(t.app, sat, [tools(['now', 'zone'])]);
    await postEvents(t.app, sat, [tools(['zone', 'now'])]);
    await postEvents(t.app, sat, [tools(['now', 'alarm'])]);
    const changed = await ofType('tools.changed');
    expect(changed.map((n) => n.data)).toEqual([
      { installation_id: installation, added: ['alarm'], removed: ['zone'] },
      { installation_id: installation, added: ['now', 'zone'], removed: [] },
    ]);
  });

  it('tells a team satellite’s team when it goes offline and comes back', async () => {
    const beat = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/satellites/${sat.id}/heartbeat`,
        headers: { ...json, ...sat.headers },
        payload: { status: 'healthy' },
      });
    await beat();
    clock.advance(91);
    await t.app.jobs.run('satellite-liveness');
    await beat();
    await beat();
    const [online, offline] = (await notifications()).filter((n) =>
      n.type.startsWith('satellite.'),
    );
    expect(offline).toMatchObject({ type: 'satellite.offline', severity: 'warning' });
    expect(online).toMatchObject({ type: 'satellite.online', data: { satellite_id: sat.id } });
    expect(await ofType('satellite.online')).toHaveLength(1);
  });
});

describe('reading and marking', () => {
  it('is for team members only: outsiders get 404, before validation', async () => {
    expect((await list(teamA, bob)).statusCode).toBe(404);
    expect((await list(teamA, bob, '?limit=0')).statusCode).toBe(404);
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/teams/${teamA}/notifications/read-all`,
      headers: bob.headers,
    });
    expect(read.statusCode).toBe(404);
  });

  it('pages and filters, with the usual 400 texts', async () => {
    const all = await notifications();
    const page = (await list(teamA, alice, '?limit=2&offset=1')).json().data;
    expect(page.notifications).toEqual(all.slice(1, 3));
    expect(page.pagination).toEqual({ total: all.length, limit: 2, offset: 1, has_more: true });
    expect((await list(teamA, alice, '?limit=0')).json().error).toBe(
      'limit must be between 1 and 100',
    );
    expect((await list(teamA, alice, '?offset=-1')).json().error).toBe(
      'offset must be non-negative',
    );
    const since = all[2]!.created_at as string;
    expect(await notifications(`?since=${encodeURIComponent(since)}`)).toEqual(
      all.filter((n) => n.created_at >= since),
    );
  });

  it('marks one or all read, for the whole team', async () => {
    const [first] = await notifications();
    const one = await t.app.inject({
      method: 'POST',
      url: `/api/teams/${teamA}/notifications/${first!.id}/read`,
      headers: alice.headers,
    });
    expect(one.json().data.notification.read_at).not.toBeNull();
    expect((await notifications('?unread=true')).map((n) => n.id)).not.toContain(first!.id);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: `/api/teams/${teamB}/notifications/${first!.id}/read`,
      headers: bob.headers,
    });
    expect(elsewhere.statusCode).toBe(404);
    const unread = (await notifications('?unread=true')).length;
    const all = await t.app.inject({
      method: 'POST',
      url: `/api/teams/${teamA}/notifications/read-all`,
      headers: alice.headers,
    });
    expect(all.json().data).toEqual({ marked: unread });
    expect(await notifications('?unread=true')).toEqual([]);
  });

  it('streams new notifications as they are written', async () => {
    const client = openEventSource(
      `${base}/api/teams/${teamA}/notifications/stream`,
      alice.headers,
      ['snapshot', 'notification'],
    );
    try {
      const [snapshot] = await client.waitFor('snapshot');
      expect(snapshot!.data.notifications).toEqual(await notifications('?limit=50'));
      await postEvents(t.app, sat, [status('online'), status('error', 'again')]);
      const [received] = await client.waitFor('notification');
      expect(received!.data).toMatchObject({ type: 'instance.error', message: 'again' });
      expect(received!.id).toBe(received!.data.id);
    } finally {
      client.close();
    }
  });
});
