import type { FastifyServerOptions } from 'fastify';
import type { TrustProxy } from '../config.js';

/**
 * TRUST_PROXY in the form Fastify takes. A hop count becomes a function: Fastify refuses plain
 * numbers (it cannot tell a proxy from a direct client by counting), so this trusts exactly the
 * nearest `hops` addresses, the connection's own first; the client is the next one to the left.
 * It is only right when every request passes through that many proxies (docs/operators.md).
 */
export function fastifyTrustProxy(setting: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (typeof setting !== 'number') return setting;
  const hops = setting;
  return (_address: string, hop: number) => hop < hops;
}
