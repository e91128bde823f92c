/**
 * RFC 8707 resource indicators. A client names the MCP server it wants a token for (for MCP
 * through a satellite: the satellite's URL, or a path below it); the token's audience is that
 * URL, and a satellite accepts only tokens whose audience lies at or below its own URL.
 */

const MAX_LENGTH = 2000;

/** A valid indicator: an absolute http(s) URL without fragment or credentials (RFC 8707 §2). */
export function validResource(value: string): boolean {
  if (value.length > MAX_LENGTH || value.includes('#')) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
}

const trimmedPath = (url: URL) => url.pathname.replace(/\/+$/, '');

/**
 * Whether a token meant for `audience` may be used at the satellite reachable at `satelliteUrl`:
 * same scheme, host and port, and the audience's path is the satellite's path or below it.
 */
export function audienceMatches(audience: string, satelliteUrl: string): boolean {
  let aud: URL;
  let own: URL;
  try {
    aud = new URL(audience);
    own = new URL(satelliteUrl);
  } catch {
    return false;
  }
  if (aud.origin !== own.origin) return false;
  const base = trimmedPath(own);
  const path = trimmedPath(aud);
  return path === base || path.startsWith(`${base}/`);
}
