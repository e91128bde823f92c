import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activityWorld, recordCalls } from '../helpers/activity.js';
import { bearerFor, json, login, register, sessionCookieOf } from '../helpers/accounts.js';
import type { Account } from '../helpers/accounts.js';
import { loadConfig } from '../../src/config.js';
import { revokeRequest } from '../helpers/oauth.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { installServer } from '../helpers/catalogue.js';
import { eventually, listen, openEventSource, readUntil } from '../helpers/sse.js';

const POLL_MS = 100;
const ACTIVITY = '/api/users/me/mcp/client-activity/stream';
const EVENTS = ['snapshot', 'activity', 'notification', 'metrics', 'end'];
const ITEMS = new Set(['activity', 'notification', 'metrics']);

let t: TestApp;
let base: string;
let world: Awaited<ReturnType<typeof activityWorld>>;
/** Session cookie values the session resolver was asked about, one entry per call. */
const sessionLookups: string[] = [];

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const open = (path: string, headers: Record<string, string>) =>
  openEventSource(`${base}${path}`, headers, EVENTS);
type Client = ReturnType<typeof open>;
const items = (client: Client) => client.received.filter((r) => ITEMS.has(r.event));
const notificationsOf = (teamId: string) => `/api/teams/${teamId}/notifications/stream`;
const metricsOf = (satelliteId: string) => `/api/satellites/${satelliteId}/metrics/stream`;

/** A second session of an account: streams of it are another credential of the same user. */
async function newSession(who: Account): Promise<Record<string, string>> {
  const res = await login(t.app, who.username);
  expect(res.statusCode, res.body).toBe(200);
  return { cookie: sessionCookieOf(res) };
}

