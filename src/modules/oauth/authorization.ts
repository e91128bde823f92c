import type { AuditRequest } from '../audit/context.js';
import { audit } from '../audit/writer.js';
import { ValidationError } from '../../http/errors.js';
import { OAUTH_SCOPES, type OAuthScope } from '../../http/auth/types.js';
import { addSeconds } from '../../lib/clock.js';
import { issueSecret } from '../../lib/crypto.js';
import { CLIENT_KIND_WORDS, parseScopes, type ClientKind, type OAuthClient } from './clients.js';
import type { OAuthErrorCode } from './errors.js';
import {
  errorRedirect,
  redirectTo,
  resourceParameter,
  stillMember,
  str,
  type OAuthServiceDeps,
} from './service-support.js';

export const CODE_TTL_SECONDS = 10 * 60;

export interface AuthorizationRequest {
  client: OAuthClient;
  redirectUri: string;
  scopes: OAuthScope[];
  /** Requested scopes this server does not offer: left out of the grant, named on the page. */
  dropped: string[];
  state: string | undefined;
  codeChallenge: string;
  /** RFC 8707: the resource (satellite URL) the tokens are for; their audience. */
  resource: string | undefined;
}

export type AuthorizationCheck =
  /** Nothing can be trusted to redirect to: show the error here (RFC 6749 §4.1.2.1). */
  | { kind: 'fatal'; message: string }
  | { kind: 'redirect'; location: string }
  | { kind: 'ok'; request: AuthorizationRequest };

export type AuthorizationQuery = Record<string, unknown>;

/** A team the consent page offers to bind the client to. */
export interface TeamChoice {
  id: string;
  name: string;
  isDefault: boolean;
}

/** The authorization endpoint and its consent page: what is asked, what is approved. */
export interface OAuthAuthorization {
  /** Checks an authorization request in the order RFC 6749 §4.1.2.1 requires. */
  checkAuthorization(query: AuthorizationQuery, request: AuditRequest): Promise<AuthorizationCheck>;
  /** The teams the user may bind the client to, their default team first. */
  teamChoices(userId: string): Promise<TeamChoice[]>;
  /** How the consent page words the kind of client. */
  clientKindWords(kind: ClientKind): string;
  /** The requested scopes with the words the consent page shows for each. */
  describeScopes(scopes: OAuthScope[]): Array<{ scope: OAuthScope; description: string }>;
  /** The team of a remembered approval that covers this request, or null to show the page. */
  rememberedTeam(userId: string, request: AuthorizationRequest): Promise<string | null>;
  /** The team the user chose on the consent page (their default team when none is chosen). */
  chosenTeam(userId: string, teamId: string | undefined): Promise<string>;
  /** Records the approval, issues a code and answers the redirect that carries it. */
  approve(
    userId: string,
    request: AuthorizationRequest,
    teamId: string,
    httpRequest: AuditRequest,
  ): Promise<string>;
  /** Records the refusal and answers the redirect that carries access_denied. */
  deny(userId: string, request: AuthorizationRequest, httpRequest: AuditRequest): Promise<string>;
}

const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Whether a remembered approval was given for where this request's code goes and what its
 * tokens are for: the same redirect URI and the same resource (or none, for both).
 */
function sameTarget(
  consent: { redirectUri: string; resource: string | null },
  request: AuthorizationRequest,
): boolean {
  return (
    consent.redirectUri === request.redirectUri && consent.resource === (request.resource ?? null)
  );
}

/** Checks an authorization request in the order RFC 6749 §4.1.2.1 requires. */
async function checkAuthorization(
  deps: OAuthServiceDeps,
  query: AuthorizationQuery,
  request: AuditRequest,
): Promise<AuthorizationCheck> {
  const clientId = str(query.client_id);
  if (!clientId) return { kind: 'fatal', message: 'client_id is missing' };
  const found = await deps.clients.resolve(clientId, request);
  if ('error' in found) return { kind: 'fatal', message: found.error };
  const { client } = found;
  const redirectUri = str(query.redirect_uri);
  if (!redirectUri || !client.redirectUris.includes(redirectUri)) {
    return {
      kind: 'fatal',
      message: 'redirect_uri is missing or not registered for this client',
    };
  }
  const state = str(query.state);
  const fail = (error: OAuthErrorCode, description: string): AuthorizationCheck => ({
    kind: 'redirect',
    location: errorRedirect(deps.issuer, redirectUri, state, error, description),
  });
  if (query.response_type !== 'code')
    return fail('unsupported_response_type', 'response_type must be code');
  const challenge = str(query.code_challenge);
  if (!challenge) return fail('invalid_request', 'code_challenge is required (PKCE)');
  if (query.code_challenge_method !== 'S256') {
    return fail('invalid_request', 'code_challenge_method must be S256');
  }
  if (!CHALLENGE.test(challenge))
    return fail('invalid_request', 'code_challenge must be a base64url SHA-256 digest');
  const target = resourceParameter(query.resource);
  if ('error' in target) return fail('invalid_target', target.error);
  const scope = str(query.scope);
  if (!scope) return fail('invalid_request', 'scope is required');
  // Unknown scopes are left out rather than failing the request; the token answer's
  // `scope` says what was granted (RFC 6749 §3.3).
  const { scopes, unknown } = parseScopes(scope);
  if (scopes.length === 0) {
    return fail('invalid_scope', `None of the requested scopes is offered: ${unknown.join(' ')}`);
  }
  return {
    kind: 'ok',
    request: {
      client,
      redirectUri,
      scopes,
      dropped: unknown,
      state,
      codeChallenge: challenge,
      resource: target.resource,
    },
  };
}

