import { jwtVerify, SignJWT } from 'jose';
import { REGISTRATION_TOKEN_PREFIX } from '../../http/auth/credentials.js';
import type { RegistrationActor } from '../../http/auth/types.js';
import type { Clock } from '../../lib/clock.js';
import { digestsEqual, sha256Hex } from '../../lib/crypto.js';
import { newId } from '../../lib/ids.js';
import {
  globalRoleHas,
  teamRoleHas,
  type GlobalRole,
  type TeamRole,
} from '../roles/permissions.js';
import type { SatelliteRepository } from './repository.js';

export const TOKEN_AUDIENCE = 'satellite-registration';

export interface RegistrationTokenDeps {
  repository: SatelliteRepository;
  secret: Buffer;
  issuer: string;
  clock: Clock;
}

type TokenWithCreator = NonNullable<
  Awaited<ReturnType<SatelliteRepository['findTokenWithCreator']>>
>;

/**
 * A token carries its creator's authority, so it is only good while they could still issue it:
 * an enabled account that holds satellites.manage globally, or, for a team token, in that team
 * (its administrators). A team token outlives neither its creator's removal from the team nor
 * their demotion; the team's other administrators see it in the token list and may revoke it.
 */
function creatorMayStillIssue(t: TokenWithCreator): boolean {
  if (!t.creatorGlobalRole || t.creatorDisabledAt) return false;
  if (globalRoleHas(t.creatorGlobalRole as GlobalRole, 'satellites.manage')) return true;
  return (
    t.token.scope === 'team' &&
    t.creatorTeamRole !== null &&
    teamRoleHas(t.creatorTeamRole as TeamRole, 'satellites.manage')
  );
}

/** `service_satellite_<JWT>` tokens: HS256 with iss, aud, jti, scope, team_id, iat, exp. */
export function createRegistrationTokens(deps: RegistrationTokenDeps) {
  const key = new Uint8Array(deps.secret);
  return {
    async issue(input: {
      scope: 'global' | 'team';
      teamId: string | null;
      ttlSeconds: number;
      name: string | null;
      createdBy: string;
    }) {
      const now = deps.clock();
      const id = newId('srt');
      const iat = Math.floor(now.getTime() / 1000);
      const exp = iat + input.ttlSeconds;
      const jwt = await new SignJWT({ scope: input.scope, team_id: input.teamId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(deps.issuer)
        .setAudience(TOKEN_AUDIENCE)
        .setJti(id)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(key);
      const token = `${REGISTRATION_TOKEN_PREFIX}${jwt}`;
      await deps.repository.insertToken({
        id,
        scope: input.scope,
        teamId: input.teamId,
        tokenHash: sha256Hex(token),
        name: input.name,
        createdBy: input.createdBy,
        createdAt: now,
        expiresAt: new Date(exp * 1000),
      });
      return { id, token, expiresAt: new Date(exp * 1000) };
    },

    /**
     * The credential resolver: signature, issuer, audience, expiry, then revocation, use and
     * whether its creator could still issue it.
     */
    async resolve(token: string): Promise<RegistrationActor | null> {
      const jwt = token.slice(REGISTRATION_TOKEN_PREFIX.length);
      let payload;
      try {
        ({ payload } = await jwtVerify(jwt, key, {
          issuer: deps.issuer,
          audience: TOKEN_AUDIENCE,
          algorithms: ['HS256'],
          currentDate: deps.clock(),
        }));
      } catch {
        return null;
      }
      if (typeof payload.jti !== 'string') return null;
      const found = await deps.repository.findTokenWithCreator(payload.jti);
      if (!found || !digestsEqual(sha256Hex(token), found.token.tokenHash)) return null;
      const row = found.token;
      if (row.usedAt || row.revokedAt || row.expiresAt <= deps.clock()) return null;
      if (!creatorMayStillIssue(found)) return null;
      return {
        type: 'registration',
        tokenId: row.id,
        scope: row.scope as 'global' | 'team',
        teamId: row.teamId,
      };
    },
  };
}

export type RegistrationTokens = ReturnType<typeof createRegistrationTokens>;
