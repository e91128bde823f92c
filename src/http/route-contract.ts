import type { RouteOptions } from 'fastify';
import { ErrorEnvelopeRef, NoQuery, OpenQuery } from './schemas.js';
import type { AuthDeclaration } from './auth/types.js';

type SecurityRequirement = Record<string, string[]>;

/** OpenAPI `security` of a route, derived from its auth declaration so the two never disagree. */
export function securityFor(declaration: AuthDeclaration): SecurityRequirement[] {
  switch (declaration.mode) {
    case 'public':
      return [];
    case 'user':
      return [
        { cookieAuth: [] },
        ...(declaration.scope ? [{ oauth2: [declaration.scope] }] : []),
        ...(declaration.satellite ? [{ satelliteKey: [] }] : []),
      ];
    case 'first-run':
      // Open before the first account exists; a signed-in administrator afterwards.
      return [{}, { cookieAuth: [] }];
    case 'satellite':
      return [{ satelliteKey: [] }];
    case 'registration-token':
      return [{ registrationToken: [] }];
  }
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid request; the text names the field and what is wrong',
  401: 'Authentication is required',
  403: 'Authenticated but not permitted',
  404: 'Not found',
  413: 'Request body is too large',
  415: 'Unsupported content type',
  429: 'Too many requests; retry_after and the Retry-After header say when to try again',
  500: 'Unexpected server failure',
};

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Routes that satellites call (their key, or a registration token). They are the exception to
 * the unknown-field rule: a newer satellite adds fields and query parameters, and a refusal can
 * strand it, so they accept and ignore what they do not know (docs/api-conventions.md).
 */
export function callsFromSatellites(declaration: AuthDeclaration): boolean {
  return declaration.mode === 'satellite' || declaration.mode === 'registration-token';
}

function methods(route: RouteOptions): string[] {
  return Array.isArray(route.method) ? route.method : [route.method];
}

export class RouteContractError extends Error {
  override name = 'RouteContractError';
}

/**
 * Enforces the route contract when a route is added: an auth declaration, an operationId,
 * a summary, tags and a success response. It then completes the schema with the shared error
 * responses, the OpenAPI security and an empty query schema (so unknown parameters are refused).
 */
export function completeRouteContract(route: RouteOptions): void {
  const schema = (route.schema ??= {}) as Record<string, unknown>;
  if (schema.hide) return;
  const where = `${methods(route).join(',')} ${route.url}`;
  const declaration = route.config?.auth as AuthDeclaration | undefined;
  if (!declaration) throw new RouteContractError(`Route ${where} declares no config.auth`);
  for (const key of ['operationId', 'summary', 'tags'] as const) {
    if (!schema[key]) throw new RouteContractError(`Route ${where} has no schema.${key}`);
  }
  const response = (schema.response ?? {}) as Record<string, unknown>;
  if (!Object.keys(response).some((status) => /^[23]\d\d$/.test(status))) {
    throw new RouteContractError(`Route ${where} has no success response schema`);
  }
  const statuses = [400, 404, 500];
  if (declaration.mode !== 'public') statuses.push(401, 403);
  if (methods(route).some((m) => BODY_METHODS.has(m))) statuses.push(413, 415);
  // Signed-in callers meet the per-account and per-OAuth-client limits on every route.
  if (route.config?.rateLimit || declaration.mode === 'user') statuses.push(429);
  for (const status of statuses) {
    response[status] ??= ErrorEnvelopeRef(ERROR_DESCRIPTIONS[status] ?? 'Error');
  }
  schema.response = response;
  // Satellites send query parameters newer than this service knows; their routes ignore them.
  schema.querystring ??= callsFromSatellites(declaration) ? OpenQuery : NoQuery;
  schema.security = securityFor(declaration);
}
