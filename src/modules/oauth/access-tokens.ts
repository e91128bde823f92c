import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { oauthAccessTokens, users } from '../../db/schema/index.js';
import type { UserActor } from '../../http/auth/types.js';
import { addSeconds, type Clock } from '../../lib/clock.js';
import { issueSecret, parseIssuedToken, secretMatches } from '../../lib/crypto.js';
import type { GlobalRole } from '../roles/permissions.js';
import { revokeOwned } from './repository.js';
import { audienceMatches } from './resource.js';

export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;

export function createAccessTokenRepository(db: Executor) {
  return {
    async insert(values: typeof oauthAccessTokens.$inferInsert, tx: Executor = db) {
      await tx.insert(oauthAccessTokens).values(values);
    },
    async findWithUser(id: string, tx: Executor = db) {
      const [row] = await tx
        .select({
          token: oauthAccessTokens,
          globalRole: users.globalRole,
          disabledAt: users.disabledAt,
          username: users.username,
          email: users.email,
          emailVerifiedAt: users.emailVerifiedAt,
          displayName: users.displayName,
        })
        .from(oauthAccessTokens)
        .innerJoin(users, eq(users.id, oauthAccessTokens.userId))
        .where(eq(oauthAccessTokens.id, id));
      return row ?? null;
    },
    /**
     * Ends every OAuth credential of an account: its grants with their refresh tokens (so that
     * nothing revives when the account is enabled again), its access tokens, and codes approved
     * but not yet exchanged (deleted: a later exchange finds no such code). Used codes stay, so a
     * replay is still recognised.
     */
    revokeForUser: (userId: string, now: Date, tx: Executor = db) =>
      revokeOwned(tx, (table) => eq(table.userId, userId), now),
  };
}

export type AccessTokenRepository = ReturnType<typeof createAccessTokenRepository>;

export function createAccessTokenService(deps: {
  repository: AccessTokenRepository;
  clock: Clock;
}) {
  const { repository, clock } = deps;

  /** The active access token behind a bearer credential, with its owner; null otherwise. */
  async function find(token: string) {
    const parsed = parseIssuedToken(token);
    if (!parsed || !parsed.id.startsWith('oat_')) return null;
    const found = await repository.findWithUser(parsed.id);
    if (!found || !secretMatches(parsed.secret, found.token.secretHash)) return null;
    if (found.token.revokedAt || found.token.expiresAt <= clock() || found.disabledAt) return null;
    return found;
  }

  return {
    /** Issues an opaque access token; the holder sees it once, the database keeps a hash. */
    async issue(
      input: {
        userId: string;
        clientId: string;
        scopes: string[];
        grantId?: string;
        teamId?: string | null;
        resource?: string | null;
      },
      tx?: Executor,
    ) {
      const issued = issueSecret('oat');
      const now = clock();
      const expiresAt = addSeconds(now, ACCESS_TOKEN_TTL_SECONDS);
      await repository.insert(
        {
          id: issued.id,
          secretHash: issued.secretHash,
          userId: input.userId,
          clientId: input.clientId,
          scopes: input.scopes,
          grantId: input.grantId ?? null,
          teamId: input.teamId ?? null,
          resource: input.resource ?? null,
          createdAt: now,
          expiresAt,
        },
        tx,
      );
      return { token: issued.token, id: issued.id, expiresAt };
    },

    find,

    /**
     * The credential resolver for bearer tokens on this service's API. A token bound to a
     * resource (RFC 8707) is meant for that satellite only: here it is no credential, so that a
     * satellite cannot replay its clients' tokens against Groundstation.
     */
    async resolve(token: string): Promise<UserActor | null> {
      const found = await find(token);
      if (!found || found.token.resource) return null;
      return actorOf(found);
    },

    /**
     * The resolver for a protected resource of this service's own (the registry at `/v0.1`):
     * a token bound to no resource, or to that resource (or a path below it), as RFC 8707
     * clients that read its RFC 9728 metadata ask for. A token bound to a satellite is refused.
     */
    async resolveFor(token: string, resource: string): Promise<UserActor | null> {
      const found = await find(token);
      if (!found) return null;
      if (found.token.resource && !audienceMatches(found.token.resource, resource)) return null;
      return actorOf(found);
    },

    /** Every grant, access and refresh token and pending code of the account stops working. */
    revokeAllFor: (userId: string, tx?: Executor) => repository.revokeForUser(userId, clock(), tx),
  };
}

type FoundToken = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createAccessTokenRepository>['findWithUser']>>
>;

function actorOf(found: FoundToken): UserActor {
  return {
    type: 'user',
    userId: found.token.userId,
    globalRole: found.globalRole as GlobalRole,
    via: 'bearer',
    scopes: found.token.scopes,
    tokenPayload: {
      token_id: found.token.id,
      client_id: found.token.clientId,
      scope: found.token.scopes.join(' '),
      expires_at: found.token.expiresAt.toISOString(),
      ...(found.token.teamId ? { team_id: found.token.teamId } : {}),
    },
    // The team the user chose on the consent page: the auth hook keeps the token inside it.
    ...(found.token.teamId ? { tokenTeamId: found.token.teamId } : {}),
  };
}

export type AccessTokenService = ReturnType<typeof createAccessTokenService>;
