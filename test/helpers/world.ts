import type { FastifyInstance, FastifyRequest } from 'fastify';
import { expect } from 'vitest';
import { systemClock } from '../../src/lib/clock.js';
import { newId } from '../../src/lib/ids.js';
import { createSessionRepository } from '../../src/modules/auth/session-repository.js';
import { createSessionService } from '../../src/modules/auth/sessions.js';
import { createOAuthRepository } from '../../src/modules/oauth/repository.js';
import type { TestApp } from './app.js';
import { bearerFor, json, register, type Account } from './accounts.js';
import { createCategory, createServer, installServer } from './catalogue.js';
import { createToken, pair } from './satellites.js';

/**
 * Sign-in and request limits switched off: tests that walk the whole route table send far more
 * requests from one address than any limit allows (the limits have tests of their own).
 */
export const UNLIMITED_ENV = {
  LOGIN_LIMIT_PER_ACCOUNT: '1000000',
  LOGIN_LIMIT_PER_ADDRESS: '1000000',
  REGISTER_LIMIT_PER_ADDRESS: '0',
  OAUTH_LIMIT_PER_ADDRESS: '0',
  OAUTH_LIMIT_PER_ACCOUNT: '0',
  OAUTH_REGISTER_LIMIT_PER_ADDRESS: '0',
  SATELLITE_REGISTER_LIMIT_PER_ADDRESS: '0',
  SATELLITE_LIMIT_PER_SATELLITE: '0',
  SATELLITE_LIMIT_PER_ADDRESS: '0',
  SATELLITE_ROWS_LIMIT_PER_SATELLITE: '0',
  SATELLITE_ROWS_LIMIT_PER_TEAM: '0',
  API_LIMIT_PER_ACCOUNT: '0',
  API_LIMIT_PER_OAUTH_CLIENT: '0',
};

export const ALL_SCOPES = [
  'mcp:read',
  'account:read',
  'user:read',
  'teams:read',
  'registry:read',
  'offline_access',
];

type Headers = Record<string, string>;
type Satellite = Awaited<ReturnType<typeof pair>>;

/**
 * One service populated with every kind of record and every kind of caller, for tests that walk
 * the whole route table (the fuzzer and the authorization matrix):
 *
 * - root: the first account, global_admin
 * - alice: team_admin of team T (she created it); bob: team_user of T
 * - carol: a global_user in no team but her own default team
 * - dave: team_user of team U (root's), not a member of T
 * - satT: a team satellite of T; satG: a global satellite
 * - in T: installation I of server S (version V, category C), the commands and the notification
 *   that it caused; an unused registration token; an example of the example plugin
 */
export interface World {
  app: FastifyInstance;
  root: Account;
  alice: Account;
  bob: Account;
  carol: Account;
  dave: Account;
  teamId: string;
  otherTeamId: string;
  categoryId: string;
  serverId: string;
  versionId: string;
  installationId: string;
  satT: Satellite;
  satG: Satellite;
  commandId: string;
  notificationId: string;
  tokenId: string;
  exampleId: string;
  /** Full-scope and no-scope OAuth access tokens of alice. */
  bearerAll: Headers;
  bearerNoScope: Headers;
  scratch: ScratchFactories;
}

let counter = 0;
/** A name no other fixture of this process has used. */
export const unique = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

async function call(
  app: FastifyInstance,
  method: string,
  url: string,
  headers: Headers,
  payload?: unknown,
  expected = 200,
) {
  const res = await app.inject({
    method: method as 'GET',
    url,
    headers: payload === undefined ? headers : { ...json, ...headers },
    payload: payload as string,
  });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(expected);
  return res.json();
}

