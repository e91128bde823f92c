import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ForbiddenError,
  NotFoundError,
  RegistrationTokenError,
  UnauthorizedError,
} from '../errors.js';
import { globalRoleHas, teamRoleHas, type Permission } from '../../modules/roles/permissions.js';
import { bearerToken, SATELLITE_KEY_PREFIX, sessionCookie } from './credentials.js';
import { checkCookieOrigin } from './origin.js';
import { tokenReaches } from './token-team.js';
import type {
  Actor,
  AuthDeclaration,
  CredentialResolver,
  CredentialResolvers,
  OAuthScope,
  SatelliteActor,
  UserActor,
} from './types.js';

type UserDeclaration = Extract<AuthDeclaration, { mode: 'user' }>;

async function resolveUser(
  request: FastifyRequest,
  reply: FastifyReply,
  resolvers: CredentialResolvers,
  acceptBearer: boolean,
  trustedOrigins: ReadonlySet<string>,
): Promise<UserActor> {
  const bearer = bearerToken(request);
  const cookie = sessionCookie(request);
  // A bearer header is the caller's explicit choice, so it wins where the route accepts it.
  if (bearer && acceptBearer) {
    const actor = await resolvers.accessToken?.(bearer, request, reply);
    if (!actor) {
      throw new UnauthorizedError(
        'Authentication is required: the access token is invalid or expired',
      );
    }
    return actor;
  }
  if (cookie) {
    // Before the session is looked up: a forged request costs no query.
    checkCookieOrigin(request, trustedOrigins);
    const actor = await resolvers.session?.(cookie, request, reply);
    if (!actor) {
      throw new UnauthorizedError('Authentication is required: the session is invalid or expired');
    }
    return actor;
  }
  if (bearer) {
    throw new UnauthorizedError(
      'Authentication is required: this route accepts a session cookie only',
    );
  }
  throw new UnauthorizedError();
}

function checkScope(actor: UserActor, scope: OAuthScope | undefined) {
  if (actor.via !== 'bearer') return;
  if (!scope || !actor.scopes.includes(scope)) {
    throw new ForbiddenError(
      `The access token lacks the required scope ${scope ?? '(none accepted)'}`,
    );
  }
}

function checkPermission(actor: UserActor, permission: Permission | undefined) {
  if (permission && !globalRoleHas(actor.globalRole, permission)) {
    throw new ForbiddenError(`This requires the permission ${permission}`);
  }
}

const TEAM_NOT_FOUND = 'Team not found';

async function checkTeam(
  request: FastifyRequest,
  actor: UserActor,
  team: NonNullable<UserDeclaration['team']>,
  resolvers: CredentialResolvers,
) {
  const teamId = (request.params as Record<string, string | undefined>)[team.param];
  if (!teamId || teamId.length > 200) throw new NotFoundError(TEAM_NOT_FOUND);
  // The user granted a team-bound token for that one team: another team is out of its reach
  // whatever the user's memberships or global role, and answers as it does for a non-member.
  // Checked here, before any route code, so that no team route can forget it.
  if (!tokenReaches(actor, teamId)) throw new NotFoundError(TEAM_NOT_FOUND);
  const membership = await resolvers.teamMembership?.(teamId, actor.userId);
  const superuser = globalRoleHas(actor.globalRole, 'teams.manage');
  if (!membership || (!membership.role && !superuser)) throw new NotFoundError(TEAM_NOT_FOUND);
  // A global administrator acts in any existing team as its administrator.
  const effective = superuser ? 'team_admin' : membership.role!;
  const self =
    team.selfParam !== undefined &&
    (request.params as Record<string, string | undefined>)[team.selfParam] === actor.userId;
  if (team.permission && !self && !teamRoleHas(effective, team.permission)) {
    throw new ForbiddenError(`This requires the team permission ${team.permission}`);
  }
  request.teamRole = effective;
}

async function resolvePrefixed<A extends Actor>(
  request: FastifyRequest,
  reply: FastifyReply,
  prefix: string,
  resolver: CredentialResolver<A> | undefined,
  what: string,
): Promise<A> {
  const bearer = bearerToken(request);
  if (!bearer || !bearer.startsWith(prefix)) {
    throw new UnauthorizedError(`Authentication is required: send ${what} as a bearer token`);
  }
  const actor = await resolver?.(bearer, request, reply);
  if (!actor) throw new UnauthorizedError(`Authentication is required: the ${what} is not valid`);
  return actor;
}

/** A satellite's own key, of a satellite that is not disabled. */
async function resolveSatellite(
  request: FastifyRequest,
  reply: FastifyReply,
  resolvers: CredentialResolvers,
): Promise<SatelliteActor> {
  const actor = await resolvePrefixed(
    request,
    reply,
    SATELLITE_KEY_PREFIX,
    resolvers.satelliteKey,
    'satellite API key',
  );
  if (actor.disabled) throw new ForbiddenError('This satellite is disabled');
  return actor;
}

/**
 * Resolves and checks the caller against a route's declaration; sets `request.actor`.
 * `trustedOrigins` are the browser origins whose state-changing requests may use the cookie.
 */
export async function authenticate(
  request: FastifyRequest,
  reply: FastifyReply,
  declaration: AuthDeclaration,
  resolvers: CredentialResolvers,
  trustedOrigins: ReadonlySet<string>,
): Promise<void> {
  switch (declaration.mode) {
    case 'public':
      return;
    case 'user': {
      // Satellite keys are recognised by their prefix, so no user credential is mistaken for one.
      if (declaration.satellite && bearerToken(request)?.startsWith(SATELLITE_KEY_PREFIX)) {
        request.actor = await resolveSatellite(request, reply, resolvers);
        return;
      }
      const actor = await resolveUser(
        request,
        reply,
        resolvers,
        declaration.scope !== undefined,
        trustedOrigins,
      );
      checkScope(actor, declaration.scope);
      checkPermission(actor, declaration.permission);
      request.actor = actor;
      if (declaration.team) await checkTeam(request, actor, declaration.team, resolvers);
      return;
    }
    case 'first-run': {
      const accountsExist = resolvers.accountsExist ? await resolvers.accountsExist() : true;
      if (!accountsExist) return;
      const actor = await resolveUser(request, reply, resolvers, false, trustedOrigins);
      checkPermission(actor, declaration.permission);
      request.actor = actor;
      return;
    }
    case 'satellite': {
      const actor = await resolveSatellite(request, reply, resolvers);
      const named = (request.params as Record<string, string | undefined>)[
        declaration.param ?? 'satelliteId'
      ];
      if (named !== undefined && named !== actor.satelliteId) {
        throw new ForbiddenError('This API key belongs to another satellite');
      }
      request.actor = actor;
      return;
    }
    case 'registration-token': {
      // The token's form depends on SATELLITE_TOKEN_PREFIX, so the resolver reads it; refusals
      // carry the DeployStack satellite's codes (RegistrationTokenError).
      const bearer = bearerToken(request);
      if (!bearer) {
        throw new RegistrationTokenError(
          'registration_token_required',
          'Authentication is required: send the registration token as a bearer token',
        );
      }
      const actor = await resolvers.registrationToken?.(bearer, request, reply);
      if (!actor) {
        throw new RegistrationTokenError(
          'invalid_registration_token',
          'Authentication is required: the registration token is not valid',
        );
      }
      request.actor = actor;
      return;
    }
  }
}
