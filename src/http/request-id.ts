import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

// A caller's id goes into every log line of its request, so only short ids made of characters
// that cannot forge log structure or hide text are kept (UUIDs, ULIDs, hex and base64 ids fit).
const ACCEPTED = /^[A-Za-z0-9._:+/=-]{1,128}$/;

/**
 * Fastify's `genReqId`: the caller's `X-Request-Id` when it is a safe id (so a proxy's or a
 * client's id follows the request through the logs), otherwise a new random UUID.
 */
export function requestIdFor(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && ACCEPTED.test(given) ? given : randomUUID();
}
