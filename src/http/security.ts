import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';

/**
 * The Content-Security-Policy of JSON responses: a JSON body never needs to load anything, run
 * anything or be framed. HTML pages set their own per route (the OAuth pages, /documentation).
 */
const API_DIRECTIVES = {
  defaultSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'none'"],
  frameAncestors: ["'none'"],
};

/**
 * Security headers on every response, and CORS when CORS_ORIGINS lists origins. Registered
 * before the conventions so that their 401, 403 and 429 answers carry these headers too (a
 * browser can read a cross-origin error only with the CORS headers on it).
 */
export const security = fp(
  async (app: FastifyInstance, options: { corsOrigins: readonly string[] }) => {
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: API_DIRECTIVES },
      // Not helmet's no-referrer: under it browsers send `Origin: null` on same-origin form
      // posts and fetches, which the CSRF origin check must refuse.
      referrerPolicy: { policy: 'same-origin' },
      // Whether sibling hosts are https-only is not this service's decision.
      strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: false },
      xFrameOptions: { action: 'deny' },
    });
    if (options.corsOrigins.length === 0) return;
    const listed = new Set(options.corsOrigins);
    await app.register(cors, {
      // Unlisted origins get no CORS headers at all (not even Allow-Credentials), and their
      // preflights the 404 envelope.
      origin: (origin, callback) => callback(null, origin !== undefined && listed.has(origin)),
      credentials: true,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      exposedHeaders: [
        'retry-after',
        'etag',
        'x-request-id',
        // Browser clients pace themselves by the per-account limits (docs/operators.md).
        'ratelimit-limit',
        'ratelimit-remaining',
        'ratelimit-reset',
        'ratelimit-policy',
      ],
      maxAge: 600,
    });
  },
  { name: 'security' },
);
