import type { Permission } from '../../modules/roles/permissions.js';
import type { FastifyRequest } from 'fastify';
import type { AccessRule, AuthDeclaration, OAuthScope } from './types.js';

type UserOptions = Omit<Extract<AuthDeclaration, { mode: 'user' }>, 'mode'>;

/** Route-level auth declarations, used as `config: { auth: … }`. */
export const auth = {
  public: (): AuthDeclaration => ({ mode: 'public' }),
  user: (options: UserOptions = {}): AuthDeclaration => ({ mode: 'user', ...options }),
  /** A route inside the team named by the `teamId` path parameter. */
  team: (
    options: {
      permission?: Permission;
      scope?: OAuthScope;
      param?: string;
      /** A path parameter that, when it names the caller, waives `permission`. */
      selfParam?: string;
    } = {},
  ): AuthDeclaration => ({
    mode: 'user',
    ...(options.scope ? { scope: options.scope } : {}),
    team: {
      param: options.param ?? 'teamId',
      ...(options.permission ? { permission: options.permission } : {}),
      ...(options.selfParam ? { selfParam: options.selfParam } : {}),
    },
  }),
  firstRun: (permission: Permission): AuthDeclaration => ({ mode: 'first-run', permission }),
  satellite: (param = 'satelliteId'): AuthDeclaration => ({ mode: 'satellite', param }),
  registrationToken: (): AuthDeclaration => ({ mode: 'registration-token' }),
};

/**
 * Per-record permission checks, used as `config: { access: … }` beside `auth`. The conventions
 * hook runs them after authentication and before validation, so that a caller who may not act on
 * the record gets 403 (or 404) whatever else is wrong with the request.
 */
export const access = {
  /** Decided from the path: runs before the body is read. */
  byPath: (check: (request: FastifyRequest) => Promise<unknown>): AccessRule => ({
    check: async (request) => void (await check(request)),
    readsBody: false,
  }),
  /** Needs the body (e.g. the team it names): runs on the parsed, not yet validated body. */
  byBody: (check: (request: FastifyRequest) => Promise<unknown>): AccessRule => ({
    check: async (request) => void (await check(request)),
    readsBody: true,
  }),
};
