import type { AuditRequest } from '../audit/context.js';
import { audit } from '../audit/writer.js';
import type { SatelliteActor, UserActor } from '../../http/auth/types.js';
import { parseIssuedToken, secretMatches } from '../../lib/crypto.js';
import { globalRoleHas } from '../roles/permissions.js';
import { signalAccessInTransaction } from '../../http/stream/signals.js';
import { OAuthError } from './errors.js';
import {
  createSatelliteIntrospection,
  type InactiveToken,
  type SatelliteTokenIntrospection,
} from './satellite-introspection.js';
import { requireClient, stillMember, str, type OAuthServiceDeps } from './service-support.js';

/** What a signed-in caller learns of an active token (RFC 7662 §2.2). */
export interface UserTokenIntrospection {
  active: true;
  scope: string;
  client_id: string;
  username: string;
  token_type: string;
  exp: number;
  iat: number;
  sub: string;
  iss: string;
  aud?: string;
  team_id?: string;
}

/** OpenID Connect userinfo: who an access token acts for. */
export interface Userinfo {
  sub: string;
  preferred_username: string;
  name: string;
  email?: string;
  email_verified?: boolean;
}

/** What the holders of tokens may ask about them: revocation, introspection, userinfo. */
export interface OAuthIntrospection {
  /** RFC 7009: always succeeds; unknown tokens and other clients' tokens are ignored. */
  revoke(body: Record<string, unknown>, request: AuditRequest): Promise<void>;
  /** RFC 7662, for signed-in callers: only their own tokens (or any, for global admins) show as active. */
  introspect(token: string, caller: UserActor): Promise<UserTokenIntrospection | InactiveToken>;
  /** RFC 7662 for a satellite, about its MCP clients' access tokens (satellite-introspection.ts). */
  introspectForSatellite(
    token: string,
    satellite: SatelliteActor,
  ): Promise<SatelliteTokenIntrospection | InactiveToken>;
  /** OpenID Connect userinfo for a bearer access token of any scope or audience, or null. */
  userinfo(token: string): Promise<Userinfo | null>;
}

type Token = { id: string; secret: string };

/** Revocation of an access token: it alone ends. */
async function revokeAccessToken(
  deps: OAuthServiceDeps,
  clientId: string,
  parsed: Token,
  now: Date,
  request: AuditRequest,
) {
  const row = await deps.repository.findAccessToken(parsed.id);
  if (!row || row.clientId !== clientId || !secretMatches(parsed.secret, row.secretHash)) return;
  await deps.db.orm.transaction(async (tx) => {
    await deps.repository.revokeAccessToken(row.id, now, tx);
    // Streams opened with it end at once, on every replica.
    await signalAccessInTransaction(tx, [row.userId]);
    await deps.accessEnded?.(row.userId, tx);
    await audit(tx, {
      action: 'oauth.token_revoked',
      request,
      actor: { type: 'oauth_client', id: clientId },
      target: { type: 'access_token', id: row.id },
      details: { user_id: row.userId },
    });
  });
}

/** Revocation of a refresh token: its whole grant ends. */
async function revokeRefreshToken(
  deps: OAuthServiceDeps,
  clientId: string,
  parsed: Token,
  now: Date,
  request: AuditRequest,
) {
  const found = await deps.repository.findRefreshToken(parsed.id);
  if (
    !found ||
    found.grant.clientId !== clientId ||
    !secretMatches(parsed.secret, found.token.secretHash)
  )
    return;
  const { grant } = found;
  await deps.db.orm.transaction(async (tx) => {
    await deps.repository.revokeGrant(grant.id, now, tx);
    await signalAccessInTransaction(tx, [grant.userId]);
    await deps.accessEnded?.(grant.userId, tx);
    await audit(tx, {
      action: 'oauth.token_revoked',
      request,
      actor: { type: 'oauth_client', id: clientId },
      teamId: grant.teamId,
      target: { type: 'oauth_grant', id: grant.id },
      details: { user_id: grant.userId },
    });
  });
}

