// RFC 9728 protected-resource metadata: it tells an MCP client that Groundstation issues the
// tokens for this endpoint. The metadata of `<public URL>/<installation>` lives at
// `<origin>/.well-known/oauth-protected-resource<public path>/<installation>`.
import type { ServerResponse } from 'node:http';
import { sendJson } from './http.js';

export const WELL_KNOWN = '/.well-known/oauth-protected-resource';
/** Where the caller mounts the endpoint on this satellite. */
export const MOUNT = '/mcp';

export const SCOPES_SUPPORTED = ['mcp:read', 'mcp:tools:execute'];

export interface PublicLocation {
  /** The endpoint's public URL without a trailing slash. */
  url: string;
  origin: string;
  /** Its path without a trailing slash ('' at the root). */
  path: string;
}

export function publicLocation(publicUrl: string): PublicLocation {
  const parsed = new URL(publicUrl);
  const path = parsed.pathname.replace(/\/+$/, '');
  return { url: `${parsed.origin}${path}`, origin: parsed.origin, path };
}

function suffix(installation: string | undefined): string {
  return installation === undefined ? '' : `/${encodeURIComponent(installation)}`;
}

export function resourceUrl(location: PublicLocation, installation?: string): string {
  return `${location.url}${suffix(installation)}`;
}

export function metadataUrl(location: PublicLocation, installation?: string): string {
  return `${location.origin}${WELL_KNOWN}${location.path}${suffix(installation)}`;
}

/**
 * The resource a metadata path describes: the bare well-known path and the endpoint's own path
 * (public, or as mounted here) describe the endpoint; one segment more, that installation.
 */
export function describedResource(location: PublicLocation, pathname: string): string | undefined {
  const rest = pathname.slice(WELL_KNOWN.length).replace(/\/+$/, '');
  if (rest === '') return location.url;
  for (const base of new Set([location.path, MOUNT])) {
    if (!base || (rest !== base && !rest.startsWith(`${base}/`))) continue;
    const below = rest.slice(base.length);
    if (below === '') return location.url;
    const segment = below.slice(1);
    if (segment.includes('/')) return undefined;
    return `${location.url}/${segment}`;
  }
  return undefined;
}

export function sendMetadata(
  res: ServerResponse,
  method: string | undefined,
  resource: string | undefined,
  authorizationServer: string,
): void {
  // Public and the same for everyone: browsers' MCP clients may read it across origins.
  const headers = { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'public, max-age=3600' };
  if (method !== 'GET' && method !== 'HEAD') {
    sendJson(res, 405, { error: 'method_not_allowed' }, { ...headers, Allow: 'GET, HEAD' });
    return;
  }
  if (!resource) {
    sendJson(res, 404, { error: 'not_found' }, headers);
    return;
  }
  sendJson(
    res,
    200,
    {
      resource,
      authorization_servers: [authorizationServer],
      bearer_methods_supported: ['header'],
      scopes_supported: SCOPES_SUPPORTED,
    },
    headers,
  );
}
