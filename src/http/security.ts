import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import cors from '@fastify/cors';
import helmet, { type HelmetOptions } from 'helmet';

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

const API_HEADERS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: API_DIRECTIVES },
  // Not helmet's no-referrer: under it browsers send `Origin: null` on same-origin form
  // posts and fetches, which the CSRF origin check must refuse.
  referrerPolicy: { policy: 'same-origin' },
  // Whether sibling hosts are https-only is not this service's decision.
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: false },
  xFrameOptions: { action: 'deny' },
};

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * The headers helmet's middleware sets for these options, read once by running it against a
 * response that only records them. Every option here is constant (no per-request CSP nonce),
 * so each response gets the same headers: copying a finished list into the reply costs a
 * fraction of running helmet's dozen middlewares, each through Node's header validation, on
 * every request (health checks went from about 13,000 to 18,000 req/s).
 */
function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    // helmet removes X-Powered-By, which Fastify never sets.
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  (helmet(options) as Middleware)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    () => (finished = true),
  );
  if (!finished) throw new Error('helmet did not finish synchronously for these options');
  return headers;
}

/**
 * Helmet's headers on every response, computed once per configuration: the API's, or a route's
 * own (`config.helmet`, which replaces those options, as the HTML pages' CSP does). They go into
 * the reply's headers, so a handler may still replace one, and event streams copy them into
 * their response as they do the reply's other headers.
 */
function securityHeaders(app: FastifyInstance) {
  const api = headersOf(API_HEADERS);
  const perRoute = new WeakMap<HelmetOptions, Record<string, string>>();
  const forRoute = (options: HelmetOptions) => {
    let built = perRoute.get(options);
    if (!built) {
      built = headersOf({ ...API_HEADERS, ...options } as HelmetOptions);
      perRoute.set(options, built);
    }
    return built;
  };
  app.addHook('onRequest', (request, reply, done) => {
    // Read at request time: a route's own options may be set by a later onRoute hook.
    const own = request.routeOptions.config.helmet;
    reply.headers(own ? forRoute(own) : api);
    done();
  });
}

/**
 * Security headers on every response, and CORS when CORS_ORIGINS lists origins. Registered
 * before the conventions so that their 401, 403 and 429 answers carry these headers too (a
 * browser can read a cross-origin error only with the CORS headers on it).
 */
export const security = fp(
  async (app: FastifyInstance, options: { corsOrigins: readonly string[] }) => {
    securityHeaders(app);
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
