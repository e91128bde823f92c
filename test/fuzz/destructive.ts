import type { World } from '../helpers/world.js';
import type { Caller } from './requests.js';

type Headers = Record<string, string>;

export interface Preparation {
  /** Path parameters that name throw-away records instead of the world's own. */
  params?: Record<string, string>;
  /** Credentials that replace the caller's, for requests that end or change them. */
  headers?: Headers;
}

interface Context {
  w: World;
  caller: Caller;
}

const scratchSession = async ({ w, caller }: Context): Promise<Preparation> =>
  caller.kind === 'cookie' && caller.userId
    ? { headers: await w.scratch.session(caller.userId) }
    : {};

/** A new account's session in place of a signed-in caller: the request changes the account. */
const scratchAccount = async ({ w, caller }: Context): Promise<Preparation> =>
  caller.kind === 'cookie' ? { headers: (await w.scratch.user()).headers } : {};

/**
 * Operations that would delete, disable or re-key the records and credentials the fuzzer itself
 * relies on. When the fuzzer picks the "real record" for their path parameters, they get a
 * throw-away record made for that one request instead; requests that end or change the caller's
 * own session or account run on a throw-away session or account.
 */
export const PREPARE: Record<string, (ctx: Context) => Promise<Preparation>> = {
  logout: scratchSession,
  changeMyPassword: scratchAccount,
  updateMe: scratchAccount,
  adminUpdateUser: async ({ w }) => ({ params: { userId: (await w.scratch.user()).id } }),
  deleteUser: async ({ w }) => ({ params: { userId: (await w.scratch.user()).id } }),
  updateTeam: async ({ w }) => ({ params: { teamId: await w.scratch.team() } }),
  deleteTeam: async ({ w }) => ({ params: { teamId: await w.scratch.team() } }),
  addTeamMember: async ({ w }) => ({ params: { teamId: await w.scratch.team() } }),
  changeTeamMemberRole: async ({ w }) => ({
    params: { teamId: await w.scratch.team(), userId: w.bob.id },
  }),
  removeTeamMember: async ({ w }) => ({
    params: { teamId: await w.scratch.team(), userId: w.bob.id },
  }),
  deleteInstallation: async ({ w }) => ({
    params: { installationId: await w.scratch.installation() },
  }),
  deleteCategory: async ({ w }) => ({ params: { id: await w.scratch.category() } }),
  updateGlobalServer: async ({ w }) => ({ params: { id: await w.scratch.server() } }),
  deleteGlobalServer: async ({ w }) => ({ params: { id: await w.scratch.server() } }),
  updateSatellite: async ({ w }) => ({ params: { satelliteId: (await w.scratch.satellite()).id } }),
  deleteSatellite: async ({ w }) => ({ params: { satelliteId: (await w.scratch.satellite()).id } }),
  rotateSatelliteKey: async ({ w }) => ({
    params: { satelliteId: (await w.scratch.satellite()).id },
  }),
  revokeRegistrationToken: async ({ w }) => ({
    params: { tokenId: (await w.scratch.registrationToken()).id },
  }),
  revokeOAuthGrant: async ({ w, caller }) => ({
    params: { grantId: await w.scratch.grant(caller.userId ?? w.alice.id) },
  }),
  examplePluginDeleteExample: async ({ w }) => ({ params: { id: await w.scratch.example() } }),
  // A registration token works once: each request gets its own.
  registerSatellite: async ({ w, caller }) =>
    caller.kind === 'registration'
      ? {
          headers: {
            authorization: `Bearer ${(await w.scratch.registrationToken()).token}`,
          },
        }
      : {},
};

/**
 * Operations whose success changes global behaviour (registration switched off, SMTP pointed at
 * a random host, documentation hidden): every setting is put back after each of their requests.
 */
export const RESTORE_SETTINGS = new Set(['updateSettings', 'resetSetting']);

/**
 * Stream routes are never opened: a caller that could be let in always sends an unknown query
 * parameter, so the route answers 400 before the stream starts; the others see their 401, 403
 * or 404. The 200 path of streams is covered by test/http/stream.test.ts and the module tests.
 */
export const STREAMS = new Set([
  'streamClientActivity',
  'streamSatelliteMetrics',
  'streamSatelliteEventHistory',
  'streamTeamNotifications',
  'streamAuditEntries',
  'streamTeamAuditEntries',
]);