async function addToTeam(teamId: string, username: string, role = 'team_user') {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/teams/${teamId}/members`,
    headers: { ...json, ...world.alice.headers },
    payload: { login: username, role },
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** Makes the backend write a notification for team A (an installation was created). */
let installs = 0;
async function notifyTeamA() {
  installs += 1;
  await installServer(t.app, world.teamA, world.alice.headers, {
    server_id: 'clock',
    name: `Clock ${installs}`,
  });
}

async function heartbeatA() {
  const satellite = world.places.clock.satellite;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/satellites/${satellite.id}/heartbeat`,
    headers: { ...json, ...satellite.headers },
    payload: {
      status: 'healthy',
      uptime_seconds: 60,
      processes: { running: 1, failed: 0 },
      system: { cpu_percent: 7, memory_percent: 40 },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/**
 * The stream ends with an `end` message naming the error a new request would get, the server
 * closes it, and the item written right after access ended never reaches it, while a stream that
 * still has access (`control`) gets that item: the poll did find it.
 */
async function expectEnded(client: Client, control: Client, kind: string, status: number) {
  try {
    const [end] = await client.waitFor('end');
    expect(end!.data).toMatchObject({ reason: 'access_revoked', status });
    expect(typeof end!.data.error).toBe('string');
    await control.waitFor(kind, 1);
    // The control stream and this one were the only ones open: the server closed this one.
    await eventually(() => t.app.streams.openCount === 1, 'the server to close the stream');
    await pause(POLL_MS * 3);
    expect(items(client)).toEqual([]);
    expect(client.received.at(-1)!.event).toBe('end');
  } finally {
    client.close();
    control.close();
  }
}

beforeAll(async () => {
  t = await createTestApp({
    env: {
      STREAM_POLL_INTERVAL_MS: String(POLL_MS),
      STREAM_MAX_PER_CREDENTIAL: '3',
      STREAM_MAX_PER_USER: '4',
    },
  });
  world = await activityWorld(t.app);
  // Counts the cookie lookups, to see how many checks streams of one session cost.
  const resolve = t.app.credentials.session!;
  t.app.credentials.session = (token, request, reply) => {
    sessionLookups.push(token);
    return resolve(token, request, reply);
  };
  base = await listen(t.app);
});
afterAll(async () => t?.close());

describe('security: a live stream ends when its caller loses access', () => {
  beforeEach(async () => {
    await eventually(() => t.app.streams.openCount === 0, 'earlier streams to close');
  });

  it('ends a cookie stream when its session logs out, before the next item', async () => {
    const session = await newSession(world.alice);
    const client = open(ACTIVITY, session);
    const control = open(ACTIVITY, world.alice.headers);
    await client.waitFor('snapshot');
    await control.waitFor('snapshot');
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: session });
    expect(out.statusCode, out.body).toBe(200);
    await recordCalls(t.app, world.places.clock, [{ user: world.alice, tool: 'after-logout' }]);
    await expectEnded(client, control, 'activity', 401);
  });

  it('ends a bearer stream when its OAuth access token is revoked', async () => {
    const bearer = await bearerFor(t.database.db, world.alice.id, ['mcp:read']);
    const client = open(ACTIVITY, bearer);
    const control = open(ACTIVITY, world.alice.headers);
    await client.waitFor('snapshot');
    await control.waitFor('snapshot');
    const revoked = await revokeRequest(t.app, bearer.authorization.slice('Bearer '.length));
    expect(revoked.statusCode, revoked.body).toBe(200);
    await recordCalls(t.app, world.places.clock, [{ user: world.alice, tool: 'after-revoke' }]);
    await expectEnded(client, control, 'activity', 401);
  });

  it('ends a team notification stream when the member is removed from the team', async () => {
    await addToTeam(world.teamA, 'bob');
    const client = open(notificationsOf(world.teamA), world.bob.headers);
    const control = open(notificationsOf(world.teamA), world.alice.headers);
    await client.waitFor('snapshot');
    await control.waitFor('snapshot');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/teams/${world.teamA}/members/${world.bob.id}`,
      headers: world.alice.headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await notifyTeamA();
    await expectEnded(client, control, 'notification', 404);
  });

  it('ends the streams of an account that is disabled', async () => {
    const dora = await register(t.app, 'dora');
    await addToTeam(world.teamA, 'dora');
    const client = open(notificationsOf(world.teamA), dora.headers);
    const control = open(notificationsOf(world.teamA), world.alice.headers);
    await client.waitFor('snapshot');
    await control.waitFor('snapshot');
    const disabled = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${dora.id}`,
      headers: { ...json, ...world.root.headers },
      payload: { disabled: true },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    await notifyTeamA();
    await expectEnded(client, control, 'notification', 401);
  });

  it('ends the streams of an account that is deleted', async () => {
    const erin = await register(t.app, 'erin');
    await addToTeam(world.teamA, 'erin');
    const client = open(notificationsOf(world.teamA), erin.headers);
    const control = open(notificationsOf(world.teamA), world.alice.headers);
    await client.waitFor('snapshot');
    await control.waitFor('snapshot');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${erin.id}`,
      headers: world.root.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await notifyTeamA();
    await expectEnded(client, control, 'notification', 401);
  });

  it('ends a satellite metrics stream when its viewer no longer administers the team', async () => {
    const carol = await register(t.app, 'carol');
    await addToTeam(world.teamA, 'carol', 'team_admin');
    const satellite = world.places.clock.satellite.id;
    const client = open(metricsOf(satellite), carol.headers);
    const control = open(metricsOf(satellite), world.alice.headers);
    await client.waitFor('snapshot');
    await control.waitFor('snapshot');
    const demoted = await t.app.inject({
      method: 'PATCH',
      url: `/api/teams/${world.teamA}/members/${carol.id}`,
      headers: { ...json, ...world.alice.headers },
      payload: { role: 'team_user' },
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    await heartbeatA();
    await expectEnded(client, control, 'metrics', 404);
  });

  it('re-checks once per poll for all the streams of one credential, not once per stream', async () => {
    const session = await newSession(world.alice);
    const token = session.cookie!.slice('auth_session='.length);
    const clients = [1, 2, 3].map(() => open(ACTIVITY, session));
    try {
      for (const client of clients) await client.waitFor('snapshot');
      const before = sessionLookups.filter((s) => s === token).length;
      await pause(POLL_MS * 10);
      const lookups = sessionLookups.filter((s) => s === token).length - before;
      // About ten polls: about ten checks for the three streams (timers drift a little), where
      // one check per stream would be about thirty.
      expect(lookups).toBeGreaterThanOrEqual(5);
      expect(lookups).toBeLessThanOrEqual(13);
    } finally {
      for (const client of clients) client.close();
    }
    await eventually(() => t.app.streams.accessChecks.size === 0, 'shared checks to be let go');
  });
});

describe('security: open streams are capped per credential and per account', () => {
  const refused = async (headers: Record<string, string>) => {
    const res = await fetch(`${base}${ACTIVITY}`, { headers });
    expect(res.status).toBe(429);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    return (await res.json()) as { success: boolean; code: string; error: string };
  };

  it('answers 429 with the error envelope beyond the caps, and frees a place when a stream closes', async () => {
    await eventually(() => t.app.streams.openCount === 0, 'earlier streams to close');
    const frank = await register(t.app, 'frank');
    const second = await newSession(frank);
    const first = [1, 2, 3].map(() => open(ACTIVITY, frank.headers));
    const others: Client[] = [];
    try {
      for (const client of first) await client.waitFor('snapshot');
      const perCredential = await refused(frank.headers);
      expect(perCredential).toMatchObject({ success: false, code: 'TOO_MANY_STREAMS' });
      expect(perCredential.error).toMatch(/3 per session or access token/);

      // Another session of the same account has its own three places, within four in all.
      others.push(open(ACTIVITY, second));
      await others[0]!.waitFor('snapshot');
      const perUser = await refused(second);
      expect(perUser).toMatchObject({ success: false, code: 'TOO_MANY_STREAMS' });
      expect(perUser.error).toMatch(/4 per account/);
      // Other accounts are not affected.
      const other = open(ACTIVITY, world.bob.headers);
      others.push(other);
      await other.waitFor('snapshot');

      first[0]!.close();
      await eventually(() => t.app.streams.openCount === 4, 'the server to see the disconnect');
      const again = await readUntil(`${base}${ACTIVITY}`, second, (text) =>
        text.includes('event: snapshot'),
      );
      expect(again.status).toBe(200);
    } finally {
      for (const client of [...first, ...others]) client.close();
    }
  });
});

describe('security: a stream lives at most STREAM_MAX_LIFETIME_SECONDS', () => {
  let short: TestApp;
  let shortBase: string;
  let shortWorld: Awaited<ReturnType<typeof activityWorld>>;

  beforeAll(async () => {
    short = await createTestApp({
      env: { STREAM_POLL_INTERVAL_MS: String(POLL_MS), STREAM_MAX_LIFETIME_SECONDS: '1' },
    });
    shortWorld = await activityWorld(short.app);
    shortBase = await listen(short.app);
  });
  afterAll(async () => short?.close());

  it('ends with an end message that asks the client to reconnect, then closes', async () => {
    const started = Date.now();
    // Reads until the server closes the response.
    const { status, text } = await readUntil(
      `${shortBase}${ACTIVITY}`,
      shortWorld.alice.headers,
      () => false,
      5000,
    );
    const lasted = Date.now() - started;
    expect(status).toBe(200);
    expect(text.endsWith('event: end\ndata: {"reason":"max_lifetime"}\nretry: 3000\n\n')).toBe(
      true,
    );
    expect(lasted).toBeGreaterThanOrEqual(850);
    expect(lasted).toBeLessThan(3000);
  });

  it('lets the client resume from Last-Event-ID after the lifetime, missing nothing', async () => {
    const client = openEventSource(`${shortBase}${ACTIVITY}`, shortWorld.alice.headers, EVENTS);
    try {
      await client.waitFor('snapshot');
      await recordCalls(short.app, shortWorld.places.clock, [
        { user: shortWorld.alice, tool: 'before-end' },
      ]);
      await client.waitFor('activity', 1);
      const [end] = await client.waitFor('end', 1);
      expect(end!.data).toEqual({ reason: 'max_lifetime' });
      // Recorded while the client waits `retry` before reconnecting.
      await recordCalls(short.app, shortWorld.places.weather, [
        { user: shortWorld.alice, tool: 'while-away' },
      ]);
      const received = await client.waitFor('activity', 2, 15_000);
      expect(received.map((r) => r.data.tool_name)).toEqual(['before-end', 'while-away']);
      expect(client.connections()).toBeGreaterThanOrEqual(2);
      // The reconnect resumed after the last item instead of sending a new snapshot.
      expect(client.received.filter((r) => r.event === 'snapshot')).toHaveLength(1);
    } finally {
      client.close();
    }
  });
});

describe('security: stream limit settings', () => {
  it('cap streams and their lifetime by default, and refuse a lifetime of zero', () => {
    expect(loadConfig({}).streamLimits).toEqual({
      maxLifetimeSeconds: 3600,
      maxPerUser: 20,
      maxPerCredential: 10,
    });
    expect(() => loadConfig({ STREAM_MAX_LIFETIME_SECONDS: '0' })).toThrow(
      /STREAM_MAX_LIFETIME_SECONDS must be between 1 and 86400/,
    );
  });
});
