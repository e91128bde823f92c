import type { SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../http/auth/credentials.js';
import type { UserActor } from '../../http/auth/types.js';
import { addSeconds, type Clock } from '../../lib/clock.js';
import { issueSecret, parseIssuedToken, secretMatches } from '../../lib/crypto.js';
import type { Executor } from '../../db/client.js';
import {
  accessTopicUser,
  signalAccessInTransaction,
  streamTopics,
  type StreamSignals,
} from '../../http/stream/signals.js';
import type { GlobalRole } from '../roles/permissions.js';
import { createSessionCache, type RememberedSession, type SessionCache } from './session-cache.js';
import type { SessionRepository } from './session-repository.js';

export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
// Sliding expiry is written at most this often per session, not on every request.
const EXTEND_AFTER_SECONDS = 60 * 60;

const cookieOptions = (request: FastifyRequest) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: request.protocol === 'https',
  path: '/',
});

/** Also marks the response no-store: a cache that kept it would hand the session to others. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.header('cache-control', 'no-store');
  reply.setCookie(SESSION_COOKIE, token, {
    ...cookieOptions(request),
    maxAge: SESSION_TTL_SECONDS,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
}

/** The session and user as the database holds them now: from this replica's memory, or asked. */
async function currentSession(
  repository: SessionRepository,
  cache: SessionCache,
  sessionId: string,
): Promise<RememberedSession | null> {
  const remembered = cache.get(sessionId);
  if (remembered) return remembered;
  const readEpoch = cache.epoch();
  const found = await repository.findWithUser(sessionId);
  if (!found) return null;
  const session: RememberedSession = {
    sessionId: found.session.id,
    userId: found.session.userId,
    secretHash: found.session.secretHash,
    globalRole: found.globalRole as GlobalRole,
    disabled: found.disabledAt !== null,
    expiresAt: found.session.expiresAt,
  };
  cache.remember(session, readEpoch);
  return session;
}

export function createSessionService(deps: {
  repository: SessionRepository;
  clock: Clock;
  /** SESSION_CACHE_MS: how long a checked session is remembered; 0 asks the database each time. */
  cacheMs?: number;
  /** SESSION_CACHE_SIGNALLED_MS: how long while other replicas' changes are heard. */
  signalledCacheMs?: number;
  /** Tells every replica, this one included, that an account's access changed. */
  signals?: Pick<StreamSignals, 'publish' | 'observe' | 'listening'>;
}) {
  const { repository, clock, signals } = deps;
  const cache = createSessionCache({
    cacheMs: deps.cacheMs ?? 0,
    clock,
    signalledMs: deps.signalledCacheMs,
    hearing: () => signals?.listening ?? false,
  });
  // What another replica changed is forgotten here as soon as it is heard; when signals may have
  // been lost, everything is.
  signals?.observe((topic) => {
    if (topic === null) return cache.forgetAll();
    const userId = accessTopicUser(topic);
    if (userId !== null) cache.forgetUser(userId);
  });

  /** Tells the other replicas: after the commit of `tx` when there is one, else now. */
  async function announce(userId: string, tx?: Executor) {
    if (!signals) return;
    if (tx) await signalAccessInTransaction(tx, [userId]);
    else signals.publish([streamTopics.access(userId)]);
  }

  return {
    /** Starts a session and returns the cookie value, which is shown only this once. */
    /** `alongside`: writes that must happen exactly when the session is made (its audit entry). */
    async start(
      userId: string,
      request: FastifyRequest,
      tx?: Executor,
      alongside: SQL[] = [],
    ): Promise<string> {
      const issued = issueSecret('ses');
      const now = clock();
      await repository.insert(
        {
          id: issued.id,
          userId,
          secretHash: issued.secretHash,
          createdAt: now,
          lastSeenAt: now,
          expiresAt: addSeconds(now, SESSION_TTL_SECONDS),
          ipAddress: request.ip,
          userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
        },
        tx,
        alongside,
      );
      return issued.token;
    },

    /** The credential resolver for cookie sessions; it also slides the expiry forward. */
    async resolve(
      token: string,
      request: FastifyRequest,
      reply: FastifyReply,
    ): Promise<UserActor | null> {
      const parsed = parseIssuedToken(token);
      if (!parsed) return null;
      const found = await currentSession(repository, cache, parsed.id);
      // Compared on every request, remembered or not: the cache holds only the hash.
      if (!found || !secretMatches(parsed.secret, found.secretHash)) return null;
      const now = clock();
      if (found.expiresAt <= now || found.disabled) return null;
      const renewedAt = found.expiresAt.getTime() - SESSION_TTL_SECONDS * 1000;
      if (now.getTime() - renewedAt > EXTEND_AFTER_SECONDS * 1000) {
        const expiresAt = addSeconds(now, SESSION_TTL_SECONDS);
        await repository.extend(found.sessionId, expiresAt, now);
        cache.extended(found.sessionId, expiresAt);
        setSessionCookie(request, reply, token);
      }
      return {
        type: 'user',
        userId: found.userId,
        globalRole: found.globalRole,
        via: 'cookie',
        scopes: [],
        sessionId: found.sessionId,
      };
    },

    /** Signs one session out; `userId`, its account, tells the other replicas to forget it. */
    async end(sessionId: string, userId?: string) {
      cache.forgetSession(sessionId);
      await repository.delete(sessionId);
      cache.forgetSession(sessionId);
      if (userId) await announce(userId);
    },
    async endAllFor(userId: string, exceptSessionId?: string, tx?: Executor) {
      cache.forgetUser(userId);
      await repository.deleteForUser(userId, exceptSessionId, tx);
      await announce(userId, tx);
    },
    /**
     * After a change to the account that sessions carry (its global role, disabled or not), once
     * it has committed: this replica asks the database again at once, and so do the others when
     * they hear the signal (within SESSION_CACHE_MS if they cannot hear signals).
     */
    forgetUser(userId: string) {
      cache.forgetUser(userId);
      void announce(userId);
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
