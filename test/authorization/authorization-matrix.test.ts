import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { PASSWORD } from '../helpers/accounts.js';
import { authorizeQuery, formFields } from '../helpers/oauth.js';
import { createOAuthRepository } from '../../src/modules/oauth/repository.js';
import { event } from '../helpers/satellites.js';
import { buildWorld, unique, UNLIMITED_ENV, type World } from '../helpers/world.js';
import { fillPath, operationsOf, servedDescription, type Operation } from '../fuzz/operations.js';

/**
 * For every operation in the served OpenAPI description, the status each kind of caller gets for
 * an otherwise valid request (real ids of real records; throw-away records where the request
 * deletes or disables what it names). The expectations are written out by hand and reviewed
 * against docs/api-conventions.md and docs/accounts.md, not derived from the route declarations:
 * 401 without valid credentials, 403 when signed in but not permitted (or a bearer token without
 * the route's scope), 404 for outsiders of a team (its resources are hidden), 403 for a satellite
 * key used on another satellite's routes.
 *
 * Callers:
 * - anon: no credentials
 * - user: carol, a global_user in no team but her own default team
 * - other: dave, team_user of another team
 * - member: bob, team_user of team T
 * - admin: alice, team_admin of team T
 * - root: the global_admin
 * - noscope: an OAuth access token of alice without any API scope
 * - bearer: an OAuth access token of alice with every scope (the scope-holding counterpart)
 * - satOther: the API key of another satellite (global satellite G) on team satellite S's routes
 * - sat: satellite S's own API key
 * - reg: an unused satellite registration token
 */
const ROLES = [
  'anon',
  'user',
  'other',
  'member',
  'admin',
  'root',
  'noscope',
  'bearer',
  'satOther',
  'sat',
  'reg',
] as const;
type Role = (typeof ROLES)[number];
type Expectation = Record<Role, number>;
type Headers = Record<string, string>;

// ---- shorthands for the common patterns; rows spell out their exceptions next to them

/** Public: every caller gets the same answer, whatever credentials it carries. */
const everyone = (status: number): Expectation =>
  Object.fromEntries(ROLES.map((r) => [r, status])) as Expectation;

/** Any signed-in account by cookie; bearer tokens are refused on cookie-only routes (401). */
const signedIn = (status: number): Expectation => ({
  anon: 401,
  user: status,
  other: status,
  member: status,
  admin: status,
  root: status,
  noscope: 401,
  bearer: 401,
  satOther: 401,
  sat: 401,
  reg: 401,
});

/** Any signed-in account, by cookie or by a bearer token carrying the route's scope. */
const signedInScoped = (status: number): Expectation => ({
  ...signedIn(status),
  noscope: 403,
  bearer: status,
});

/** Global administrators only (a global permission), by cookie. */
const globalAdmin = (status: number): Expectation => ({
  ...signedIn(403),
  root: status,
});

/** Members of team T (global administrators act as its administrators); outsiders get 404. */
const teamMember = (status: number): Expectation => ({
  ...signedIn(status),
  user: 404,
  other: 404,
});

/** Members of team T, by cookie or by a bearer token with the route's scope. */
const teamMemberScoped = (status: number): Expectation => ({
  ...teamMember(status),
  noscope: 403,
  bearer: status,
});

/** team_admin of T (and global administrators); team_user gets 403, outsiders 404. */
const teamAdmin = (status: number): Expectation => ({ ...teamMember(status), member: 403 });

/** Satellite S's own key only; another satellite's key is 403; anything else 401. */
/** A member instance of installation I that satellite S serves (alice's). */
const upstreamTokenRequest = (w: World) => ({
  installation_id: w.installationId,
  user_id: w.alice.id,
  team_id: w.teamId,
});

const ownSatellite = (status: number): Expectation => ({
  ...everyone(401),
  satOther: 403,
  sat: status,
});

/**
 * Managers of team satellite S: T's team_admin and global administrators. Satellites are the
 * administrators' business: anyone else, T's own team_user included, does not learn that a team
 * satellite exists (404), as docs/streams.md and the satellite module's tests decide.
 */
const satelliteManager = (status: number): Expectation => ({ ...teamAdmin(status), member: 404 });

/** What a row's request builder gets: the world, and the role it builds the request for. */
interface Ctx {
  w: World;
  t: TestApp;
  role: Role;
  /** The account behind the role's credentials, if any. */
  userId: string | null;
  /** The role's credentials. */
  headers: Headers;
}

