import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Database, Executor } from '../../db/client.js';
import { mcpServerInstances } from '../../db/schema/index.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../http/errors.js';
import type { UserActor } from '../../http/auth/types.js';
import type { Clock } from '../../lib/clock.js';
import { oauthClient } from './sdk.js';
import { sha256Hex } from '../../lib/crypto.js';
import type { AuditRequest } from '../audit/context.js';
import { audit } from '../audit/writer.js';
import type { PendingWorkRecorder } from '../installations/pending-work.js';
import { callbackUrl, discover, identify } from './client.js';
import { SIGN_IN_NEEDED } from './instances.js';
import { revokeTokens, unqueueRevocation } from './revocations.js';
import type { UpstreamFetch } from './outbound.js';
import type { TakenFlow } from './store-flows.js';
import type { MemberInstance, NewTokens, UpstreamStore } from './store.js';

/**
 * The member's own sign-in came back without tokens: the authorization server refused (the
 * member declined, say) or would not exchange the code. Answered 409 like any conflict; a
 * browser is sent back to the page the sign-in started from instead (routes.ts), which only a
 * flow checked against the member's session may name.
 */
export class SignInRefused extends ConflictError {
  constructor(
    message: string,
    readonly returnTo: string,
    readonly installationId: string,
    /** The authorization server's error code (RFC 6749 §4.1.2.1), or what went wrong here. */
    readonly reason: string,
  ) {
    super(message, 'UPSTREAM_OAUTH_REFUSED');
  }
}

/** An RFC 6749 error code is printable ASCII without `"` or `\`; anything else is not one. */
const ERROR_CODE = /^[\x20-\x21\x23-\x5b\x5d-\x7e]{1,64}$/;
const reasonOf = (error: string | undefined) =>
  error === undefined ? 'no_code' : ERROR_CODE.test(error) ? error : 'unknown_error';

/** How long a started sign-in may take before its `state` is refused. */
export const FLOW_TTL_MS = 10 * 60_000;

export interface ConnectionsDeps {
  db: Database;
  store: UpstreamStore;
  fetchFn: UpstreamFetch;
  baseUrl: string;
  clock: Clock;
  pendingWork: PendingWorkRecorder;
}

/** Tokens as stored, from a token endpoint's answer. */
export function tokensFrom(answer: OAuthTokens, now: Date): NewTokens {
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token ?? null,
    tokenType: answer.token_type || 'Bearer',
    scope: answer.scope ?? null,
    expiresAt:
      typeof answer.expires_in === 'number'
        ? new Date(now.getTime() + answer.expires_in * 1000)
        : null,
  };
}

/** Sets an instance's status, and tells its satellites (they fetch their configuration). */
export async function moveInstance(
  deps: { pendingWork: PendingWorkRecorder },
  instance: Pick<MemberInstance, 'instanceId' | 'teamId' | 'installationId' | 'userId'>,
  status: { status: string; message: string | null; at: Date },
  tx: Executor,
) {
  await tx
    .update(mcpServerInstances)
    .set({ status: status.status, statusMessage: status.message, statusUpdatedAt: status.at })
    .where(eq(mcpServerInstances.id, instance.instanceId));
  await deps.pendingWork.record(
    {
      kind: 'user_config.saved',
      teamId: instance.teamId,
      installationId: instance.installationId,
      userId: instance.userId,
    },
    tx,
  );
}

/** A path of this service to send the browser back to; anything else becomes `/`. */
export function safeReturnPath(value: string | undefined): string {
  return value && /^\/(?![/\\])[^\s]*$/.test(value) ? value : '/';
}

/** A member's instance that signs in with OAuth, with the URL of its server. */
export type OwnedInstance = MemberInstance & { url: string };

/** What a finished sign-in tells the callback: where the browser goes back to. */
export interface CompletedSignIn {
  returnTo: string;
  installationId: string;
}

/** Whether the member is signed in, as the API answers it. */
export interface ConnectionStatus {
  connected: boolean;
  expires_at: string | null;
  scope: string | null;
  can_refresh: boolean;
  instance_status: string;
}

/**
 * A member's sign-ins to remote servers: starting one (the authorization URL, with PKCE and
 * `resource`), finishing it on the callback, and disconnecting.
 */
