import type { Database } from '../../db/client.js';
import { ServiceUnavailableError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { AuditRequest } from '../audit/context.js';
import { audit } from '../audit/writer.js';
import type { PendingWorkRecorder } from '../installations/pending-work.js';
import { instanceStatusNotification } from '../notifications/kinds.js';
import { notify } from '../notifications/writer.js';
import { moveInstance, tokensFrom } from './connections.js';
import type { UpstreamFetch } from './outbound.js';
import { oauthClient, oauthErrors } from './sdk.js';
import type { MemberInstance, StoredTokens, UpstreamStore } from './store.js';

/** Answers of a token endpoint that mean the grant is gone: the member must sign in again. */
const GRANT_GONE = new Set(['invalid_grant', 'invalid_client', 'unauthorized_client']);

export interface KeeperDeps {
  db: Database;
  store: UpstreamStore;
  fetchFn: UpstreamFetch;
  clock: Clock;
  pendingWork: PendingWorkRecorder;
  /** Tokens this close to their expiry are refreshed before use (default one minute). */
  refreshAheadMs?: number;
  /** How long one refresh may hold its claim before another replica may try (default 30 s). */
  claimMs?: number;
}

/** What the keeper needs of a member's instance. */
export type KeptInstance = Pick<
  MemberInstance,
  | 'instanceId'
  | 'teamId'
  | 'installationId'
  | 'installationName'
  | 'userId'
  | 'status'
  | 'statusUpdatedAt'
>;

/**
 * A satellite reported `requires_reauth` after these tokens were stored: the server refused
 * the access token (revoked, or expired early). A refresh may still be honoured.
 */
const refusedSince = (instance: KeptInstance, tokens: StoredTokens) =>
  instance.status === 'requires_reauth' && instance.statusUpdatedAt > tokens.updatedAt;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Ends a sign-in the server no longer honours, for the version of the tokens that failed. */
async function signInAgain(
  deps: KeeperDeps,
  instance: KeptInstance,
  tokens: StoredTokens,
  reason: string,
  request: AuditRequest,
) {
  const { store } = deps;
  const now = deps.clock();
  await deps.db.orm.transaction(async (tx) => {
    // Only the version that failed: a new sign-in meanwhile is kept.
    if (!(await store.deleteTokens(instance.instanceId, tx, tokens.version))) return;
    const message = 'The server no longer accepts this sign-in: sign in again';
    await moveInstance(deps, instance, { status: 'requires_reauth', message, at: now }, tx);
    await notify(tx, [
      instanceStatusNotification({ ...instance, status: 'requires_reauth', message }),
    ]);
    await audit(tx, {
      action: 'upstream_oauth.refresh_failed',
      outcome: 'failure',
      request,
      teamId: instance.teamId,
      target: { type: 'instance', id: instance.instanceId },
      details: { installation_id: instance.installationId, reason },
    });
  });
}

/** Refreshes version `tokens.version`, which this caller has claimed. */
async function refreshClaimed(
  deps: KeeperDeps,
  instance: KeptInstance,
  tokens: StoredTokens,
  refreshToken: string,
  request: AuditRequest,
) {
  const { store, clock } = deps;
  const [{ refreshAuthorization }, { OAuthError }] = await Promise.all([
    oauthClient(),
    oauthErrors(),
  ]);
  let answer;
  try {
    answer = await refreshAuthorization(tokens.authorizationServer.issuer, {
      metadata: tokens.authorizationServer,
      clientInformation: tokens.client,
      refreshToken,
      resource: tokens.resource,
      fetchFn: deps.fetchFn,
    });
  } catch (error) {
    if (error instanceof OAuthError && GRANT_GONE.has(error.errorCode)) {
      await signInAgain(deps, instance, tokens, error.errorCode, request);
      return null;
    }
    await store.releaseClaim(instance.instanceId, tokens.version);
    throw new ServiceUnavailableError('The server’s authorization server could not be reached');
  }
  await store.saveRefreshed(
    instance.instanceId,
    tokens.version,
    tokensFrom(answer, clock()),
    clock(),
  );
  return store.tokens(instance.instanceId);
}

/** A member's tokens, kept usable. */
export interface TokenKeeper {
  /** The member's tokens, refreshed first when they are about to expire; null when none. */
  current(instance: KeptInstance, request: AuditRequest): Promise<StoredTokens | null>;
}

/**
 * Keeps a member's tokens usable: refreshed before they expire, once across replicas (the
 * first to claim the row's version refreshes; the others wait for the new version), with a
 * rotated refresh token kept. A grant the server no longer honours ends the sign-in: tokens
 * deleted, the instance `requires_reauth`, the team notified, the audit log told.
 */
export function createTokenKeeper(deps: KeeperDeps): TokenKeeper {
  const { store, clock } = deps;
  const ahead = deps.refreshAheadMs ?? 60_000;
  const claimMs = deps.claimMs ?? 30_000;

  const dueAt = (tokens: StoredTokens) =>
    tokens.expiresAt === null ? Infinity : tokens.expiresAt.getTime() - ahead;

  /** Waits for the replica that claimed `version` to store the next one (or to give up). */
  async function awaitOther(instance: KeptInstance, version: number, request: AuditRequest) {
    const until = Date.now() + claimMs + 1000;
    while (Date.now() < until) {
      await pause(50);
      const now = await store.tokens(instance.instanceId);
      if (!now || now.version !== version) return now;
      if (!now.refreshingUntil || now.refreshingUntil < clock()) return current(instance, request);
    }
    throw new ServiceUnavailableError('A refresh of these tokens is taking too long');
  }

  async function current(
    instance: KeptInstance,
    request: AuditRequest,
  ): Promise<StoredTokens | null> {
    const tokens = await store.tokens(instance.instanceId);
    if (!tokens) return null;
    const refused = refusedSince(instance, tokens);
    if (!refused && clock().getTime() < dueAt(tokens)) return tokens;
    const { refreshToken } = tokens;
    if (!refreshToken) {
      // Refused or expired for good, and nothing to renew it with.
      if (refused || (tokens.expiresAt !== null && tokens.expiresAt <= clock())) {
        await signInAgain(deps, instance, tokens, refused ? 'refused' : 'expired', request);
        return null;
      }
      return tokens;
    }
    const now = clock();
    if (
      await store.claimRefresh(
        instance.instanceId,
        tokens.version,
        now,
        new Date(now.getTime() + claimMs),
      )
    )
      return refreshClaimed(deps, instance, tokens, refreshToken, request);
    return awaitOther(instance, tokens.version, request);
  }

  return { current };
}
