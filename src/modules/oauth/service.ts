import { createHash } from 'node:crypto';
import type { AuditRequest } from '../audit/context.js';
import { audit } from '../audit/writer.js';
import { and, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { ValidationError } from '../../http/errors.js';
import { OAUTH_SCOPES, type OAuthScope, type UserActor } from '../../http/auth/types.js';
import { addSeconds, type Clock } from '../../lib/clock.js';
import { issueSecret, parseIssuedToken, secretMatches, stringsEqual } from '../../lib/crypto.js';
import { newId } from '../../lib/ids.js';
import { globalRoleHas } from '../roles/permissions.js';
import type { MembershipListener } from '../teams/service.js';
import type { TeamRepository } from '../teams/repository.js';
import type { UserRepository } from '../users/repository.js';
import { ACCESS_TOKEN_TTL_SECONDS, type AccessTokenService } from './access-tokens.js';
import type { ClientDirectory } from './client-directory.js';
import { CLIENT_KIND_WORDS, parseScopes, type ClientKind, type OAuthClient } from './clients.js';
import { validResource } from './resource.js';
import { signalAccessInTransaction } from '../../http/stream/signals.js';
import { OAuthError, type OAuthErrorCode } from './errors.js';
import type { OAuthRepository } from './repository.js';
import { createOAuthManagement } from './management.js';
import { createSatelliteIntrospection } from './satellite-introspection.js';

export const CODE_TTL_SECONDS = 10 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

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

const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

const str = (value: unknown) => (typeof value === 'string' ? value : undefined);

export function s256(verifier: string) {
  return createHash('sha256').update(verifier).digest('base64url');
}

export interface OAuthServiceDeps {
  db: Database;
  repository: OAuthRepository;
  accessTokens: AccessTokenService;
  users: UserRepository;
  teams: TeamRepository;
  clients: ClientDirectory;
  clock: Clock;
  issuer: string;
  /** Told, in its transaction, that a user's tokens ended, so that satellites forget them. */
  accessEnded?: (userId: string, tx: Executor) => Promise<void>;
}

/** The `resource` parameter, when given: exactly one valid absolute URL (RFC 8707 §2). */
function resourceParameter(value: unknown): { resource: string | undefined } | { error: string } {
  if (value === undefined || value === '') return { resource: undefined };
  if (typeof value !== 'string' || !validResource(value))
    return { error: 'resource must be one absolute http(s) URL without a fragment' };
  return { resource: value };
}

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

export function createOAuthService(deps: OAuthServiceDeps) {
  const { db, repository, clock, clients } = deps;

  function redirectTo(uri: string, params: Record<string, string | undefined>) {
    const url = new URL(uri);
    for (const [key, value] of Object.entries(params))
      if (value !== undefined) url.searchParams.set(key, value);
    // RFC 9207: tells the client which server answered, against mix-up attacks.
    url.searchParams.set('iss', deps.issuer);
    return url.toString();
  }

  function errorRedirect(
    uri: string,
    state: string | undefined,
    error: OAuthErrorCode,
    description: string,
  ) {
    return redirectTo(uri, { error, error_description: description, state });
  }

  async function issueTokens(
    input: {
      userId: string;
      clientId: string;
      scopes: string[];
      grantId: string;
      teamId: string | null;
      resource: string | null;
      withRefresh: boolean;
    },
    tx: Parameters<AccessTokenService['issue']>[1],
  ) {
    const now = clock();
    const access = await deps.accessTokens.issue(input, tx);
    let refreshToken: string | undefined;
    if (input.withRefresh) {
      const refresh = issueSecret('ort');
      await repository.insertRefreshToken(
        {
          id: refresh.id,
          secretHash: refresh.secretHash,
          grantId: input.grantId,
          createdAt: now,
          expiresAt: addSeconds(now, REFRESH_TOKEN_TTL_SECONDS),
        },
        tx,
      );
      refreshToken = refresh.token;
    }
    return {
      access_token: access.token,
      token_type: 'Bearer' as const,
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
      scope: input.scopes.join(' '),
    };
  }

  /** The token, refresh and revocation requests' client: known and not revoked. */
  async function requireClient(clientId: unknown): Promise<{ id: string }> {
    if (typeof clientId !== 'string' || !clientId || !(await clients.isActive(clientId)))
      throw new OAuthError('invalid_client', 'Unknown or revoked client_id');
    return { id: clientId };
  }

  /** The team a token is bound to must still count the user among its members. */
  async function stillMember(teamId: string | null, userId: string) {
    if (!teamId) return true;
    return Boolean((await deps.teams.membership(teamId, userId))?.role);
  }

  return {
    /** Checks an authorization request in the order RFC 6749 §4.1.2.1 requires. */
    async checkAuthorization(
      query: AuthorizationQuery,
      request: AuditRequest,
    ): Promise<AuthorizationCheck> {
      const clientId = str(query.client_id);
      if (!clientId) return { kind: 'fatal', message: 'client_id is missing' };
      const found = await clients.resolve(clientId, request);
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
        location: errorRedirect(redirectUri, state, error, description),
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
        return fail(
          'invalid_scope',
          `None of the requested scopes is offered: ${unknown.join(' ')}`,
        );
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
    },

    /** The teams the user may bind the client to, their default team first. */
    async teamChoices(userId: string) {
      const { items } = await deps.teams.listForUser(userId, null);
      return items.map((i, index) => ({
        id: i.team.id,
        name: i.team.name,
        isDefault: index === 0 && i.team.isDefault && i.team.ownerUserId === userId,
      }));
    },

    clientKindWords: (kind: ClientKind) => CLIENT_KIND_WORDS[kind],

    describeScopes: (scopes: OAuthScope[]) =>
      scopes.map((s) => ({ scope: s, description: OAUTH_SCOPES[s] })),

    /**
     * The team of a remembered approval that covers this request, or null when the page must be
     * shown: no approval, more scopes, another redirect URI or resource (a token without a
     * resource works on this service's API and at every satellite of the team, so it is wider
     * than one bound to a satellite), or the user has left that team since.
     */
    async rememberedTeam(userId: string, request: AuthorizationRequest): Promise<string | null> {
      const consent = await repository.findConsent(userId, request.client.id);
      if (!consent?.teamId || !sameTarget(consent, request)) return null;
      if (!request.scopes.every((s) => consent.scopes.includes(s))) return null;
      return (await stillMember(consent.teamId, userId)) ? consent.teamId : null;
    },

    /**
     * The team the user chose on the consent page: one they belong to. None chosen (a form
     * without the field) means their default team.
     */
    async chosenTeam(userId: string, teamId: string | undefined): Promise<string> {
      if (!teamId) {
        const own = await deps.teams.findDefaultFor(userId);
        if (own?.role) return own.team.id;
        throw new ValidationError('Choose the team this application may act for');
      }
      if (!(await stillMember(teamId, userId)))
        throw new ValidationError('You are not a member of the chosen team');
      return teamId;
    },

    async approve(
      userId: string,
      request: AuthorizationRequest,
      teamId: string,
      httpRequest: AuditRequest,
    ): Promise<string> {
      const now = clock();
      const code = issueSecret('oac');
      await db.orm.transaction(async (tx) => {
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
      return redirectTo(request.redirectUri, { code: code.token, state: request.state });
    },

    /** The user refused on the consent page; nothing is granted, but the refusal is recorded. */
    async deny(userId: string, request: AuthorizationRequest, httpRequest: AuditRequest) {
      await audit(db.orm, {
        action: 'oauth.consent_denied',
        request: httpRequest,
        actor: { type: 'user', id: userId },
        target: { type: 'oauth_client', id: request.client.id },
        details: { scopes: request.scopes },
      });
      return errorRedirect(
        request.redirectUri,
        request.state,
        'access_denied',
        'The user denied the request',
      );
    },

    /** `authorization_code` grant: single use, unexpired, same client, redirect URI and PKCE verifier. */
    async exchangeCode(body: Record<string, unknown>, request: AuditRequest) {
      const client = await requireClient(body.client_id);
      const code = str(body.code);
      const verifier = str(body.code_verifier);
      const redirectUri = str(body.redirect_uri);
      if (!code || !verifier || !redirectUri) {
        throw new OAuthError(
          'invalid_request',
          'code, redirect_uri and code_verifier are required',
        );
      }
      const parsed = parseIssuedToken(code);
      const row = parsed ? await repository.findCode(parsed.id) : null;
      if (!parsed || !row || !secretMatches(parsed.secret, row.secretHash)) {
        throw new OAuthError('invalid_grant', 'The authorization code is invalid');
      }
      const now = clock();
      if (row.usedAt) {
        // A replayed code means it leaked: end whatever was issued from it (RFC 6749 §4.1.2).
        const grantId = row.grantId;
        if (grantId) {
          await db.orm.transaction(async (tx) => {
            await repository.revokeGrant(grantId, now, tx);
            await audit(tx, {
              action: 'oauth.code_reused',
              request,
              outcome: 'failure',
              actor: { type: 'oauth_client', id: client.id },
              teamId: row.teamId,
              target: { type: 'oauth_grant', id: grantId },
              details: { user_id: row.userId },
            });
          });
        }
        throw new OAuthError(
          'invalid_grant',
          'The authorization code was already used; tokens issued from it are revoked',
        );
      }
      if (row.expiresAt <= now)
        throw new OAuthError('invalid_grant', 'The authorization code has expired');
      if (row.clientId !== client.id)
        throw new OAuthError('invalid_grant', 'The code was issued to another client');
      if (row.redirectUri !== redirectUri)
        throw new OAuthError(
          'invalid_grant',
          'redirect_uri does not match the authorization request',
        );
      if (!VERIFIER.test(verifier) || !stringsEqual(s256(verifier), row.codeChallenge)) {
        throw new OAuthError('invalid_grant', 'code_verifier does not match the code_challenge');
      }
      // RFC 8707 §2.2: the token request may repeat the authorization request's resource, or
      // name one when the authorization request named none; never another.
      const target = resourceParameter(body.resource);
      if ('error' in target) throw new OAuthError('invalid_target', target.error);
      if (row.resource && target.resource && target.resource !== row.resource)
        throw new OAuthError('invalid_target', 'resource differs from the authorization request');
      const resource = row.resource ?? target.resource ?? null;
      const user = await deps.users.findById(row.userId);
      if (!user || user.disabledAt)
        throw new OAuthError('invalid_grant', 'The account is no longer active');
      if (!(await stillMember(row.teamId, row.userId)))
        throw new OAuthError('invalid_grant', 'The account is no longer a member of the team');
      const grantId = newId('ogr');
      const result = await db.orm.transaction(async (tx) => {
        if (!(await repository.useCode(row.id, grantId, now, tx))) return null;
        await repository.insertGrant(
          {
            id: grantId,
            userId: row.userId,
            clientId: client.id,
            scopes: row.scopes,
            teamId: row.teamId,
            resource,
            createdAt: now,
            lastUsedAt: now,
          },
          tx,
        );
        const tokens = await issueTokens(
          {
            userId: row.userId,
            clientId: client.id,
            scopes: row.scopes,
            grantId,
            teamId: row.teamId,
            resource,
            withRefresh: row.scopes.includes('offline_access'),
          },
          tx,
        );
        // Refreshes continue this grant and are not recorded; its end is (oauth.token_revoked).
        await audit(tx, {
          action: 'oauth.tokens_issued',
          request,
          actor: { type: 'oauth_client', id: client.id },
          teamId: row.teamId,
          target: { type: 'oauth_grant', id: grantId },
          details: {
            user_id: row.userId,
            grant_type: 'authorization_code',
            scopes: row.scopes,
            refresh_token: Boolean(tokens.refresh_token),
            ...(resource ? { resource } : {}),
          },
        });
        return tokens;
      });
      if (!result) throw new OAuthError('invalid_grant', 'The authorization code was already used');
      return result;
    },

    /** `refresh_token` grant with rotation; a replayed old token revokes the whole grant. */
    async refresh(body: Record<string, unknown>, request: AuditRequest) {
      const client = await requireClient(body.client_id);
      const token = str(body.refresh_token);
      if (!token) throw new OAuthError('invalid_request', 'refresh_token is required');
      const parsed = parseIssuedToken(token);
      const found = parsed ? await repository.findRefreshToken(parsed.id) : null;
      if (!parsed || !found || !secretMatches(parsed.secret, found.token.secretHash)) {
        throw new OAuthError('invalid_grant', 'The refresh token is invalid');
      }
      const now = clock();
      const { grant } = found;
      if (grant.revokedAt)
        throw new OAuthError('invalid_grant', 'The refresh token has been revoked');
      if (found.token.rotatedAt) {
        await db.orm.transaction(async (tx) => {
          await repository.revokeGrant(grant.id, now, tx);
          await audit(tx, {
            action: 'oauth.refresh_token_reused',
            request,
            outcome: 'failure',
            actor: { type: 'oauth_client', id: client.id },
            teamId: grant.teamId,
            target: { type: 'oauth_grant', id: grant.id },
            details: { user_id: grant.userId },
          });
        });
        throw new OAuthError(
          'invalid_grant',
          'The refresh token was already used; the whole grant is revoked',
        );
      }
      if (found.token.expiresAt <= now)
        throw new OAuthError('invalid_grant', 'The refresh token has expired');
      if (grant.clientId !== client.id)
        throw new OAuthError('invalid_grant', 'The refresh token was issued to another client');
      let scopes = grant.scopes;
      const requested = str(body.scope);
      if (requested) {
        const { scopes: asked, unknown } = parseScopes(requested);
        if (unknown.length > 0 || asked.some((s) => !grant.scopes.includes(s))) {
          throw new OAuthError('invalid_scope', 'A refresh may only narrow the granted scopes');
        }
        scopes = asked;
      }
      const target = resourceParameter(body.resource);
      if ('error' in target) throw new OAuthError('invalid_target', target.error);
      if (grant.resource && target.resource && target.resource !== grant.resource)
        throw new OAuthError('invalid_target', 'resource differs from the one granted');
      const resource = grant.resource ?? target.resource ?? null;
      const user = await deps.users.findById(grant.userId);
      if (!user || user.disabledAt)
        throw new OAuthError('invalid_grant', 'The account is no longer active');
      if (!(await stillMember(grant.teamId, grant.userId)))
        throw new OAuthError('invalid_grant', 'The account is no longer a member of the team');
      const result = await db.orm.transaction(async (tx) => {
        if (!(await repository.rotateRefreshToken(found.token.id, now, tx))) return null;
        await repository.touchGrant(grant.id, now, tx);
        // Only offline_access grants hold refresh tokens, so rotation always hands out a successor.
        return issueTokens(
          {
            userId: grant.userId,
            clientId: client.id,
            scopes,
            grantId: grant.id,
            teamId: grant.teamId,
            resource,
            withRefresh: true,
          },
          tx,
        );
      });
      if (!result) {
        await repository.revokeGrant(grant.id, now);
        throw new OAuthError(
          'invalid_grant',
          'The refresh token was already used; the whole grant is revoked',
        );
      }
      return result;
    },

    /** RFC 7009: always succeeds; unknown tokens and other clients' tokens are ignored. */
    async revoke(body: Record<string, unknown>, request: AuditRequest) {
      const client = await requireClient(body.client_id);
      const token = str(body.token);
      if (!token) throw new OAuthError('invalid_request', 'token is required');
      const parsed = parseIssuedToken(token);
      if (!parsed) return;
      const now = clock();
      if (parsed.id.startsWith('oat_')) {
        const row = await repository.findAccessToken(parsed.id);
        if (row && row.clientId === client.id && secretMatches(parsed.secret, row.secretHash)) {
          await db.orm.transaction(async (tx) => {
            await repository.revokeAccessToken(row.id, now, tx);
            // Streams opened with it end at once, on every replica.
            await signalAccessInTransaction(tx, [row.userId]);
            await deps.accessEnded?.(row.userId, tx);
            await audit(tx, {
              action: 'oauth.token_revoked',
              request,
              actor: { type: 'oauth_client', id: client.id },
              target: { type: 'access_token', id: row.id },
              details: { user_id: row.userId },
            });
          });
        }
      } else if (parsed.id.startsWith('ort_')) {
        const found = await repository.findRefreshToken(parsed.id);
        if (
          found &&
          found.grant.clientId === client.id &&
          secretMatches(parsed.secret, found.token.secretHash)
        ) {
          await db.orm.transaction(async (tx) => {
            await repository.revokeGrant(found.grant.id, now, tx);
            await signalAccessInTransaction(tx, [found.grant.userId]);
            await deps.accessEnded?.(found.grant.userId, tx);
            await audit(tx, {
              action: 'oauth.token_revoked',
              request,
              actor: { type: 'oauth_client', id: client.id },
              teamId: found.grant.teamId,
              target: { type: 'oauth_grant', id: found.grant.id },
              details: { user_id: found.grant.userId },
            });
          });
        }
      }
    },

    /** RFC 7662, for signed-in callers: only their own tokens (or any, for global admins) show as active. */
    async introspect(token: string, caller: UserActor) {
      const inactive = { active: false as const };
      const parsed = parseIssuedToken(token);
      if (!parsed) return inactive;
      const now = clock();
      let row: {
        userId: string;
        clientId: string;
        scopes: string[];
        teamId: string | null;
        resource: string | null;
        createdAt: Date;
        expiresAt: Date;
        type: string;
      } | null = null;
      if (parsed.id.startsWith('oat_')) {
        const t = await repository.findAccessToken(parsed.id);
        if (t && !t.revokedAt && secretMatches(parsed.secret, t.secretHash))
          row = { ...t, type: 'access_token' };
      } else if (parsed.id.startsWith('ort_')) {
        const f = await repository.findRefreshToken(parsed.id);
        if (
          f &&
          !f.token.rotatedAt &&
          !f.grant.revokedAt &&
          secretMatches(parsed.secret, f.token.secretHash)
        ) {
          row = {
            userId: f.grant.userId,
            clientId: f.grant.clientId,
            scopes: f.grant.scopes,
            teamId: f.grant.teamId,
            resource: f.grant.resource,
            createdAt: f.token.createdAt,
            expiresAt: f.token.expiresAt,
            type: 'refresh_token',
          };
        }
      }
      if (!row || row.expiresAt <= now) return inactive;
      if (row.userId !== caller.userId && !globalRoleHas(caller.globalRole, 'users.view'))
        return inactive;
      const user = await deps.users.findById(row.userId);
      if (!user || user.disabledAt) return inactive;
      if (!(await stillMember(row.teamId, row.userId))) return inactive;
      return {
        active: true as const,
        scope: row.scopes.join(' '),
        client_id: row.clientId,
        username: user.username,
        token_type: row.type,
        exp: Math.floor(row.expiresAt.getTime() / 1000),
        iat: Math.floor(row.createdAt.getTime() / 1000),
        sub: user.id,
        iss: deps.issuer,
        ...(row.resource ? { aud: row.resource } : {}),
        ...(row.teamId ? { team_id: row.teamId } : {}),
      };
    },

    /** RFC 7662 for a satellite, about its MCP clients' access tokens (satellite-introspection.ts). */
    introspectForSatellite: createSatelliteIntrospection({
      db: db.orm,
      repository,
      users: deps.users,
      clock,
      issuer: deps.issuer,
    }),

    ...createOAuthManagement({ db, repository, clients, clock, accessEnded: deps.accessEnded }),

    registerClient: (body: unknown, request: AuditRequest) => clients.register(body, request),

    /**
     * OpenID Connect userinfo for a bearer access token of any scope or audience: who the token
     * acts for. The email only with a scope that reads the account (user:read or account:read).
     */
    async userinfo(token: string) {
      const found = await deps.accessTokens.find(token);
      if (!found) return null;
      if (!(await stillMember(found.token.teamId, found.token.userId))) return null;
      const readsAccount = found.token.scopes.some(
        (s) => s === 'user:read' || s === 'account:read',
      );
      return {
        sub: found.token.userId,
        preferred_username: found.username,
        name: found.displayName ?? found.username,
        ...(readsAccount
          ? { email: found.email, email_verified: found.emailVerifiedAt !== null }
          : {}),
      };
    },

    metadata() {
      const base = deps.issuer;
      return {
        issuer: base,
        authorization_endpoint: `${base}/api/oauth2/auth`,
        token_endpoint: `${base}/api/oauth2/token`,
        revocation_endpoint: `${base}/api/oauth2/revoke`,
        introspection_endpoint: `${base}/api/oauth2/introspect`,
        registration_endpoint: `${base}/api/oauth2/register`,
        userinfo_endpoint: `${base}/api/oauth2/userinfo`,
        response_types_supported: ['code'],
        response_modes_supported: ['query'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['none'],
        revocation_endpoint_auth_methods_supported: ['none'],
        scopes_supported: Object.keys(OAUTH_SCOPES),
        authorization_response_iss_parameter_supported: true,
        client_id_metadata_document_supported: true,
        subject_types_supported: ['public'],
      };
    },
  };
}

export type OAuthService = ReturnType<typeof createOAuthService>;

/** Leaving a team (or being removed from it) ends the OAuth tokens bound to that team at once. */
export function createOAuthMembershipListener(
  repository: OAuthRepository,
  clock: Clock,
): MembershipListener {
  return {
    memberAdded: async () => {},
    memberRemoved: async (teamId, userId, tx) => {
      await repository.revokeMatching(
        (t) => and(eq(t.userId, userId), eq(t.teamId, teamId)),
        clock(),
        tx,
      );
    },
  };
}