interface Request {
  params?: Record<string, string>;
  query?: string;
  body?: unknown;
  /** Form-encoded instead of JSON. */
  form?: boolean;
  /** Credentials that replace the role's own for this request (same account or same kind). */
  headers?: Headers;
}

interface Row {
  expect: Expectation;
  request?: (ctx: Ctx) => Promise<Request> | Request;
  /** Why a row departs from its shorthand, or how its request is built. */
  note?: string;
}

const isCookie = (role: Role) => ['user', 'other', 'member', 'admin', 'root'].includes(role);

/** A further session of the role's own account: the request ends or changes its session. */
async function ownSession(ctx: Ctx): Promise<Request> {
  return isCookie(ctx.role) && ctx.userId
    ? { headers: await ctx.w.scratch.session(ctx.userId) }
    : {};
}

/** A query parameter no route knows: a caller who is let in gets 400, the stream never opens. */
const NEVER_OPEN = 'not_a_parameter=1';

async function html(ctx: Ctx, url: string) {
  const res = await ctx.t.app.inject({ url, headers: ctx.headers });
  return res.body;
}

/** A server.json document the registry import accepts. */
const registryDocument = (slug: string) => ({
  name: `com.example/${slug.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
  description: 'Matrix entry',
  version: '1.0.0',
  packages: [{ registryType: 'npm', identifier: '@matrix/entry', transport: { type: 'stdio' } }],
});

let registryEntryName: string | null = null;
/** One imported registry entry, made once by the global administrator. */
async function registryEntry(ctx: Ctx): Promise<string> {
  if (registryEntryName) return registryEntryName;
  const doc = registryDocument('matrix-entry');
  const res = await ctx.t.app.inject({
    method: 'POST',
    url: '/api/registry/import',
    headers: { ...ctx.w.root.headers, 'content-type': 'application/json' },
    payload: JSON.stringify(doc),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (registryEntryName = doc.name);
}

async function disabledRegistrySource(ctx: Ctx) {
  const res = await ctx.t.app.inject({
    method: 'PUT',
    url: '/api/registry/source',
    headers: { ...ctx.w.root.headers, 'content-type': 'application/json' },
    payload: JSON.stringify({ base_url: 'https://registry.example.com', enabled: false }),
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A recorded sync run (written directly: a real run would reach out to a registry). */
async function registrySyncRun(ctx: Ctx): Promise<string> {
  const id = unique('rsr_matrix');
  await ctx.t.database.db.query(
    `INSERT INTO registry_sync_runs (id, source_id, trigger, status, failures) VALUES ($1, 'default', 'admin', 'succeeded', '[]')`,
    [id],
  );
  return id;
}

const MATRIX: Record<string, Row> = {
  // ---- system
  getHealth: { expect: everyone(200) },
  getDatabaseStatus: { expect: everyone(200) },
  listDatabaseMigrations: {
    expect: globalAdmin(200),
    note: 'first-run: open only before the first account',
  },
  setupDatabase: {
    expect: globalAdmin(200),
    request: () => ({ body: { dialect: 'pglite' } }),
    note: 'first-run: open only before the first account',
  },

  // ---- authentication
  register: {
    expect: everyone(201),
    request: () => ({
      body: { username: unique('m'), email: `${unique('m')}@example.com`, password: PASSWORD },
    }),
  },
  login: {
    expect: everyone(200),
    request: () => ({ body: { login: 'carol', password: PASSWORD } }),
  },
  logout: {
    expect: signedIn(200),
    request: ownSession,
    note: 'on a further session of the account',
  },
  verifyEmail: {
    expect: everyone(400),
    request: () => ({ query: 'token=evt_not_a_real_token' }),
    note: 'public: a bad token is 400 for everyone',
  },
  resendVerificationEmail: {
    expect: signedIn(409),
    note: 'email is not configured: 409 once let in',
  },
  requestPasswordReset: {
    expect: everyone(409),
    request: () => ({ body: { email: 'carol@example.com' } }),
    note: 'email is not configured',
  },
  resetPassword: {
    expect: everyone(400),
    request: () => ({ body: { token: 'x', new_password: 'another long passphrase' } }),
    note: 'public: an unknown reset token is 400 for everyone',
  },

  // ---- users
  getMe: { expect: signedInScoped(200) },
  updateMe: { expect: signedIn(200), request: () => ({ body: { display_name: unique('Name ') } }) },
  changeMyPassword: {
    expect: signedIn(200),
    request: async (ctx) => ({
      headers: isCookie(ctx.role) ? (await ctx.w.scratch.user()).headers : ctx.headers,
      body: { current_password: PASSWORD, new_password: 'another long passphrase' },
    }),
    note: 'self-service; signed-in roles use a throw-away account (it ends the other sessions)',
  },
  listMyTeams: { expect: signedInScoped(200) },
  listUsers: { expect: globalAdmin(200) },
  getUser: { expect: globalAdmin(200), request: (ctx) => ({ params: { userId: ctx.w.carol.id } }) },
  adminUpdateUser: {
    expect: globalAdmin(200),
    request: async (ctx) => ({
      params: { userId: (await ctx.w.scratch.user()).id },
      body: { global_role: 'global_user' },
    }),
  },
  deleteUser: {
    expect: globalAdmin(200),
    request: async (ctx) => ({ params: { userId: (await ctx.w.scratch.user()).id } }),
  },

  // ---- teams
  getMyDefaultTeam: { expect: signedInScoped(200) },
  listTeams: { expect: signedInScoped(200) },
  createTeam: { expect: signedIn(201), request: () => ({ body: { name: unique('Team ') } }) },
  listAllTeams: { expect: globalAdmin(200) },
  getTeam: { expect: teamMemberScoped(200) },
  updateTeam: { expect: teamAdmin(200), request: () => ({ body: { name: unique('Team T ') } }) },
  deleteTeam: {
    expect: teamAdmin(200),
    request: async (ctx) => ({ params: { teamId: await ctx.w.scratch.team() } }),
    note: 'a throw-away team of alice with bob as team_user',
  },
  listTeamMembers: { expect: teamMember(200) },
  addTeamMember: {
    expect: teamAdmin(201),
    request: async (ctx) => ({
      params: { teamId: await ctx.w.scratch.team() },
      body: { login: (await ctx.w.scratch.user()).username },
    }),
  },
  changeTeamMemberRole: {
    expect: teamAdmin(200),
    request: async (ctx) => {
      const victim = await ctx.w.scratch.user();
      return {
        params: {
          teamId: await ctx.w.scratch.team([{ login: victim.username }]),
          userId: victim.id,
        },
        body: { role: 'team_admin' },
      };
    },
  },
  removeTeamMember: {
    expect: teamAdmin(200),
    request: async (ctx) => {
      const victim = await ctx.w.scratch.user();
      return {
        params: {
          teamId: await ctx.w.scratch.team([{ login: victim.username }]),
          userId: victim.id,
        },
      };
    },
    note: 'removes a third member; leaving (removing oneself) is open to every member',
  },
  listRoles: { expect: signedIn(200) },

  // ---- settings and email
  listSettings: { expect: globalAdmin(200) },
  updateSettings: {
    expect: globalAdmin(200),
    request: () => ({ body: { values: { 'auth.registration_enabled': true } } }),
  },
  getSetting: { expect: globalAdmin(200) },
  resetSetting: { expect: globalAdmin(200), request: () => ({ params: { key: 'smtp.port' } }) },
  sendTestEmail: {
    expect: globalAdmin(409),
    request: () => ({ body: { to: 'someone@example.com' } }),
    note: 'email is not configured: 409 once let in',
  },

  // ---- catalogue
  listCategories: { expect: signedInScoped(200) },
  createCategory: { expect: globalAdmin(201), request: () => ({ body: { name: unique('Cat ') } }) },
  updateCategory: { expect: globalAdmin(200), request: () => ({ body: { icon: 'wrench' } }) },
  deleteCategory: {
    expect: globalAdmin(200),
    request: async (ctx) => ({ params: { id: await ctx.w.scratch.category() } }),
  },
  listServers: { expect: signedInScoped(200) },
  searchServers: { expect: signedInScoped(200), request: () => ({ query: 'q=clock' }) },
  getServer: { expect: signedInScoped(200) },
  createGlobalServer: {
    expect: globalAdmin(201),
    request: () => ({ body: { name: unique('Srv '), transport: 'stdio', command: 'npx' } }),
  },
  updateGlobalServer: {
    expect: globalAdmin(200),
    request: async (ctx) => ({
      params: { id: await ctx.w.scratch.server() },
      body: { description: 'Changed' },
    }),
  },
  deleteGlobalServer: {
    expect: globalAdmin(200),
    request: async (ctx) => ({ params: { id: await ctx.w.scratch.server() } }),
  },
  listServerVersions: { expect: signedInScoped(200) },
  createServerVersion: {
    expect: globalAdmin(201),
    request: () => ({ body: { version: unique('2.') } }),
  },
  updateServerVersion: {
    expect: globalAdmin(200),
    request: () => ({ body: { changelog: 'Fixes' } }),
  },

  // ---- MCP registry: administrators' side, and the /v0.1 API (a session or registry:read)
  importRegistryDocuments: {
    expect: globalAdmin(200),
    request: () => ({ body: registryDocument(unique('matrix')) }),
  },
  loadRegistryStarter: { expect: globalAdmin(200) },
  getRegistrySource: { expect: globalAdmin(200) },
  setRegistrySource: {
    expect: globalAdmin(200),
    request: () => ({ body: { base_url: 'https://registry.example.com', enabled: false } }),
  },
  runRegistrySync: {
    expect: { ...globalAdmin(409) },
    request: async (ctx) => {
      await disabledRegistrySource(ctx);
      return {};
    },
    note: '409 for the permitted caller: the source is disabled, so no request leaves the test',
  },
  listRegistrySyncRuns: { expect: globalAdmin(200) },
  getRegistrySyncRun: {
    expect: globalAdmin(200),
    request: async (ctx) => ({ params: { id: await registrySyncRun(ctx) } }),
  },
  registryListServers: {
    expect: signedInScoped(200),
    note: 'not public unless an admin allows it',
  },
  registryListServerVersions: {
    expect: signedInScoped(200),
    request: async (ctx) => ({ params: { serverName: await registryEntry(ctx) } }),
  },
  registryGetServerVersion: {
    expect: signedInScoped(200),
    request: async (ctx) => ({
      params: { serverName: await registryEntry(ctx), version: 'latest' },
    }),
  },
  registryProtectedResourceMetadata: { expect: everyone(200) },

  // ---- installations (team T, installation I)
  listInstallations: { expect: teamMemberScoped(200) },
  createInstallation: {
    expect: teamAdmin(201),
    request: (ctx) => ({ body: { server_id: ctx.w.serverId, name: unique('Inst ') } }),
  },
  getInstallation: { expect: teamMemberScoped(200) },
  updateInstallation: {
    expect: teamAdmin(200),
    request: () => ({ body: { name: unique('Clock ') } }),
  },
  deleteInstallation: {
    expect: teamAdmin(200),
    request: async (ctx) => ({ params: { installationId: await ctx.w.scratch.installation() } }),
  },
  listInstances: { expect: teamMemberScoped(200) },
  setInstallationToolStatus: {
    expect: teamAdmin(200),
    request: () => ({ params: { toolName: 'read_file' }, body: { is_disabled: false } }),
  },
  // I needs no OAuth sign-in (409 for its members); root is no member, so has no instance (404).
  getUpstreamOAuth: { expect: { ...teamMember(409), root: 404 } },
  startUpstreamOAuth: { expect: { ...teamMember(409), root: 404 }, request: () => ({ body: {} }) },
  startUpstreamOAuthInBrowser: { expect: { ...teamMember(409), root: 404 } },
  disconnectUpstreamOAuth: { expect: { ...teamMember(409), root: 404 } },
  upstreamOAuthCallback: { expect: signedIn(400) },
  getUpstreamOAuthClientMetadata: { expect: everyone(200) },
  getMyInstanceStatus: {
    expect: { ...teamMemberScoped(200), root: 404 },
    note: 'root acts as T’s administrator but is no member, so has no instance of its own (404)',
  },
  getMyUserConfig: {
    expect: { ...teamMemberScoped(200), root: 404 },
    note: 'root has no instance in T',
  },
  saveMyUserConfig: {
    expect: { ...teamMember(200), root: 404 },
    request: () => ({ body: { values: { env: {} } } }),
    note: 'root has no instance in T',
  },

  // ---- deployment configuration
  getDeploymentConfigSchema: { expect: everyone(200) },
  validateDeploymentConfig: { expect: signedIn(200), request: () => ({ body: { content: '{}' } }) },

  // ---- satellites: administration (team satellite S of T)
  createRegistrationToken: {
    expect: { ...satelliteManager(201), member: 403, user: 400, other: 400 },
    request: (ctx) => ({ body: { scope: 'team', team_id: ctx.w.teamId } }),
    note:
      'a team token for T: its team_user is told it lacks the role (403); the team is named in ' +
      'the body, so to outsiders it is a team that does not exist (400 "body.team_id … does not ' +
      'name a team"), never a 403 that confirms it',
  },
  listRegistrationTokens: {
    expect: signedIn(200),
    note: 'each caller sees the tokens they manage',
  },
  revokeRegistrationToken: {
    expect: satelliteManager(200),
    request: async (ctx) => ({ params: { tokenId: (await ctx.w.scratch.registrationToken()).id } }),
    note: 'a throw-away token of T',
  },
  registerSatellite: {
    expect: { ...everyone(401), reg: 201 },
    request: () => ({ body: { name: unique('sat-') } }),
  },
  listSatellites: { expect: signedIn(200), note: 'each caller sees the satellites they manage' },
  getSatellite: { expect: satelliteManager(200) },
  updateSatellite: {
    expect: satelliteManager(200),
    request: async (ctx) => ({
      params: { satelliteId: (await ctx.w.scratch.satellite()).id },
      body: { name: unique('renamed-') },
    }),
  },
  deleteSatellite: {
    expect: satelliteManager(200),
    request: async (ctx) => ({ params: { satelliteId: (await ctx.w.scratch.satellite()).id } }),
  },
  rotateSatelliteKey: {
    expect: satelliteManager(200),
    request: async (ctx) => ({ params: { satelliteId: (await ctx.w.scratch.satellite()).id } }),
  },
  listSatelliteMetrics: { expect: satelliteManager(200) },
  streamSatelliteMetrics: {
    expect: satelliteManager(400),
    request: () => ({ query: NEVER_OPEN }),
    note: 'stream: a caller who is let in gets 400 for the unknown parameter',
  },
  listSatelliteProcesses: { expect: satelliteManager(200) },
  listSatelliteEventHistory: { expect: satelliteManager(200) },
  streamSatelliteEventHistory: {
    expect: satelliteManager(400),
    request: () => ({ query: NEVER_OPEN }),
    note: 'stream: a caller who is let in gets 400 for the unknown parameter',
  },

  // ---- satellites: their own channels
  satelliteHeartbeat: {
    expect: ownSatellite(200),
    request: () => ({ body: { status: 'healthy' } }),
  },
  pollSatelliteCommands: { expect: ownSatellite(200) },
  reportCommandResult: {
    expect: ownSatellite(200),
    request: () => ({ body: { status: 'acknowledged' } }),
  },
  reportSatelliteCommandResult: {
    expect: ownSatellite(200),
    request: (ctx) => ({ body: { command_id: ctx.w.commandId, status: 'completed' } }),
  },
  getSatelliteOAuthTokenStatus: {
    expect: ownSatellite(200),
    request: (ctx) => ({ body: upstreamTokenRequest(ctx.w) }),
  },
  retrieveSatelliteOAuthToken: {
    expect: ownSatellite(404),
    request: (ctx) => ({ body: upstreamTokenRequest(ctx.w) }),
    note: 'no upstream OAuth token is stored yet: the satellite that serves I is told so (404)',
  },
  getSatelliteGitHubToken: {
    expect: ownSatellite(404),
    note: 'no GitHub token is stored: the satellite that serves I downloads anonymously (404)',
  },
  getSatelliteConfig: { expect: ownSatellite(200) },
  postSatelliteEvents: {
    expect: ownSatellite(200),
    request: (ctx) => ({
      body: {
        events: [
          event('mcp.server.status_changed', {
            installation_id: ctx.w.installationId,
            team_id: ctx.w.teamId,
            user_id: ctx.w.alice.id,
            status: 'online',
            timestamp: new Date().toISOString(),
          }),
        ],
      },
    }),
  },

  // ---- logs and activity of installation I
  listServerLogs: { expect: teamMemberScoped(200) },
  listRequestLogs: { expect: teamMemberScoped(200) },
  listInstallationTools: { expect: teamMemberScoped(200) },
  listInstallationUsage: { expect: teamMemberScoped(200) },
  listClientActivity: { expect: signedInScoped(200) },
  streamClientActivity: {
    expect: signedInScoped(400),
    request: () => ({ query: NEVER_OPEN }),
    note: 'stream: a caller who is let in gets 400 for the unknown parameter',
  },

  // ---- notifications of team T
  listTeamNotifications: { expect: teamMember(200) },
  streamTeamNotifications: {
    expect: teamMember(400),
    request: () => ({ query: NEVER_OPEN }),
    note: 'stream: a caller who is let in gets 400 for the unknown parameter',
  },
  markTeamNotificationRead: { expect: teamMember(200) },
  markAllTeamNotificationsRead: { expect: teamMember(200) },

  // ---- audit log: the whole log for global administrators, team T's for its administrators
  listAuditEntries: { expect: globalAdmin(200) },
  streamAuditEntries: {
    expect: globalAdmin(400),
    request: () => ({ query: NEVER_OPEN }),
    note: 'stream: a caller who is let in gets 400 for the unknown parameter',
  },
  exportAuditEntries: { expect: globalAdmin(200) },
  verifyAuditChain: { expect: globalAdmin(200) },
  getAuditChainHead: { expect: globalAdmin(200) },
  listTeamAuditEntries: { expect: teamAdmin(200) },
  streamTeamAuditEntries: {
    expect: teamAdmin(400),
    request: () => ({ query: NEVER_OPEN }),
    note: 'stream: a caller who is let in gets 400 for the unknown parameter',
  },
  exportTeamAuditEntries: { expect: teamAdmin(200) },

  // ---- OAuth 2.0
  getOAuthMetadata: { expect: everyone(200) },
  oauthAuthorize: {
    expect: everyone(302),
    request: () => ({ query: authorizeQuery() }),
    note: 'to the sign-in page, or to the consent page when signed in',
  },
  oauthLoginPage: { expect: everyone(200) },
  oauthLoginSubmit: {
    expect: everyone(303),
    request: () => ({ body: { login: 'carol', password: PASSWORD }, form: true }),
  },
  oauthConsentPage: {
    expect: { ...everyone(302), user: 200, other: 200, member: 200, admin: 200, root: 200 },
    request: () => ({ query: authorizeQuery() }),
    note: 'a browser without a session cookie is sent to the sign-in page',
  },
  oauthConsentDecision: {
    expect: { ...everyone(401), user: 303, other: 303, member: 303, admin: 303, root: 303 },
    request: async (ctx) => {
      const query = authorizeQuery();
      const fields = isCookie(ctx.role)
        ? formFields(await html(ctx, `/api/oauth2/consent?${query}`))
        : { ...Object.fromEntries(new URLSearchParams(query)), csrf_token: 'x' };
      return { body: { ...fields, decision: 'deny' }, form: true };
    },
    note: 'public form post that needs the session of the browser that saw the consent page',
  },
  oauthToken: {
    expect: everyone(400),
    request: () => ({
      body: {
        grant_type: 'authorization_code',
        client_id: 'service-gateway-cli',
        code: 'not-a-code',
        redirect_uri: 'http://127.0.0.1:8976/oauth/callback',
        code_verifier: 'v'.repeat(43),
      },
      form: true,
    }),
    note: 'public (client authentication is by PKCE): a bad code is invalid_grant for everyone',
  },
  oauthRevoke: {
    expect: everyone(200),
    request: () => ({ body: { token: 'unknown', client_id: 'service-gateway-cli' }, form: true }),
  },
  oauthIntrospect: {
    expect: { ...signedInScoped(200), satOther: 200, sat: 200 },
    request: () => ({ body: { token: 'unknown' } }),
    note: 'satellites introspect their MCP clients’ tokens with their own key',
  },
  listOAuthGrants: { expect: signedIn(200) },
  revokeOAuthGrant: {
    expect: signedIn(200),
    request: async (ctx) => ({
      params: { grantId: await ctx.w.scratch.grant(ctx.userId ?? ctx.w.alice.id) },
    }),
    note: 'each caller revokes a grant of their own account',
  },
  oauthGrantsPage: {
    expect: { ...everyone(302), user: 200, other: 200, member: 200, admin: 200, root: 200 },
    note: 'a browser without a session cookie is sent to the sign-in page',
  },
  oauthGrantsPageRevoke: {
    expect: { ...signedIn(303) },
    request: async (ctx) => {
      const grantId = await ctx.w.scratch.grant(ctx.userId ?? ctx.w.alice.id);
      const page = isCookie(ctx.role) ? await html(ctx, '/api/oauth2/grants/page') : '';
      const csrf = new RegExp(
        `name="grant_id" value="${grantId}">\\s*<input type="hidden" name="csrf_token" value="([^"]*)"`,
      ).exec(page)?.[1];
      return { body: { grant_id: grantId, csrf_token: csrf ?? 'x' }, form: true };
    },
  },

  getOpenIdConfiguration: { expect: everyone(200) },
  oauthRegisterClient: {
    expect: everyone(201),
    request: () => ({ body: { redirect_uris: ['http://127.0.0.1:7777/callback'] } }),
    note: 'dynamic client registration is open to anyone (RFC 7591), limited per address',
  },
  oauthUserinfo: {
    expect: { ...everyone(401), noscope: 200, bearer: 200 },
    note: 'any valid OAuth access token, whatever its scopes; cookies and other keys are no tokens',
  },
  listAuthorizedOAuthClients: { expect: signedIn(200) },
  revokeAuthorizedOAuthClient: {
    expect: signedIn(200),
    request: async (ctx) => {
      // A grant to a client of its own, so that revoking it leaves the role's tokens alone.
      const clientId = unique('ocl_matrix_');
      await createOAuthRepository(ctx.t.database.db.orm).insertGrant({
        id: unique('ogr_matrix_'),
        userId: ctx.userId ?? ctx.w.alice.id,
        clientId,
        scopes: ['mcp:read'],
      });
      return { params: { clientId } };
    },
  },
  listOAuthClients: { expect: globalAdmin(200) },
  revokeOAuthClient: {
    expect: globalAdmin(200),
    request: async (ctx) => {
      const res = await ctx.t.app.inject({
        method: 'POST',
        url: '/api/oauth2/register',
        headers: { 'content-type': 'application/json' },
        payload: { redirect_uris: ['http://127.0.0.1:7777/callback'] },
      });
      return { params: { clientId: res.json().client_id as string } };
    },
  },
  listTeamOAuthClients: { expect: teamAdmin(200) },

  // ---- plugins
  listPlugins: { expect: globalAdmin(200) },
  examplePluginListExamples: { expect: signedIn(200) },
  examplePluginCreateExample: { expect: signedIn(201), request: () => ({ body: { name: 'New' } }) },
  examplePluginGetExample: { expect: signedIn(200) },
  examplePluginUpdateExample: {
    expect: signedIn(200),
    request: () => ({ body: { name: 'Renamed' } }),
  },
  examplePluginDeleteExample: {
    expect: signedIn(200),
    request: async (ctx) => ({ params: { id: await ctx.w.scratch.example() } }),
  },
};