export interface Connections {
  /** The caller's instance of the installation, refused unless its server signs in with OAuth. */
  mustOwn(actor: UserActor, teamId: string, installationId: string): Promise<OwnedInstance>;
  /** Starts a sign-in: discovery, client, PKCE; returns where to send the member's browser. */
  start(
    actor: UserActor,
    teamId: string,
    installationId: string,
    returnTo: string | undefined,
  ): Promise<{ authorization_url: string; expires_at: string }>;
  /**
   * The member is back from the authorization server: the flow is taken (once), checked
   * against the member and session that started it, and the code exchanged for tokens.
   */
  complete(
    actor: UserActor,
    query: { state: string; code?: string; error?: string },
    request: AuditRequest,
  ): Promise<CompletedSignIn>;
  /** Whether the member is signed in; never the tokens. */
  status(actor: UserActor, teamId: string, installationId: string): Promise<ConnectionStatus>;
  /** Revokes the tokens at the server where it offers RFC 7009, then deletes them. */
  disconnect(
    actor: UserActor,
    teamId: string,
    installationId: string,
    request: AuditRequest,
  ): Promise<{ revoked: boolean }>;
}

async function mustOwn(
  store: UpstreamStore,
  actor: UserActor,
  teamId: string,
  installationId: string,
): Promise<OwnedInstance> {
  const instance = await store.memberInstance(teamId, installationId, actor.userId);
  if (!instance) throw new NotFoundError('You have no instance of this installation');
  if (!instance.requiresOauth || instance.transport === 'stdio' || !instance.url)
    throw new ConflictError('This server does not use OAuth sign-in', 'UPSTREAM_OAUTH_NOT_USED');
  if (/[{}]/.test(instance.url))
    throw new ConflictError(
      'Sign-in to servers whose URL is filled per team is not supported yet',
      'UPSTREAM_OAUTH_NOT_USED',
    );
  return { ...instance, url: instance.url };
}

async function startSignIn(
  deps: ConnectionsDeps,
  actor: UserActor,
  instance: OwnedInstance,
  returnTo: string | undefined,
) {
  const { store, clock } = deps;
  const { authorizationServer, scope } = await discover(instance.url, deps.fetchFn);
  const preRegistered = instance.oauthClientId
    ? { clientId: instance.oauthClientId, clientSecret: instance.oauthClientSecret }
    : null;
  const { client } = await identify(authorizationServer, {
    baseUrl: deps.baseUrl,
    fetchFn: deps.fetchFn,
    preRegistered,
    registered: store.registered,
  });
  const state = randomBytes(32).toString('base64url');
  const redirectUri = callbackUrl(deps.baseUrl);
  const { startAuthorization } = await oauthClient();
  const { authorizationUrl, codeVerifier } = await startAuthorization(authorizationServer.issuer, {
    metadata: authorizationServer,
    clientInformation: client,
    redirectUrl: redirectUri,
    state,
    resource: instance.url,
    ...(scope ? { scope } : {}),
  }).catch((error: Error) => {
    // e.g. an authorization server without PKCE S256 or the code flow.
    throw new ConflictError(
      `The authorization server cannot be used: ${error.message}`,
      'UPSTREAM_OAUTH_DISCOVERY',
    );
  });
  const expiresAt = new Date(clock().getTime() + FLOW_TTL_MS);
  await store.insertFlow({
    stateHash: sha256Hex(state),
    instanceId: instance.instanceId,
    userId: actor.userId,
    sessionId: actor.sessionId ?? null,
    resource: instance.url,
    authorizationServer,
    clientId: client.client_id,
    clientSecret: client.client_secret ?? null,
    codeVerifier,
    redirectUri,
    returnTo: safeReturnPath(returnTo),
    expiresAt,
  });
  return { authorization_url: authorizationUrl.href, expires_at: expiresAt.toISOString() };
}

/** Exchanges the callback's code for tokens at the flow's authorization server. */
async function exchangeCode(flow: TakenFlow, code: string, fetchFn: UpstreamFetch) {
  const { exchangeAuthorization } = await oauthClient();
  return exchangeAuthorization(flow.authorizationServer.issuer, {
    metadata: flow.authorizationServer,
    clientInformation: flow.client,
    authorizationCode: code,
    codeVerifier: flow.codeVerifier,
    redirectUri: flow.redirectUri,
    resource: flow.resource,
    fetchFn,
  });
}

