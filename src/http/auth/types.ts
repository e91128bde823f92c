import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GlobalRole, Permission, TeamRole } from '../../modules/roles/permissions.js';

/**
 * The one list of OAuth scopes, with the words the consent page shows. Discovery metadata, the
 * OpenAPI description and the authorization server all read it: a new scope is one line here.
 */
export const OAUTH_SCOPES = {
  'mcp:read': 'Read MCP server installations and configurations',
  'account:read': 'Read account information',
  'user:read': 'Read user profile information',
  'teams:read': 'Read team memberships and information',
  'registry:read': 'Read the MCP server registry (/v0.1)',
  'mcp:tools:execute': 'Call tools of the chosen team’s MCP servers through a satellite',
  offline_access: 'Keep access when the application is not in active use',
} as const;
export type OAuthScope = keyof typeof OAUTH_SCOPES;

export interface UserActor {
  type: 'user';
  userId: string;
  globalRole: GlobalRole;
  /** How the caller proved who they are; bearer callers are limited by their scopes. */
  via: 'cookie' | 'bearer';
  scopes: readonly string[];
  /** Cookie session id, when `via` is cookie. */
  sessionId?: string;
  /** The access token's payload (client, scopes, expiry), when `via` is bearer. */
  tokenPayload?: Readonly<Record<string, unknown>>;
  /**
   * The team the access token is bound to (the one the user chose on the consent page), when
   * `via` is bearer and the token has one. The token acts in that team only: the auth hook
   * answers every other team's routes as it answers a non-member (see teamWithin for listings).
   */
  tokenTeamId?: string;
}

export interface SatelliteActor {
  type: 'satellite';
  satelliteId: string;
  teamId: string | null;
  satelliteType: 'global' | 'team';
  disabled: boolean;
}

export interface RegistrationActor {
  type: 'registration';
  tokenId: string;
  scope: 'global' | 'team';
  teamId: string | null;
}

export type Actor = UserActor | SatelliteActor | RegistrationActor;

/**
 * What a route requires, declared in its `config.auth`. The auth hook enforces it in `onRequest`,
 * before the body is parsed or validated, so 401 and 403 always come before 400.
 */
export type AuthDeclaration =
  | { mode: 'public' }
  | {
      mode: 'user';
      /** Also accept an OAuth bearer token that carries this scope. */
      scope?: OAuthScope;
      /**
       * Also accept a satellite API key (`request.actor` is then that satellite): for the few
       * user routes a satellite calls on behalf of its MCP clients, such as token introspection.
       */
      satellite?: boolean;
      /** A global permission the caller's role must hold. */
      permission?: Permission;
      /**
       * The route acts inside the team named by this path parameter: non-members get 404, and
       * members whose team role lacks `permission` get 403. Holders of the global
       * `teams.manage` permission act as that team's administrators.
       */
      team?: {
        param: string;
        permission?: Permission;
        /**
         * A path parameter naming an account: when it names the caller, `permission` is not
         * needed (e.g. any member may remove themselves from a team).
         */
        selfParam?: string;
      };
    }
  | {
      /** Open to anyone while no account exists; afterwards only to holders of `permission`. */
      mode: 'first-run';
      permission: Permission;
    }
  | {
      mode: 'satellite';
      /** The path parameter naming the satellite; a key of another satellite gets 403. */
      param?: string;
    }
  | { mode: 'registration-token' };

/** Turns one kind of credential into an actor, or null when it is not valid. */
export type CredentialResolver<A extends Actor> = (
  credential: string,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<A | null>;

/** Business modules fill these in; a credential kind nobody resolves is never accepted. */
export interface CredentialResolvers {
  session?: CredentialResolver<UserActor>;
  accessToken?: CredentialResolver<UserActor>;
  satelliteKey?: CredentialResolver<SatelliteActor>;
  registrationToken?: CredentialResolver<RegistrationActor>;
  accountsExist?: () => Promise<boolean>;
  /** Null when the team does not exist; otherwise the caller's role in it (null: not a member). */
  teamMembership?: (teamId: string, userId: string) => Promise<{ role: TeamRole | null } | null>;
}

/**
 * A permission check that depends on the record a request names (a satellite, a token), declared
 * as `config.access` beside `config.auth`. It throws ForbiddenError, or NotFoundError where the
 * caller may not learn that the record exists.
 */
export interface AccessRule {
  check: (request: FastifyRequest) => Promise<void>;
  /**
   * The check reads the body: it runs once the body is parsed and still before it is validated,
   * so it must not trust the body's shape. Otherwise it runs before the body is read.
   */
  readsBody: boolean;
}
