import type { Permission } from '../../modules/roles/permissions.js';
import type { AuthDeclaration, OAuthScope } from './types.js';

type UserOptions = Omit<Extract<AuthDeclaration, { mode: 'user' }>, 'mode'>;

/** Route-level auth declarations, used as `config: { auth: … }`. */
export const auth = {
  public: (): AuthDeclaration => ({ mode: 'public' }),
  user: (options: UserOptions = {}): AuthDeclaration => ({ mode: 'user', ...options }),
  /** A route inside the team named by the `teamId` path parameter. */
  team: (
    options: { permission?: Permission; scope?: OAuthScope; param?: string } = {},
  ): AuthDeclaration => ({
    mode: 'user',
    ...(options.scope ? { scope: options.scope } : {}),
    team: {
      param: options.param ?? 'teamId',
      ...(options.permission ? { permission: options.permission } : {}),
    },
  }),
  firstRun: (permission: Permission): AuthDeclaration => ({ mode: 'first-run', permission }),
  satellite: (param = 'satelliteId'): AuthDeclaration => ({ mode: 'satellite', param }),
  registrationToken: (): AuthDeclaration => ({ mode: 'registration-token' }),
};
