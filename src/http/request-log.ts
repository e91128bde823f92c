import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { REQUEST_ID_HEADER } from './request-id.js';
import { actorLabel, routeLabel } from './route-label.js';

const MAX_PATH = 256;

/** The path without its query string, where secrets travel (`?token=…`, `?code=…`). */
function pathOf(url: string): string {
  const end = url.indexOf('?');
  const path = end === -1 ? url : url.slice(0, end);
  return path.length > MAX_PATH ? `${path.slice(0, MAX_PATH)}…` : path;
}

/**
 * One log line per request, written when the response is finished, in place of Fastify's two
 * ("incoming request", "request completed"; the app sets `disableRequestLogging`), with the
 * request id under the same label as every other line of the request. Headers and bodies are
 * never logged.
 */
export const requestLog = fp(
  async (app: FastifyInstance) => {
    // In the first onRequest hook, so that answers from later hooks (401, 403, 503) carry it too.
    app.addHook('onRequest', (request, reply, done) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      done();
    });
    // The line holds only the fields below, none of which can carry a credential (the query
    // string is cut off), so it is written without the logger's redaction, which walks every
    // value and cost more than the rest of the line put together.
    const lines = app.log.child({}, { redact: [] });
    app.addHook('onResponse', (request, reply, done) => {
      const status = reply.statusCode;
      const line = {
        requestId: request.id,
        method: request.method,
        route: routeLabel(request),
        path: pathOf(request.url),
        status,
        durationMs: Math.round(reply.elapsedTime * 100) / 100,
        actor: actorLabel(request.actor),
        ip: request.ip,
      };
      if (status >= 500) lines.error(line, 'request');
      else lines.info(line, 'request');
      done();
    });
  },
  { name: 'request-log' },
);