async function completeSignIn(
  deps: ConnectionsDeps,
  actor: UserActor,
  query: { state: string; code?: string; error?: string },
  request: AuditRequest,
): Promise<CompletedSignIn> {
  const { store } = deps;
  const now = deps.clock();
  const flow = await store.takeFlow(sha256Hex(query.state), now);
  if (!flow) throw new NotFoundError('This sign-in is unknown, used or expired: start again');
  if (flow.userId !== actor.userId || (flow.sessionId && flow.sessionId !== actor.sessionId))
    throw new ForbiddenError('This sign-in was started by another session');
  const instance = await store.instanceById(flow.instanceId);
  if (!instance) throw new NotFoundError('The instance of this sign-in no longer exists');
  const refused = (message: string, reason: string) =>
    new SignInRefused(message, flow.returnTo, instance.installationId, reason);
  if (query.error || !query.code)
    throw refused(
      `The authorization server refused: ${query.error ?? 'no code'}`,
      reasonOf(query.error),
    );
  const answer = await exchangeCode(flow, query.code, deps.fetchFn).catch((error: Error) => {
    throw refused(
      `The authorization server did not issue tokens: ${error.message}`,
      'token_request_failed',
    );
  });
  await deps.db.orm.transaction(async (tx) => {
    await store.saveConnection(instance.instanceId, flow, tokensFrom(answer, now), now, tx);
    const waiting =
      instance.status === 'requires_reauth' ||
      (instance.status === 'awaiting_user_config' && instance.statusMessage === SIGN_IN_NEEDED);
    if (waiting)
      await moveInstance(deps, instance, { status: 'provisioning', message: null, at: now }, tx);
    await audit(tx, {
      action: 'upstream_oauth.connected',
      request,
      teamId: instance.teamId,
      target: { type: 'instance', id: instance.instanceId },
      details: {
        installation_id: instance.installationId,
        issuer: flow.authorizationServer.issuer,
      },
    });
  });
  return { returnTo: flow.returnTo, installationId: instance.installationId };
}

async function disconnectSignIn(
  deps: ConnectionsDeps,
  instance: OwnedInstance,
  request: AuditRequest,
) {
  const { store } = deps;
  const tokens = await store.tokens(instance.instanceId);
  if (!tokens) throw new NotFoundError('You are not signed in to this server');
  // The tokens go here whatever the server says: the member asked to disconnect.
  const revoked = await revokeTokens(tokens, deps.fetchFn);
  const now = deps.clock();
  await deps.db.orm.transaction(async (tx) => {
    await store.deleteTokens(instance.instanceId, tx);
    // Queued by the deletion (revocations.ts); a server that did not take it now is asked again.
    if (revoked) await unqueueRevocation(tx, instance.instanceId);
    await moveInstance(
      deps,
      instance,
      { status: 'awaiting_user_config', message: SIGN_IN_NEEDED, at: now },
      tx,
    );
    await audit(tx, {
      action: 'upstream_oauth.disconnected',
      request,
      teamId: instance.teamId,
      target: { type: 'instance', id: instance.instanceId },
      details: { installation_id: instance.installationId, revoked },
    });
  });
  return { revoked };
}

export function createConnections(deps: ConnectionsDeps): Connections {
  const { store } = deps;
  const owned = (actor: UserActor, teamId: string, installationId: string) =>
    mustOwn(store, actor, teamId, installationId);

  return {
    mustOwn: owned,
    async start(actor, teamId, installationId, returnTo) {
      const instance = await owned(actor, teamId, installationId);
      return startSignIn(deps, actor, instance, returnTo);
    },
    complete: (actor, query, request) => completeSignIn(deps, actor, query, request),
    async status(actor, teamId, installationId) {
      const instance = await owned(actor, teamId, installationId);
      const tokens = await store.tokens(instance.instanceId);
      return {
        connected: tokens !== null,
        expires_at: tokens?.expiresAt?.toISOString() ?? null,
        scope: tokens?.scope ?? null,
        can_refresh: tokens?.refreshToken != null,
        instance_status: instance.status,
      };
    },
    async disconnect(actor, teamId, installationId, request) {
      const instance = await owned(actor, teamId, installationId);
      return disconnectSignIn(deps, instance, request);
    },
  };
}