let t: TestApp;
let w: World;
let operations: Map<string, Operation>;

beforeAll(async () => {
  t = await createTestApp({ env: UNLIMITED_ENV });
  w = await buildWorld(t);
  operations = new Map(
    operationsOf((await servedDescription(t.app)).dereferenced).map((op) => [op.id, op]),
  );
}, 120_000);
afterAll(async () => t?.close());

async function credentials(role: Role): Promise<{ headers: Headers; userId: string | null }> {
  switch (role) {
    case 'anon':
      return { headers: {}, userId: null };
    case 'user':
      return { headers: w.carol.headers, userId: w.carol.id };
    case 'other':
      return { headers: w.dave.headers, userId: w.dave.id };
    case 'member':
      return { headers: w.bob.headers, userId: w.bob.id };
    case 'admin':
      return { headers: w.alice.headers, userId: w.alice.id };
    case 'root':
      return { headers: w.root.headers, userId: w.root.id };
    case 'noscope':
      return { headers: w.bearerNoScope, userId: w.alice.id };
    case 'bearer':
      return { headers: w.bearerAll, userId: w.alice.id };
    case 'satOther':
      return { headers: w.satG.headers, userId: null };
    case 'sat':
      return { headers: w.satT.headers, userId: null };
    case 'reg': {
      const { token } = await w.scratch.registrationToken();
      return { headers: { authorization: `Bearer ${token}` }, userId: null };
    }
  }
}

