import type { JWTPayload } from 'jose';
import type { Executor } from '../../db/client.js';
import type { RegistrationActor } from '../../http/auth/types.js';
import { RegistrationTokenError } from '../../http/errors.js';
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
import {
  formatRegistrationToken,
  LEGACY_TOKEN_PREFIX,
  parseRegistrationToken,
} from './token-text.js';

export const TOKEN_AUDIENCE = 'satellite-registration';

export interface RegistrationTokenDeps {
  repository: SatelliteRepository;
  secret: Buffer;
  issuer: string;
  clock: Clock;
  /** SATELLITE_TOKEN_PREFIX: the text before `satellite_<scope>_`. */
  prefix: string;
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

const INVALID = 'Authentication is required: the registration token is not valid';
const ASK_AGAIN = 'ask an administrator for a new registration token';

function refuse(
  refusal: ConstructorParameters<typeof RegistrationTokenError>[0],
  description: string,
): never {
  throw new RegistrationTokenError(refusal, description);
}

/**
 * Whether the stored digest belongs to this JWT. Tokens are stored as the SHA-256 of their JWT;
 * those issued before the scope went into the text, as the SHA-256 of `service_satellite_<JWT>`.
 * Either way the same token is accepted in both of its written forms.
 */
function digestMatches(jwt: string, stored: string): boolean {
  return (
    digestsEqual(sha256Hex(jwt), stored) ||
    digestsEqual(sha256Hex(LEGACY_TOKEN_PREFIX + jwt), stored)
  );
}

/**
 * Registration tokens `<prefix>satellite_<scope>_<JWT>` (token-text.ts): HS256 with iss, aud,
 * jti, scope, team_id, iat, exp.
 */
/** JWT support, loaded with the first registration token rather than at every start. */
const jose = () => import('jose');

export function createRegistrationTokens(deps: RegistrationTokenDeps) {
  const key = new Uint8Array(deps.secret);

  /** The verified claims; a JWT that is signed by us but past its exp is `token_expired`. */
  async function verify(jwt: string): Promise<JWTPayload> {
    const { errors: joseErrors, jwtVerify } = await jose();
    try {
      const { payload } = await jwtVerify(jwt, key, {
        issuer: deps.issuer,
        audience: TOKEN_AUDIENCE,
        algorithms: ['HS256'],
        currentDate: deps.clock(),
      });
      return payload;
    } catch (error) {
      // jose checks the signature before the claims, so only a genuine token gets here.
      if (error instanceof joseErrors.JWTExpired)
        refuse('token_expired', `The registration token has expired; ${ASK_AGAIN}`);
      return refuse('invalid_registration_token', INVALID);
    }
  }

  return {
    async issue(
      input: {
        scope: 'global' | 'team';
        teamId: string | null;
        ttlSeconds: number;
        name: string | null;
        /** Null only for the service's own token for its built-in satellite (`builtIn`). */
        createdBy: string | null;
        builtIn?: boolean;
      },
      tx?: Executor,
    ) {
      const now = deps.clock();
      const id = newId('srt');
      const iat = Math.floor(now.getTime() / 1000);
      const exp = iat + input.ttlSeconds;
      const claims = { scope: input.scope, team_id: input.teamId };
      const { SignJWT } = await jose();
      const jwt = await new SignJWT(input.builtIn ? { ...claims, built_in: true } : claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(deps.issuer)
        .setAudience(TOKEN_AUDIENCE)
        .setJti(id)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(key);
      await deps.repository.insertToken(
        {
          id,
          scope: input.scope,
          teamId: input.teamId,
          tokenHash: sha256Hex(jwt),
          name: input.name,
          createdBy: input.createdBy,
          createdAt: now,
          expiresAt: new Date(exp * 1000),
        },
        tx,
      );
      return {
        id,
        token: formatRegistrationToken(deps.prefix, input.scope, jwt),
        expiresAt: new Date(exp * 1000),
      };
    },

    /**
     * The credential resolver: form, signature, issuer, audience, expiry, the scope written in
     * the text against the one signed, then revocation, use and whether its creator could still
     * issue it. Refusals throw RegistrationTokenError with the DeployStack satellite's codes;
     * anything that is not a token of ours is `invalid_registration_token`.
     */
    async resolve(token: string): Promise<RegistrationActor> {
      const text = parseRegistrationToken(token, deps.prefix);
      if (!text) return refuse('invalid_registration_token', INVALID);
      const payload = await verify(text.jwt);
      if (typeof payload.jti !== 'string') return refuse('invalid_registration_token', INVALID);
      const found = await deps.repository.findTokenWithCreator(payload.jti);
      if (!found || !digestMatches(text.jwt, found.token.tokenHash))
        return refuse('invalid_registration_token', INVALID);
      const row = found.token;
      if (text.scope !== null && (text.scope !== payload.scope || text.scope !== row.scope)) {
        return refuse(
          'token_invalid_scope',
          `The registration token says satellite_${text.scope}_ but was issued for scope ${row.scope}`,
        );
      }
      if (row.revokedAt) return refuse('invalid_registration_token', `${INVALID}: it was revoked`);
      if (row.usedAt)
        return refuse(
          'token_already_used',
          `The registration token was already used; ${ASK_AGAIN}`,
        );
      if (row.expiresAt <= deps.clock())
        return refuse('token_expired', `The registration token has expired; ${ASK_AGAIN}`);
      // The service's own token for its built-in satellite has no creator; any other token
      // whose creator is gone (or may no longer issue it) is void.
      const builtIn = payload.built_in === true && row.createdBy === null;
      if (!builtIn && !creatorMayStillIssue(found))
        return refuse('invalid_registration_token', INVALID);
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
