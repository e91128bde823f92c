import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { encodingFor, readConsoleBuild, type ConsoleBuild, type ConsoleFile } from './files.js';

/**
 * The console's Content-Security-Policy: scripts and styles only from the service's own files;
 * the one <style> element the component library writes (its CSS variables) carries the
 * response's nonce. Nothing inline runs, and nothing leaves the origin.
 */
function pagePolicy(nonce: string) {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "script-src-attr 'none'",
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function sendPage(build: ConsoleBuild, reply: FastifyReply) {
  const nonce = randomBytes(16).toString('base64');
  return reply
    .code(200)
    .header('content-security-policy', pagePolicy(nonce))
    .header('cache-control', 'no-cache')
    .type('text/html; charset=utf-8')
    .send(build.page.replaceAll('__CSP_NONCE__', nonce));
}

function sendFile(
  file: ConsoleFile,
  immutable: boolean,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  reply
    .header(
      'cache-control',
      immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
    )
    .header('etag', file.etag)
    .header('vary', 'accept-encoding')
    .type(file.type);
  if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
  const { body, encoding } = encodingFor(file, request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(body);
}

const hidden = { schema: { hide: true } };

/**
 * The web console, built by `npm run build` into dist/console: its hashed assets under /assets
 * (cached for a year), its other files at the root, and its page for `/` and, through the
 * not-found handler, for any other path a browser opens that is not the API's (deep links).
 * Without a build the API works as before and `/` says how to build the console.
 */
export const consoleRoutes = fp(
  async (app: FastifyInstance, options: { dir: string }) => {
    const build = readConsoleBuild(options.dir);
    if (!build) {
      app.log.warn({ dir: options.dir }, 'the web console is not built: run npm run build');
      app.get('/', hidden, async (_request, reply) =>
        reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send('The web console is not built. Run `npm run build`, then restart.\n'),
      );
      return;
    }
    app.get('/', hidden, async (_request, reply) => sendPage(build, reply));
    for (const [url, file] of build.files) {
      const immutable = url.startsWith('/assets/');
      app.get(url, hidden, async (request, reply) => sendFile(file, immutable, request, reply));
    }
    app.consolePage = (reply) => sendPage(build, reply);
  },
  { name: 'console', dependencies: ['conventions'] },
);