function defaultParam(op: Operation, name: string): string {
  if (name === 'id') {
    if (op.path.startsWith('/api/mcp/categories')) return w.categoryId;
    if (op.path.startsWith('/api/mcp/servers')) return w.serverId;
    if (op.path.startsWith('/api/plugin/example-plugin')) return w.exampleId;
  }
  const values: Record<string, string> = {
    teamId: w.teamId,
    installationId: w.installationId,
    satelliteId: w.satT.id,
    versionId: w.versionId,
    commandId: w.commandId,
    notificationId: w.notificationId,
    key: 'auth.registration_enabled',
  };
  const value = values[name];
  if (!value) throw new Error(`${op.id}: no default for path parameter ${name}`);
  return value;
}

/** What the request of the 403-before-validation check adds: a parameter and a field nobody knows. */
const UNKNOWN = 'not_a_parameter';

/** The row's request made invalid twice over: an unknown query parameter and an unknown body field. */
function invalidated(op: Operation, request: Request): Request {
  const query = [request.query, `${UNKNOWN}=1`].filter(Boolean).join('&');
  if (!op.body && !['POST', 'PUT', 'PATCH'].includes(op.method)) return { ...request, query };
  const body =
    request.body && typeof request.body === 'object' && !Array.isArray(request.body)
      ? { ...(request.body as Record<string, unknown>), [UNKNOWN]: 1 }
      : { [UNKNOWN]: 1 };
  return { ...request, query, body };
}

