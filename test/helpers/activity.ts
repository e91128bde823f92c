import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { json, register, type Account } from './accounts.js';
import { createServer } from './catalogue.js';
import { event, pair, postEvents } from './satellites.js';

type Satellite = Awaited<ReturnType<typeof pair>>;

export interface Place {
  teamId: string;
  installationId: string;
  satellite: Satellite;
}

async function install(app: FastifyInstance, teamId: string, who: Account, serverId: string) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/teams/${teamId}/mcp/installations`,
    headers: { ...json, ...who.headers },
    payload: { server_id: serverId },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.installation.id as string;
}

/**
 * Accounts, teams, satellites and installations where tool calls can happen:
 * alice uses two installations in her default team and one in a second team; bob has his own.
 */
export async function activityWorld(app: FastifyInstance) {
  const root = await register(app, 'root');
  const alice = await register(app, 'alice');
  const bob = await register(app, 'bob');
  await createServer(app, root.headers, { name: 'Clock' });
  await createServer(app, root.headers, { name: 'Weather' });
  const defaultTeam = async (who: Account) =>
    (await app.inject({ url: '/api/teams/me/default', headers: who.headers })).json().data.team
      .id as string;
  const teamA = await defaultTeam(alice);
  const created = await app.inject({
    method: 'POST',
    url: '/api/teams',
    headers: { ...json, ...alice.headers },
    payload: { name: 'Side project' },
  });
  expect(created.statusCode, created.body).toBe(201);
  const teamC = created.json().data.team.id as string;
  const teamB = await defaultTeam(bob);

  const satA = await pair(app, alice.headers, { scope: 'team', team_id: teamA }, 'sat-a');
  const satC = await pair(app, alice.headers, { scope: 'team', team_id: teamC }, 'sat-c');
  const satB = await pair(app, bob.headers, { scope: 'team', team_id: teamB }, 'sat-b');
  const places = {
    clock: {
      teamId: teamA,
      installationId: await install(app, teamA, alice, 'clock'),
      satellite: satA,
    },
    weather: {
      teamId: teamA,
      installationId: await install(app, teamA, alice, 'weather'),
      satellite: satA,
    },
    side: {
      teamId: teamC,
      installationId: await install(app, teamC, alice, 'clock'),
      satellite: satC,
    },
    bobs: {
      teamId: teamB,
      installationId: await install(app, teamB, bob, 'clock'),
      satellite: satB,
    },
  } satisfies Record<string, Place>;
  return { root, alice, bob, teamA, teamB, teamC, places };
}

export interface Call {
  kind?: 'tool_execution' | 'request';
  tool?: string;
  user: Account;
  success?: boolean;
}

function callEvent(place: Place, call: Call) {
  const common = {
    tool_name: call.tool ?? 'now',
    team_id: place.teamId,
    duration_ms: 12.5,
    success: call.success ?? true,
    ...(call.success === false ? { error_message: 'it broke' } : {}),
    user_id: call.user.id,
  };
  return call.kind === 'request'
    ? event('mcp.request.logs', {
        ...common,
        installation_id: place.installationId,
        request_params: { q: 1 },
      })
    : event('mcp.tool.executed', { ...common, server_id: place.installationId });
}

/**
 * Posts the calls as one event batch. The batch is one transaction, so its rows share one
 * created_at: the case where only the id orders items.
 */
export async function recordCalls(app: FastifyInstance, place: Place, calls: Call[]) {
  const res = await postEvents(
    app,
    place.satellite,
    calls.map((c) => callEvent(place, c)),
  );
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().failed, res.body).toBe(0);
  return res.json().event_ids as string[];
}
