import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../http/auth/credentials.js';
import type { UserActor } from '../../http/auth/types.js';
import { addSeconds, type Clock } from '../../lib/clock.js';
import { issueSecret, parseIssuedToken, secretMatches } from '../../lib/crypto.js';
import type { Executor } from '../../db/client.js';
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
}) {
  const { repository, clock } = deps;
  const cache = createSessionCache({ cacheMs: deps.cacheMs ?? 0, clock });
  return {
    /** Starts a session and returns the cookie value, which is shown only this once. */
    async start(userId: string, request: FastifyRequest, tx?: Executor): Promise<string> {
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

    async end(sessionId: string) {
      cache.forgetSession(sessionId);
      await repository.delete(sessionId);
      cache.forgetSession(sessionId);
    },
    async endAllFor(userId: string, exceptSessionId?: string, tx?: Executor) {
      cache.forgetUser(userId);
      await repository.deleteForUser(userId, exceptSessionId, tx);
    },
    /**
     * After a change to the account that sessions carry (its global role, disabled or not): this
     * replica asks the database again at once; others within SESSION_CACHE_MS.
     */
    forgetUser: (userId: string) => cache.forgetUser(userId),
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