async function statusFor(
  op: Operation,
  row: Row,
  role: Role,
  { invalid = false }: { invalid?: boolean } = {},
): Promise<number> {
  const own = await credentials(role);
  const built = (await row.request?.({ w, t, role, ...own })) ?? {};
  const request = invalid ? invalidated(op, built) : built;
  const params: Record<string, string> = {};
  for (const p of op.pathParams)
    params[p.name] = request.params?.[p.name] ?? defaultParam(op, p.name);
  const headers: Headers = { ...(request.headers ?? own.headers) };
  let payload: string | undefined;
  if (request.body !== undefined) {
    headers['content-type'] = request.form
      ? 'application/x-www-form-urlencoded'
      : 'application/json';
    payload = request.form
      ? new URLSearchParams(request.body as Record<string, string>).toString()
      : JSON.stringify(request.body);
  }
  const res = await t.app.inject({
    method: op.method as 'GET',
    url: fillPath(op.path, params) + (request.query ? `?${request.query}` : ''),
    headers,
    payload,
  });
  return res.statusCode;
}

describe('authorization matrix', () => {
  it('has a row for every operation in the served description, and no row for a missing one', () => {
    const served = [...operations.keys()].sort();
    expect(Object.keys(MATRIX).sort()).toEqual(served);
  });

  it('opens the first-run routes to anyone only while no account exists', async () => {
    const fresh = await createTestApp({ env: UNLIMITED_ENV });
    try {
      const before = await fresh.app.inject({ url: '/api/db/migrations' });
      expect(before.statusCode, before.body).toBe(200);
      const after = await t.app.inject({ url: '/api/db/migrations' });
      expect(after.statusCode).toBe(401);
    } finally {
      await fresh.close();
    }
  });

  it.each(Object.keys(MATRIX))('%s answers each caller as the table says', async (id) => {
    const op = operations.get(id);
    if (!op) throw new Error(`${id} is not in the served description`);
    const row = MATRIX[id]!;
    const wrong: string[] = [];
    for (const role of ROLES) {
      const status = await statusFor(op, row, role);
      if (status !== row.expect[role])
        wrong.push(`${role}: ${status}, expected ${row.expect[role]}`);
    }
    expect(wrong, row.note).toEqual([]);
  });
});

