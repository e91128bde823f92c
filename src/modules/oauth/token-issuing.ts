import { createHash } from 'node:crypto';
import type { AuditRequest } from '../audit/context.js';
import { audit } from '../audit/writer.js';
import type { Executor } from '../../db/client.js';
import { addSeconds } from '../../lib/clock.js';
import { issueSecret, parseIssuedToken, secretMatches, stringsEqual } from '../../lib/crypto.js';
import { newId } from '../../lib/ids.js';
import { ACCESS_TOKEN_TTL_SECONDS } from './access-tokens.js';
import { parseScopes } from './clients.js';
import { OAuthError } from './errors.js';
import type { AuthorizationCodeRow } from './repository.js';
import {
  requireClient,
  resourceParameter,
  stillMember,
  str,
  type OAuthServiceDeps,
} from './service-support.js';

export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

export function s256(verifier: string) {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** The token endpoint's answer (RFC 6749 §5.1). */
export interface TokenAnswer {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token?: string;
  scope: string;
}

/** The token endpoint's grants: codes exchanged for tokens, refresh tokens rotated. */
export interface OAuthTokens {
  /** `authorization_code` grant: single use, unexpired, same client, redirect URI and PKCE verifier. */
  exchangeCode(body: Record<string, unknown>, request: AuditRequest): Promise<TokenAnswer>;
  /** `refresh_token` grant with rotation; a replayed old token revokes the whole grant. */
  refresh(body: Record<string, unknown>, request: AuditRequest): Promise<TokenAnswer>;
}

interface TokenInput {
  userId: string;
  clientId: string;
  scopes: string[];
  grantId: string;
  teamId: string | null;
  resource: string | null;
  withRefresh: boolean;
}

/** An access token, and a refresh token when asked for, under one grant. */
async function issueTokens(
  deps: OAuthServiceDeps,
  input: TokenInput,
  tx: Executor,
): Promise<TokenAnswer> {
  const now = deps.clock();
  const access = await deps.accessTokens.issue(input, tx);
  let refreshToken: string | undefined;
  if (input.withRefresh) {
    const refresh = issueSecret('ort');
    await deps.repository.insertRefreshToken(
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

/**
 * The resource the tokens are for: the one granted, or the one this request names when none was
 * granted; never another (RFC 8707 §2.2). `differs` is the refusal's text.
 */
function tokenResource(granted: string | null, given: unknown, differs: string): string | null {
  const target = resourceParameter(given);
  if ('error' in target) throw new OAuthError('invalid_target', target.error);
  if (granted && target.resource && target.resource !== granted)
    throw new OAuthError('invalid_target', differs);
  return granted ?? target.resource ?? null;
}

/** The account the tokens act for must be enabled and still in the team they are bound to. */
async function requireActiveHolder(
  deps: OAuthServiceDeps,
  userId: string,
  teamId: string | null,
): Promise<void> {
  const user = await deps.users.findById(userId);
  if (!user || user.disabledAt)
    throw new OAuthError('invalid_grant', 'The account is no longer active');
  if (!(await stillMember(deps.teams, teamId, userId)))
    throw new OAuthError('invalid_grant', 'The account is no longer a member of the team');
}

/** Ends the grant a leaked credential belongs to, recording the replay as `action`. */
async function revokeReplayed(
  deps: OAuthServiceDeps,
  action: 'oauth.code_reused' | 'oauth.refresh_token_reused',
  replay: { clientId: string; grantId: string; userId: string; teamId: string | null },
  now: Date,
  request: AuditRequest,
): Promise<void> {
  await deps.db.orm.transaction(async (tx) => {
    await deps.repository.revokeGrant(replay.grantId, now, tx);
    await audit(tx, {
      action,
      request,
      outcome: 'failure',
      actor: { type: 'oauth_client', id: replay.clientId },
      teamId: replay.teamId,
      target: { type: 'oauth_grant', id: replay.grantId },
      details: { user_id: replay.userId },
    });
  });
}

/**
 * The authorization code of a token request, checked: known, unused (a replay ends what was
 * issued from it), unexpired, issued to this client for this redirect URI and PKCE verifier.
 */
async function redeemableCode(
  deps: OAuthServiceDeps,
  clientId: string,
  body: Record<string, unknown>,
  request: AuditRequest,
): Promise<{ row: AuthorizationCodeRow; now: Date }> {
  const code = str(body.code);
  const verifier = str(body.code_verifier);
  const redirectUri = str(body.redirect_uri);
  if (!code || !verifier || !redirectUri) {
    throw new OAuthError('invalid_request', 'code, redirect_uri and code_verifier are required');
  }
  const parsed = parseIssuedToken(code);
  const row = parsed ? await deps.repository.findCode(parsed.id) : null;
  if (!parsed || !row || !secretMatches(parsed.secret, row.secretHash)) {
    throw new OAuthError('invalid_grant', 'The authorization code is invalid');
  }
  const now = deps.clock();
  if (row.usedAt) {
    // A replayed code means it leaked: end whatever was issued from it (RFC 6749 §4.1.2).
    const grantId = row.grantId;
    if (grantId) {
      const replay = { clientId, grantId, userId: row.userId, teamId: row.teamId };
      await revokeReplayed(deps, 'oauth.code_reused', replay, now, request);
    }
    throw new OAuthError(
      'invalid_grant',
      'The authorization code was already used; tokens issued from it are revoked',
    );
  }
  if (row.expiresAt <= now)
    throw new OAuthError('invalid_grant', 'The authorization code has expired');
  if (row.clientId !== clientId)
    throw new OAuthError('invalid_grant', 'The code was issued to another client');
  if (row.redirectUri !== redirectUri)
    throw new OAuthError('invalid_grant', 'redirect_uri does not match the authorization request');
  if (!VERIFIER.test(verifier) || !stringsEqual(s256(verifier), row.codeChallenge)) {
    throw new OAuthError('invalid_grant', 'code_verifier does not match the code_challenge');
  }
  return { row, now };
}

/** Uses the code and opens its grant with the first tokens; null when the code was used meanwhile. */
async function grantFromCode(
  deps: OAuthServiceDeps,
  code: { row: AuthorizationCodeRow; now: Date; clientId: string; resource: string | null },
  request: AuditRequest,
): Promise<TokenAnswer | null> {
  const { row, now, clientId, resource } = code;
  const { repository } = deps;
  const grantId = newId('ogr');
  return deps.db.orm.transaction(async (tx) => {
    if (!(await repository.useCode(row.id, grantId, now, tx))) return null;
    const { userId, scopes, teamId } = row;
    await repository.insertGrant(
      { id: grantId, userId, clientId, scopes, teamId, resource, createdAt: now, lastUsedAt: now },
      tx,
    );
    const withRefresh = scopes.includes('offline_access');
    const input = { userId, clientId, scopes, grantId, teamId, resource, withRefresh };
    const tokens = await issueTokens(deps, input, tx);
    // Refreshes continue this grant and are not recorded; its end is (oauth.token_revoked).
    await audit(tx, {
      action: 'oauth.tokens_issued',
      request,
      actor: { type: 'oauth_client', id: clientId },
      teamId,
      target: { type: 'oauth_grant', id: grantId },
      details: {
        user_id: userId,
        grant_type: 'authorization_code',
        scopes,
        refresh_token: Boolean(tokens.refresh_token),
        ...(resource ? { resource } : {}),
      },
    });
    return tokens;
  });
}

/** `authorization_code` grant: single use, unexpired, same client, redirect URI and PKCE verifier. */
async function exchangeCode(
  deps: OAuthServiceDeps,
  body: Record<string, unknown>,
  request: AuditRequest,
): Promise<TokenAnswer> {
  const client = await requireClient(deps.clients, body.client_id);
  const { row, now } = await redeemableCode(deps, client.id, body, request);
  // RFC 8707 §2.2: the token request may repeat the authorization request's resource, or
  // name one when the authorization request named none; never another.
  const resource = tokenResource(
    row.resource,
    body.resource,
    'resource differs from the authorization request',
  );
  await requireActiveHolder(deps, row.userId, row.teamId);
  const result = await grantFromCode(deps, { row, now, clientId: client.id, resource }, request);
  if (!result) throw new OAuthError('invalid_grant', 'The authorization code was already used');
  return result;
}

/** The scopes a refresh asks for: all granted ones, or fewer; never more. */
function refreshScopes(granted: string[], requested: string | undefined): string[] {
  if (!requested) return granted;
  const { scopes: asked, unknown } = parseScopes(requested);
  if (unknown.length > 0 || asked.some((s) => !granted.includes(s))) {
    throw new OAuthError('invalid_scope', 'A refresh may only narrow the granted scopes');
  }
  return asked;
}

const REFRESH_REPLAYED = 'The refresh token was already used; the whole grant is revoked';

/** `refresh_token` grant with rotation; a replayed old token revokes the whole grant. */
async function refresh(
  deps: OAuthServiceDeps,
  body: Record<string, unknown>,
  request: AuditRequest,
): Promise<TokenAnswer> {
  const { repository } = deps;
  const client = await requireClient(deps.clients, body.client_id);
  const token = str(body.refresh_token);
  if (!token) throw new OAuthError('invalid_request', 'refresh_token is required');
  const parsed = parseIssuedToken(token);
  const found = parsed ? await repository.findRefreshToken(parsed.id) : null;
  if (!parsed || !found || !secretMatches(parsed.secret, found.token.secretHash)) {
    throw new OAuthError('invalid_grant', 'The refresh token is invalid');
  }
  const now = deps.clock();
  const { grant } = found;
  if (grant.revokedAt) throw new OAuthError('invalid_grant', 'The refresh token has been revoked');
  if (found.token.rotatedAt) {
    const replay = {
      clientId: client.id,
      grantId: grant.id,
      userId: grant.userId,
      teamId: grant.teamId,
    };
    await revokeReplayed(deps, 'oauth.refresh_token_reused', replay, now, request);
    throw new OAuthError('invalid_grant', REFRESH_REPLAYED);
  }
  if (found.token.expiresAt <= now)
    throw new OAuthError('invalid_grant', 'The refresh token has expired');
  if (grant.clientId !== client.id)
    throw new OAuthError('invalid_grant', 'The refresh token was issued to another client');
  const scopes = refreshScopes(grant.scopes, str(body.scope));
  const resource = tokenResource(
    grant.resource,
    body.resource,
    'resource differs from the one granted',
  );
  await requireActiveHolder(deps, grant.userId, grant.teamId);
  const result = await deps.db.orm.transaction(async (tx) => {
    if (!(await repository.rotateRefreshToken(found.token.id, now, tx))) return null;
    await repository.touchGrant(grant.id, now, tx);
    // Only offline_access grants hold refresh tokens, so rotation always hands out a successor.
    const { userId, teamId } = grant;
    const input = { userId, clientId: client.id, scopes, grantId: grant.id, teamId, resource };
    return issueTokens(deps, { ...input, withRefresh: true }, tx);
  });
  if (!result) {
    await repository.revokeGrant(grant.id, now);
    throw new OAuthError('invalid_grant', REFRESH_REPLAYED);
  }
  return result;
}

/** The token part of the OAuth service, over its dependencies. */
export function createOAuthTokens(deps: OAuthServiceDeps): OAuthTokens {
  return {
    exchangeCode: (body, request) => exchangeCode(deps, body, request),
    refresh: (body, request) => refresh(deps, body, request),
  };
}
