import type { Permission } from '../../modules/roles/permissions.js';
import type { AuthDeclaration, OAuthScope } from './types.js';

/** Route-level auth declarations, used as `config: { auth: … }`. */
export const auth = {
  public: (): AuthDeclaration => ({ mode: 'public' }),
  user: (options: { scope?: OAuthScope; permission?: Permission } = {}): AuthDeclaration => ({
    mode: 'user',
    ...options,
  }),
  firstRun: (permission: Permission): AuthDeclaration => ({ mode: 'first-run', permission }),
  satellite: (): AuthDeclaration => ({ mode: 'satellite' }),
  registrationToken: (): AuthDeclaration => ({ mode: 'registration-token' }),
};