/**
 * Permission comes before validation everywhere: a caller the table turns away (401, 403, or 404
 * where the resource is hidden from them) gets that same answer when the query has a parameter
 * the route does not know and the body a field it does not know, never the 400 that a permitted
 * caller gets for them (docs/api-conventions.md, "Which error comes first").
 */
describe('security: 403 before validation', () => {
  const DENIED = new Set([401, 403, 404]);
  /**
   * 404s that are not a refusal: the caller is let in and the thing named does not exist for
   * them, so validation comes first as it does for any permitted caller.
   */
  const NOT_REFUSALS: Partial<Record<string, Role[]>> = {
    getMyInstanceStatus: ['root'],
    getMyUserConfig: ['root'],
    saveMyUserConfig: ['root'],
    getUpstreamOAuth: ['root'],
    startUpstreamOAuth: ['root'],
    startUpstreamOAuthInBrowser: ['root'],
    disconnectUpstreamOAuth: ['root'],
    retrieveSatelliteOAuthToken: ['sat'],
    getSatelliteGitHubToken: ['sat'],
  };

  it.each(Object.keys(MATRIX))(
    '%s refuses each caller it turns away before it validates the query and body',
    async (id) => {
      const op = operations.get(id);
      if (!op) throw new Error(`${id} is not in the served description`);
      const row = MATRIX[id]!;
      const refused = ROLES.filter(
        (role) => DENIED.has(row.expect[role]) && !NOT_REFUSALS[id]?.includes(role),
      );
      const wrong: string[] = [];
      for (const role of op.security.length === 0 ? [] : refused) {
        const status = await statusFor(op, row, role, { invalid: true });
        if (status !== row.expect[role])
          wrong.push(`${role}: ${status}, expected ${row.expect[role]}`);
      }
      expect(wrong, row.note).toEqual([]);
    },
  );
});
