import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import './fastify-augment.js';
import { authenticate } from './auth/hook.js';
import type { AuthDeclaration, CredentialResolvers } from './auth/types.js';
import { errorHandler, notFoundHandler } from './error-handler.js';
import { ServiceUnavailableError } from './errors.js';
import { useBoundedJsonParser } from './json-body.js';
import type { RateLimitPolicies } from '../modules/rate-limits/policy.js';
import { completeRouteContract } from './route-contract.js';
import { ErrorEnvelope } from './schemas.js';
import { wantsConsolePage } from './console-path.js';

/**
 * The API conventions in one place: shared schemas, the route contract, authentication before
 * validation, and the single error and not-found handlers. Registered unencapsulated so that
 * every module's routes get it.
 */
export const conventions = fp(
  async (app: FastifyInstance, options: { trustedOrigins?: readonly string[] }) => {
    const trustedOrigins = new Set(options.trustedOrigins ?? []);
    app.addSchema(ErrorEnvelope);
    // JSON is the only body format unless a route's module adds another (e.g. OAuth forms).
    app.removeContentTypeParser('text/plain');
    useBoundedJsonParser(app);
    await app.register(cookie);
    app.decorate('credentials', {} as CredentialResolvers);
    app.decorate('rateLimits', {} as RateLimitPolicies);
    app.decorate('consolePage', null);
    app.decorateRequest('actor', null);
    app.decorateRequest('teamRole', null);
    app.addHook('onRoute', completeRouteContract);
    // onRequest runs before the body is read, so an unauthenticated or unpermitted caller gets
    // 401/403 even when the body is malformed or too large.
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    // Responses finished during shutdown close their connection, so that kept-alive sockets do
    // not hold the listener open after the in-flight requests are done. Synchronous, as is the
    // start of the check below: a public route such as the health check pays no promise.
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (closing) reply.header('connection', 'close');
      done(null, payload);
    });
    async function admit(
      request: FastifyRequest,
      reply: FastifyReply,
      declaration: AuthDeclaration,
    ) {
      // Per-address limits before authentication, so that a flood is refused before any
      // credential lookup; per-caller limits once the caller is known.
      const limit = request.routeOptions.config.rateLimit;
      const policy = limit ? app.rateLimits[limit] : undefined;
      await policy?.byAddress?.(request);
      await authenticate(request, reply, declaration, app.credentials, trustedOrigins);
      await policy?.byCaller?.(request, reply);
      await app.rateLimits.everyCaller?.byCaller?.(request, reply);
      const rule = request.routeOptions.config.access;
      if (rule && !rule.readsBody) await rule.check(request);
    }
    app.addHook('onRequest', (request, reply, done) => {
      if (closing) {
        // Requests that arrive on kept-alive connections during shutdown get the envelope too.
        reply.header('connection', 'close');
        done(new ServiceUnavailableError('The service is shutting down; retry shortly'));
        return;
      }
      const config = request.routeOptions.config;
      const declaration = config.auth;
      // A public route without an address limit or an access rule has nothing to check.
      const open = declaration?.mode === 'public' && !config.rateLimit && !config.access;
      if (!declaration || request.is404 || open) {
        done();
        return;
      }
      admit(request, reply, declaration).then(() => done(), done);
    });
    // A check that needs the body runs once it is parsed: still before validation, so 403 and
    // 404 come before 400 there too.
    app.addHook('preValidation', (request, _reply, done) => {
      const rule = request.routeOptions.config.access;
      if (!rule?.readsBody || request.is404) {
        done();
        return;
      }
      rule.check(request).then(() => done(), done);
    });
    app.setErrorHandler(errorHandler);
    // A browser opening a console path (a deep link) gets the console's page; the API's paths
    // and every other caller keep the 404 envelope.
    app.setNotFoundHandler((request, reply) =>
      app.consolePage && wantsConsolePage(request)
        ? app.consolePage(reply)
        : notFoundHandler(request, reply),
    );
  },
  { name: 'conventions' },
);