/** The teams the user may bind the client to, their default team first. */
async function teamChoices(deps: OAuthServiceDeps, userId: string): Promise<TeamChoice[]> {
  const { items } = await deps.teams.listForUser(userId, null);
  return items.map((i, index) => ({
    id: i.team.id,
    name: i.team.name,
    isDefault: index === 0 && i.team.isDefault && i.team.ownerUserId === userId,
  }));
}

/**
 * The team of a remembered approval that covers this request, or null when the page must be
 * shown: no approval, more scopes, another redirect URI or resource (a token without a
 * resource works on this service's API and at every satellite of the team, so it is wider
 * than one bound to a satellite), or the user has left that team since.
 */
async function rememberedTeam(
  deps: OAuthServiceDeps,
  userId: string,
  request: AuthorizationRequest,
): Promise<string | null> {
  const consent = await deps.repository.findConsent(userId, request.client.id);
  if (!consent?.teamId || !sameTarget(consent, request)) return null;
  if (!request.scopes.every((s) => consent.scopes.includes(s))) return null;
  return (await stillMember(deps.teams, consent.teamId, userId)) ? consent.teamId : null;
}

/**
 * The team the user chose on the consent page: one they belong to. None chosen (a form
 * without the field) means their default team.
 */
async function chosenTeam(
  deps: OAuthServiceDeps,
  userId: string,
  teamId: string | undefined,
): Promise<string> {
  if (!teamId) {
    const own = await deps.teams.findDefaultFor(userId);
    if (own?.role) return own.team.id;
    throw new ValidationError('Choose the team this application may act for');
  }
  if (!(await stillMember(deps.teams, teamId, userId)))
    throw new ValidationError('You are not a member of the chosen team');
  return teamId;
}

/** Remembers the approval, stores a code for it and records the grant of consent. */
async function approve(
  deps: OAuthServiceDeps,
  userId: string,
  request: AuthorizationRequest,
  teamId: string,
  httpRequest: AuditRequest,
): Promise<string> {
  const { repository } = deps;
  const now = deps.clock();
  const code = issueSecret('oac');
  await deps.db.orm.transaction(async (tx) => {
    const previous = await repository.findConsent(userId, request.client.id, tx);
    // Scopes approved for another team, redirect URI or resource are not carried over.
    const kept =
      previous?.teamId === teamId && sameTarget(previous, request) ? previous.scopes : [];
    await repository.saveConsent(
      {
        userId,
        clientId: request.client.id,
        scopes: [...new Set([...kept, ...request.scopes])],
        teamId,
        redirectUri: request.redirectUri,
        resource: request.resource ?? null,
      },
      now,
      tx,
    );
    await repository.insertCode(
      {
        id: code.id,
        secretHash: code.secretHash,
        userId,
        clientId: request.client.id,
        redirectUri: request.redirectUri,
        scopes: request.scopes,
        teamId,
        resource: request.resource ?? null,
        codeChallenge: request.codeChallenge,
        createdAt: now,
        expiresAt: addSeconds(now, CODE_TTL_SECONDS),
      },
      tx,
    );
    await audit(tx, {
      action: 'oauth.consent_granted',
      request: httpRequest,
      actor: { type: 'user', id: userId },
      teamId,
      target: { type: 'oauth_client', id: request.client.id },
      details: { scopes: request.scopes },
    });
  });
  return redirectTo(deps.issuer, request.redirectUri, { code: code.token, state: request.state });
}

/** The user refused on the consent page; nothing is granted, but the refusal is recorded. */
async function deny(
  deps: OAuthServiceDeps,
  userId: string,
  request: AuthorizationRequest,
  httpRequest: AuditRequest,
) {
  await audit(deps.db.orm, {
    action: 'oauth.consent_denied',
    request: httpRequest,
    actor: { type: 'user', id: userId },
    target: { type: 'oauth_client', id: request.client.id },
    details: { scopes: request.scopes },
  });
  return errorRedirect(
    deps.issuer,
    request.redirectUri,
    request.state,
    'access_denied',
    'The user denied the request',
  );
}

/** The authorization part of the OAuth service, over its dependencies. */
export function createOAuthAuthorization(deps: OAuthServiceDeps): OAuthAuthorization {
  return {
    checkAuthorization: (query, request) => checkAuthorization(deps, query, request),
    teamChoices: (userId) => teamChoices(deps, userId),
    clientKindWords: (kind) => CLIENT_KIND_WORDS[kind],
    describeScopes: (scopes) => scopes.map((s) => ({ scope: s, description: OAUTH_SCOPES[s] })),
    rememberedTeam: (userId, request) => rememberedTeam(deps, userId, request),
    chosenTeam: (userId, teamId) => chosenTeam(deps, userId, teamId),
    approve: (userId, request, teamId, httpRequest) =>
      approve(deps, userId, request, teamId, httpRequest),
    deny: (userId, request, httpRequest) => deny(deps, userId, request, httpRequest),
  };
}
