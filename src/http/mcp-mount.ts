import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { auth } from './auth/declare.js';
import { ServiceUnavailableError } from './errors.js';

/** Serves MCP requests with their raw request and response (a satellite's endpoint). */
export type McpHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  parsedBody?: unknown,
) => Promise<void>;

/** MCP requests carry tool arguments: more room than the API's ordinary bodies. */
const MCP_BODY_LIMIT_BYTES = 4 * 1024 * 1024;

/**
 * Mounts a satellite's MCP endpoint on this service's origin: `/mcp`, `/mcp/<installation>` and
 * their RFC 9728 protected-resource metadata. The routes are public to the service (the
 * satellite checks MCP clients' tokens itself, through introspection, as any satellite does) and
 * left out of the API description. `handler` is read per request: until the satellite has
 * started, MCP clients are asked to come back (503).
 */
export function mountMcp(app: FastifyInstance, handler: () => McpHandler | null) {
  const serve = async (
    request: { raw: IncomingMessage; body?: unknown },
    reply: { hijack(): void; raw: ServerResponse },
  ) => {
    const handle = handler();
    if (!handle)
      throw new ServiceUnavailableError('The MCP endpoint is starting; try again shortly');
    reply.hijack();
    await handle(request.raw, reply.raw, request.body);
  };
  for (const url of [
    '/mcp',
    '/mcp/*',
    '/.well-known/oauth-protected-resource/mcp',
    '/.well-known/oauth-protected-resource/mcp/*',
  ]) {
    app.route({
      method: ['GET', 'POST', 'DELETE'],
      url,
      bodyLimit: MCP_BODY_LIMIT_BYTES,
      config: { auth: auth.public() },
      schema: { hide: true },
      handler: serve,
    });
  }
}