/** RFC 7009: always succeeds; unknown tokens and other clients' tokens are ignored. */
async function revoke(
  deps: OAuthServiceDeps,
  body: Record<string, unknown>,
  request: AuditRequest,
): Promise<void> {
  const client = await requireClient(deps.clients, body.client_id);
  const token = str(body.token);
  if (!token) throw new OAuthError('invalid_request', 'token is required');
  const parsed = parseIssuedToken(token);
  if (!parsed) return;
  const now = deps.clock();
  if (parsed.id.startsWith('oat_')) await revokeAccessToken(deps, client.id, parsed, now, request);
  else if (parsed.id.startsWith('ort_'))
    await revokeRefreshToken(deps, client.id, parsed, now, request);
}

/** An unrevoked access or refresh token, as introspection describes it. */
interface LiveToken {
  userId: string;
  clientId: string;
  scopes: string[];
  teamId: string | null;
  resource: string | null;
  createdAt: Date;
  expiresAt: Date;
  type: string;
}

/** The access or refresh token behind `parsed` when it is still unrevoked, else null. */
async function liveToken(deps: OAuthServiceDeps, parsed: Token): Promise<LiveToken | null> {
  if (parsed.id.startsWith('oat_')) {
    const t = await deps.repository.findAccessToken(parsed.id);
    if (t && !t.revokedAt && secretMatches(parsed.secret, t.secretHash))
      return { ...t, type: 'access_token' };
  } else if (parsed.id.startsWith('ort_')) {
    const f = await deps.repository.findRefreshToken(parsed.id);
    if (
      f &&
      !f.token.rotatedAt &&
      !f.grant.revokedAt &&
      secretMatches(parsed.secret, f.token.secretHash)
    ) {
      return {
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
  return null;
}

/** RFC 7662, for signed-in callers: only their own tokens (or any, for global admins) show as active. */
async function introspect(
  deps: OAuthServiceDeps,
  token: string,
  caller: UserActor,
): Promise<UserTokenIntrospection | InactiveToken> {
  const inactive = { active: false as const };
  const parsed = parseIssuedToken(token);
  if (!parsed) return inactive;
  const now = deps.clock();
  const row = await liveToken(deps, parsed);
  if (!row || row.expiresAt <= now) return inactive;
  if (row.userId !== caller.userId && !globalRoleHas(caller.globalRole, 'users.view'))
    return inactive;
  const user = await deps.users.findById(row.userId);
  if (!user || user.disabledAt) return inactive;
  if (!(await stillMember(deps.teams, row.teamId, row.userId))) return inactive;
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
}

/**
 * OpenID Connect userinfo for a bearer access token of any scope or audience: who the token
 * acts for. The email only with a scope that reads the account (user:read or account:read).
 */
async function userinfo(deps: OAuthServiceDeps, token: string): Promise<Userinfo | null> {
  const found = await deps.accessTokens.find(token);
  if (!found) return null;
  if (!(await stillMember(deps.teams, found.token.teamId, found.token.userId))) return null;
  const readsAccount = found.token.scopes.some((s) => s === 'user:read' || s === 'account:read');
  return {
    sub: found.token.userId,
    preferred_username: found.username,
    name: found.displayName ?? found.username,
    ...(readsAccount ? { email: found.email, email_verified: found.emailVerifiedAt !== null } : {}),
  };
}

/** The revocation and introspection part of the OAuth service, over its dependencies. */
export function createOAuthIntrospection(deps: OAuthServiceDeps): OAuthIntrospection {
  return {
    revoke: (body, request) => revoke(deps, body, request),
    introspect: (token, caller) => introspect(deps, token, caller),
    introspectForSatellite: createSatelliteIntrospection({
      db: deps.db.orm,
      repository: deps.repository,
      users: deps.users,
      clock: deps.clock,
      issuer: deps.issuer,
    }),
    userinfo: (token) => userinfo(deps, token),
  };
}
