import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../http/auth/credentials.js';
import type { UserActor } from '../../http/auth/types.js';
import { addSeconds, type Clock } from '../../lib/clock.js';
import { issueSecret, parseIssuedToken, secretMatches } from '../../lib/crypto.js';
import type { Executor } from '../../db/client.js';
import type { GlobalRole } from '../roles/permissions.js';
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

export function createSessionService(deps: { repository: SessionRepository; clock: Clock }) {
  const { repository, clock } = deps;
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
      const found = await repository.findWithUser(parsed.id);
      if (!found || !secretMatches(parsed.secret, found.session.secretHash)) return null;
      const now = clock();
      if (found.session.expiresAt <= now || found.disabledAt) return null;
      const renewedAt = found.session.expiresAt.getTime() - SESSION_TTL_SECONDS * 1000;
      if (now.getTime() - renewedAt > EXTEND_AFTER_SECONDS * 1000) {
        await repository.extend(found.session.id, addSeconds(now, SESSION_TTL_SECONDS), now);
        setSessionCookie(request, reply, token);
      }
      return {
        type: 'user',
        userId: found.session.userId,
        globalRole: found.globalRole as GlobalRole,
        via: 'cookie',
        scopes: [],
        sessionId: found.session.id,
      };
    },

    end: (sessionId: string) => repository.delete(sessionId),
    endAllFor: (userId: string, exceptSessionId?: string, tx?: Executor) =>
      repository.deleteForUser(userId, exceptSessionId, tx),
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