/** Throw-away records for requests that delete or disable what they touch. */
export function scratchFactories(t: TestApp, w: Omit<World, 'scratch'>) {
  const { app } = t;
  const sessions = createSessionService({
    repository: createSessionRepository(t.database.db.orm),
    clock: systemClock,
  });
  const oauth = createOAuthRepository(t.database.db.orm);
  return {
    /** A further cookie session for an existing account (no password check, no sign-in limit). */
    async session(userId: string): Promise<Headers> {
      const token = await sessions.start(userId, {
        ip: '127.0.0.1',
        headers: {},
      } as unknown as FastifyRequest);
      return { cookie: `auth_session=${token}` };
    },
    async user(): Promise<Account> {
      return register(app, unique('u'));
    },
    /** A team of alice's with bob as team_user (and the given extra members). */
    async team(extra: Array<{ login: string; role?: string }> = []): Promise<string> {
      const body = await call(
        app,
        'POST',
        '/api/teams',
        w.alice.headers,
        { name: unique('Team ') },
        201,
      );
      const teamId = body.data.team.id as string;
      for (const member of [{ login: w.bob.username, role: 'team_user' }, ...extra]) {
        await call(app, 'POST', `/api/teams/${teamId}/members`, w.alice.headers, member, 201);
      }
      return teamId;
    },
    async installation(teamId = w.teamId): Promise<string> {
      const inst = await installServer(app, teamId, w.alice.headers, {
        server_id: w.serverId,
        name: unique('Inst '),
      });
      return inst.id;
    },
    async category(): Promise<string> {
      return (await createCategory(app, w.root.headers, unique('Cat '))).id;
    },
    async server(): Promise<string> {
      return (await createServer(app, w.root.headers, { name: unique('Srv ') })).id;
    },
    async version(serverId = w.serverId): Promise<string> {
      const body = await call(
        app,
        'POST',
        `/api/mcp/servers/${serverId}/versions`,
        w.root.headers,
        { version: unique('9.') },
        201,
      );
      return body.data.version.id as string;
    },
    /** A team satellite of T, paired by alice. */
    async satellite(teamId = w.teamId): Promise<Satellite> {
      return pair(app, w.alice.headers, { scope: 'team', team_id: teamId }, unique('sat-'));
    },
    /** An unused team registration token of T. */
    async registrationToken(): Promise<{ id: string; token: string }> {
      return createToken(app, w.alice.headers, { scope: 'team', team_id: w.teamId });
    },
    async example(): Promise<string> {
      const body = await call(
        app,
        'POST',
        '/api/plugin/example-plugin/examples',
        w.root.headers,
        { name: unique('Example ') },
        201,
      );
      return body.data.example.id as string;
    },
    /** An OAuth grant (a command-line sign-in) of the account, as the token endpoint makes one. */
    async grant(userId: string): Promise<string> {
      const id = newId('ogr');
      await oauth.insertGrant({
        id,
        userId,
        clientId: 'service-gateway-cli',
        scopes: ['mcp:read'],
        createdAt: new Date(),
        lastUsedAt: new Date(),
      });
      return id;
    },
  };
}
export type ScratchFactories = ReturnType<typeof scratchFactories>;

export async function buildWorld(t: TestApp): Promise<World> {
  const { app } = t;
  const root = await register(app, 'root');
  const alice = await register(app, 'alice');
  const bob = await register(app, 'bob');
  const carol = await register(app, 'carol');
  const dave = await register(app, 'dave');

  const team = await call(app, 'POST', '/api/teams', alice.headers, { name: 'Team T' }, 201);
  const teamId = team.data.team.id as string;
  await call(
    app,
    'POST',
    `/api/teams/${teamId}/members`,
    alice.headers,
    { login: 'bob', role: 'team_user' },
    201,
  );
  const other = await call(app, 'POST', '/api/teams', root.headers, { name: 'Team U' }, 201);
  const otherTeamId = other.data.team.id as string;
  await call(
    app,
    'POST',
    `/api/teams/${otherTeamId}/members`,
    root.headers,
    { login: 'dave', role: 'team_user' },
    201,
  );

  const categoryId = (await createCategory(app, root.headers, 'Tools')).id;
  const serverId = (
    await createServer(app, root.headers, { name: 'Clock', slug: 'clock', category_id: categoryId })
  ).id;
  const version = await call(
    app,
    'POST',
    `/api/mcp/servers/${serverId}/versions`,
    root.headers,
    { version: '1.0.0' },
    201,
  );
  const versionId = version.data.version.id as string;

  const satT = await pair(app, alice.headers, { scope: 'team', team_id: teamId }, 'sat-t');
  const satG = await pair(app, root.headers, { scope: 'global' }, 'sat-g');
  const installationId = (
    await installServer(app, teamId, alice.headers, { server_id: serverId, name: 'Clock' })
  ).id;
  const commands = await call(
    app,
    'GET',
    `/api/satellites/${satT.id}/commands?limit=100`,
    satT.headers,
  );
  const commandId = commands.data.commands[0]?.id as string;
  expect(commandId, JSON.stringify(commands)).toBeTruthy();
  const notes = await call(app, 'GET', `/api/teams/${teamId}/notifications`, alice.headers);
  const notificationId = notes.data.notifications[0]?.id as string;
  expect(notificationId, JSON.stringify(notes)).toBeTruthy();
  const tokenId = (await createToken(app, root.headers, { scope: 'global' })).id;
  const example = await call(
    app,
    'POST',
    '/api/plugin/example-plugin/examples',
    root.headers,
    { name: 'First example' },
    201,
  );

  const base = {
    app,
    root,
    alice,
    bob,
    carol,
    dave,
    teamId,
    otherTeamId,
    categoryId,
    serverId,
    versionId,
    installationId,
    satT,
    satG,
    commandId,
    notificationId,
    tokenId,
    exampleId: example.data.example.id as string,
    bearerAll: await bearerFor(t.database.db, alice.id, ALL_SCOPES),
    bearerNoScope: await bearerFor(t.database.db, alice.id, ['offline_access']),
  };
  return { ...base, scratch: scratchFactories(t, base) };
}
