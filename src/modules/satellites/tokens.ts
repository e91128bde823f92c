import { jwtVerify, SignJWT } from 'jose';
import { REGISTRATION_TOKEN_PREFIX } from '../../http/auth/credentials.js';
import type { RegistrationActor } from '../../http/auth/types.js';
import type { Clock } from '../../lib/clock.js';
import { digestsEqual, sha256Hex } from '../../lib/crypto.js';
import { newId } from '../../lib/ids.js';
import type { SatelliteRepository } from './repository.js';

export const TOKEN_AUDIENCE = 'satellite-registration';

export interface RegistrationTokenDeps {
  repository: SatelliteRepository;
  secret: Buffer;
  issuer: string;
  clock: Clock;
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

    /** The credential resolver: signature, issuer, audience, expiry, then revocation and use. */
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
      const row = await deps.repository.findToken(payload.jti);
      if (!row || !digestsEqual(sha256Hex(token), row.tokenHash)) return null;
      if (row.usedAt || row.revokedAt || row.expiresAt <= deps.clock()) return null;
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
