import { createHash } from 'node:crypto';
import type { Database } from '../../db/client.js';
import { NotFoundError } from '../../http/errors.js';
import { OAUTH_SCOPES, type OAuthScope, type UserActor } from '../../http/auth/types.js';
import { addSeconds, type Clock } from '../../lib/clock.js';
import { issueSecret, parseIssuedToken, secretMatches, stringsEqual } from '../../lib/crypto.js';
import { newId } from '../../lib/ids.js';
import { globalRoleHas } from '../roles/permissions.js';
import type { UserRepository } from '../users/repository.js';
import { ACCESS_TOKEN_TTL_SECONDS, type AccessTokenService } from './access-tokens.js';
import { findClient, parseScopes, type OAuthClient } from './clients.js';
import { OAuthError, type OAuthErrorCode } from './errors.js';
import type { OAuthRepository } from './repository.js';
import { createSatelliteIntrospection } from './satellite-introspection.js';

export const CODE_TTL_SECONDS = 10 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

export interface AuthorizationRequest {
  client: OAuthClient;
  redirectUri: string;
  scopes: OAuthScope[];
  state: string | undefined;
  codeChallenge: string;
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
  clock: Clock;
  issuer: string;
}

export function createOAuthService(deps: OAuthServiceDeps) {
  const { db, repository, clock } = deps;

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

  function requireClient(clientId: unknown): OAuthClient {
    const client = typeof clientId === 'string' ? findClient(clientId) : undefined;
    if (!client) throw new OAuthError('invalid_client', 'Unknown client_id');
    return client;
  }

  return {
    /** Checks an authorization request in the order RFC 6749 §4.1.2.1 requires. */
    checkAuthorization(query: AuthorizationQuery): AuthorizationCheck {
      const clientId = str(query.client_id);
      const client = clientId ? findClient(clientId) : undefined;
      if (!client) return { kind: 'fatal', message: 'Unknown or missing client_id' };
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
      const scope = str(query.scope);
      if (!scope) return fail('invalid_request', 'scope is required');
      const { scopes, unknown } = parseScopes(scope);
      if (unknown.length > 0 || scopes.length === 0) {
        return fail('invalid_scope', `Unknown scope: ${unknown.join(' ') || '(none)'}`);
      }
      return {
        kind: 'ok',
        request: { client, redirectUri, scopes, state, codeChallenge: challenge },
      };
    },

    describeScopes: (scopes: OAuthScope[]) =>
      scopes.map((s) => ({ scope: s, description: OAUTH_SCOPES[s] })),

    async hasConsent(userId: string, request: AuthorizationRequest): Promise<boolean> {
      const consent = await repository.findConsent(userId, request.client.id);
      return Boolean(consent && request.scopes.every((s) => consent.scopes.includes(s)));
    },

    async approve(userId: string, request: AuthorizationRequest): Promise<string> {
      const now = clock();
      const code = issueSecret('oac');
      await db.orm.transaction(async (tx) => {
        const previous = await repository.findConsent(userId, request.client.id, tx);
        const remembered = [...new Set([...(previous?.scopes ?? []), ...request.scopes])];
        await repository.saveConsent(userId, request.client.id, remembered, now, tx);
        await repository.insertCode(
          {
            id: code.id,
            secretHash: code.secretHash,
            userId,
            clientId: request.client.id,
            redirectUri: request.redirectUri,
            scopes: request.scopes,
            codeChallenge: request.codeChallenge,
            createdAt: now,
            expiresAt: addSeconds(now, CODE_TTL_SECONDS),
          },
          tx,
        );
      });
      return redirectTo(request.redirectUri, { code: code.token, state: request.state });
    },

    deny: (request: AuthorizationRequest) =>
      errorRedirect(
        request.redirectUri,
        request.state,
        'access_denied',
        'The user denied the request',
      ),

    /** `authorization_code` grant: single use, unexpired, same client, redirect URI and PKCE verifier. */
    async exchangeCode(body: Record<string, unknown>) {
      const client = requireClient(body.client_id);
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
        if (row.grantId) await repository.revokeGrant(row.grantId, now);
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
      const user = await deps.users.findById(row.userId);
      if (!user || user.disabledAt)
        throw new OAuthError('invalid_grant', 'The account is no longer active');
      const grantId = newId('ogr');
      const result = await db.orm.transaction(async (tx) => {
        if (!(await repository.useCode(row.id, grantId, now, tx))) return null;
        await repository.insertGrant(
          {
            id: grantId,
            userId: row.userId,
            clientId: client.id,
            scopes: row.scopes,
            createdAt: now,
            lastUsedAt: now,
          },
          tx,
        );
        return issueTokens(
          {
            userId: row.userId,
            clientId: client.id,
            scopes: row.scopes,
            grantId,
            withRefresh: row.scopes.includes('offline_access'),
          },
          tx,
        );
      });
      if (!result) throw new OAuthError('invalid_grant', 'The authorization code was already used');
      return result;
    },

    /** `refresh_token` grant with rotation; a replayed old token revokes the whole grant. */
    async refresh(body: Record<string, unknown>) {
      const client = requireClient(body.client_id);
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
        await repository.revokeGrant(grant.id, now);
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
      const user = await deps.users.findById(grant.userId);
      if (!user || user.disabledAt)
        throw new OAuthError('invalid_grant', 'The account is no longer active');
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
    async revoke(body: Record<string, unknown>) {
      const client = requireClient(body.client_id);
      const token = str(body.token);
      if (!token) throw new OAuthError('invalid_request', 'token is required');
      const parsed = parseIssuedToken(token);
      if (!parsed) return;
      const now = clock();
      if (parsed.id.startsWith('oat_')) {
        const row = await repository.findAccessToken(parsed.id);
        if (row && row.clientId === client.id && secretMatches(parsed.secret, row.secretHash)) {
          await repository.revokeAccessToken(row.id, now);
        }
      } else if (parsed.id.startsWith('ort_')) {
        const found = await repository.findRefreshToken(parsed.id);
        if (
          found &&
          found.grant.clientId === client.id &&
          secretMatches(parsed.secret, found.token.secretHash)
        ) {
          await repository.revokeGrant(found.grant.id, now);
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

    async listGrants(userId: string) {
      const grants = await repository.activeGrantsOf(userId);
      return grants.map((g) => ({
        id: g.id,
        client_id: g.clientId,
        client_name: findClient(g.clientId)?.name ?? g.clientId,
        scopes: g.scopes,
        created_at: g.createdAt.toISOString(),
        last_used_at: g.lastUsedAt?.toISOString() ?? null,
      }));
    },

    async revokeGrantOf(userId: string, grantId: string) {
      const grant = await repository.findGrant(grantId);
      if (!grant || grant.userId !== userId || grant.revokedAt)
        throw new NotFoundError('Grant not found');
      await repository.revokeGrant(grant.id, clock());
    },

    metadata() {
      const base = deps.issuer;
      return {
        issuer: base,
        authorization_endpoint: `${base}/api/oauth2/auth`,
        token_endpoint: `${base}/api/oauth2/token`,
        revocation_endpoint: `${base}/api/oauth2/revoke`,
        introspection_endpoint: `${base}/api/oauth2/introspect`,
        response_types_supported: ['code'],
        response_modes_supported: ['query'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['none'],
        revocation_endpoint_auth_methods_supported: ['none'],
        scopes_supported: Object.keys(OAUTH_SCOPES),
        authorization_response_iss_parameter_supported: true,
      };
    },
  };
}

export type OAuthService = ReturnType<typeof createOAuthService>;
