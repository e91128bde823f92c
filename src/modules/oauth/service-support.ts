import type { Database, Executor } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { TeamRepository } from '../teams/repository.js';
import type { UserRepository } from '../users/repository.js';
import type { AccessTokenService } from './access-tokens.js';
import type { ClientDirectory } from './client-directory.js';
import { OAuthError, type OAuthErrorCode } from './errors.js';
import type { OAuthRepository } from './repository.js';
import { validResource } from './resource.js';

// What the parts of the OAuth service (authorization, tokens, introspection, registration,
// management) share: their dependencies and the checks more than one of them makes.

export interface OAuthServiceDeps {
  db: Database;
  repository: OAuthRepository;
  accessTokens: AccessTokenService;
  users: UserRepository;
  teams: TeamRepository;
  clients: ClientDirectory;
  clock: Clock;
  issuer: string;
  /** Told, in its transaction, that a user's tokens ended, so that satellites forget them. */
  accessEnded?: (userId: string, tx: Executor) => Promise<void>;
}

export const str = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The `resource` parameter, when given: exactly one valid absolute URL (RFC 8707 §2). */
export function resourceParameter(
  value: unknown,
): { resource: string | undefined } | { error: string } {
  if (value === undefined || value === '') return { resource: undefined };
  if (typeof value !== 'string' || !validResource(value))
    return { error: 'resource must be one absolute http(s) URL without a fragment' };
  return { resource: value };
}

/** The client's redirect URI with these parameters (those given) and this server's `iss`. */
export function redirectTo(
  issuer: string,
  uri: string,
  params: Record<string, string | undefined>,
) {
  const url = new URL(uri);
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(key, value);
  // RFC 9207: tells the client which server answered, against mix-up attacks.
  url.searchParams.set('iss', issuer);
  return url.toString();
}

/** The client's redirect URI carrying an error (RFC 6749 §4.1.2.1). */
export function errorRedirect(
  issuer: string,
  uri: string,
  state: string | undefined,
  error: OAuthErrorCode,
  description: string,
) {
  return redirectTo(issuer, uri, { error, error_description: description, state });
}

/** The token, refresh and revocation requests' client: known and not revoked. */
export async function requireClient(
  clients: ClientDirectory,
  clientId: unknown,
): Promise<{ id: string }> {
  if (typeof clientId !== 'string' || !clientId || !(await clients.isActive(clientId)))
    throw new OAuthError('invalid_client', 'Unknown or revoked client_id');
  return { id: clientId };
}

/** The team a token is bound to must still count the user among its members. */
export async function stillMember(teams: TeamRepository, teamId: string | null, userId: string) {
  if (!teamId) return true;
  return Boolean((await teams.membership(teamId, userId))?.role);
}
