/**
 * The text of a satellite registration token around its JWT.
 *
 * Current form: `<prefix>satellite_<scope>_<JWT>`, with the prefix from SATELLITE_TOKEN_PREFIX
 * (`service_` by default). The DeployStack satellite refuses to start unless its token begins
 * with `deploystack_satellite_global_` or `deploystack_satellite_team_`, so the scope is in the
 * text and the prefix is a setting.
 *
 * Old form, still accepted so that callers holding such tokens keep working:
 * `service_satellite_<JWT>` (no scope segment; the JWT's claim alone gives the scope).
 */
export type TokenScope = 'global' | 'team';

export const LEGACY_TOKEN_PREFIX = 'service_satellite_';

const SCOPES: readonly TokenScope[] = ['global', 'team'];

export function formatRegistrationToken(prefix: string, scope: TokenScope, jwt: string): string {
  return `${prefix}satellite_${scope}_${jwt}`;
}

export interface TokenText {
  jwt: string;
  /** The scope written in the text; null for the old form, which has none. */
  scope: TokenScope | null;
}

/** Splits a presented token; null when it has neither form. */
export function parseRegistrationToken(text: string, prefix: string): TokenText | null {
  for (const scope of SCOPES) {
    const head = `${prefix}satellite_${scope}_`;
    if (text.startsWith(head) && text.length > head.length) {
      return { jwt: text.slice(head.length), scope };
    }
  }
  // A JWT starts with `eyJ` (base64url of `{"`), so `service_satellite_global_…` is never read
  // as an old-form token whose JWT begins with `global_`.
  if (text.startsWith(LEGACY_TOKEN_PREFIX) && text.length > LEGACY_TOKEN_PREFIX.length) {
    return { jwt: text.slice(LEGACY_TOKEN_PREFIX.length), scope: null };
  }
  return null;
}
