import type { FastifyRequest } from 'fastify';
import { ForbiddenError } from '../errors.js';

/** Methods that change nothing: no origin check, and nothing remembered is forgotten after them. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Where a browser says the request comes from: Origin, else Referer's origin; null if neither. */
function claimedOrigin(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (typeof origin === 'string') return origin;
  const referer = request.headers.referer;
  if (typeof referer !== 'string') return null;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

/**
 * Cross-site request forgery guard for state-changing requests that a session cookie
 * authenticates. SameSite=Lax already keeps the cookie off cross-site POSTs; this also stops
 * same-site pages (a sibling subdomain) and browsers without SameSite. Browsers send Origin on
 * every such request, so one without Origin or Referer is not a browser's (curl, SDKs) and passes.
 * `Origin: null` (sandboxed frames, privacy redirects) is not trusted.
 */
export function checkCookieOrigin(request: FastifyRequest, trusted: ReadonlySet<string>): void {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = claimedOrigin(request);
  if (origin === null || trusted.has(origin)) return;
  throw new ForbiddenError(
    'Cross-origin request refused: a session cookie is accepted only from this service’s own pages or CORS_ORIGINS',
  );
}
