import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import type { AuditActorType } from './actions.js';

/**
 * The request a piece of work runs for, so that `audit()` deep inside a service learns the
 * caller, client address, user agent and request id without every service signature carrying
 * the request.
 */
const current = new AsyncLocalStorage<{ request: FastifyRequest; clock: Clock; record: boolean }>();
const scope = Symbol('auditScope');

type Scoped = FastifyRequest & { [scope]?: AsyncResource };

/**
 * Enters the request's context in `onRequest`; body parsing runs in the socket's context, so
 * `preValidation` (after parsing, before the handler) enters it again. `record: false` exists
 * only for bench/audit.ts, which measures what the entries cost the audited routes: no
 * configuration reaches it.
 */
export function installAuditContext(app: FastifyInstance, clock: Clock, record = true): void {
  app.addHook('onRequest', (request, _reply, done) => {
    current.run({ request, clock, record }, () => {
      (request as Scoped)[scope] = new AsyncResource('groundstation.audit');
      done();
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const resource = (request as Scoped)[scope];
    if (resource) resource.runInAsyncScope(done);
    else done();
  });
}

/** The request being served, and the application's clock (entry times follow it). */
export function currentContext() {
  return current.getStore();
}

export interface AuditActor {
  type: AuditActorType;
  id: string | null;
}

/** The actor of an authenticated request; the service itself when nobody is signed in. */
export function actorOf(request: FastifyRequest | undefined): AuditActor {
  const actor = request?.actor;
  if (!actor) return { type: 'system', id: null };
  if (actor.type === 'user') return { type: 'user', id: actor.userId };
  if (actor.type === 'satellite') return { type: 'satellite', id: actor.satelliteId };
  // A registration token is not yet a satellite: the pairing entry names the satellite made.
  return { type: 'satellite', id: null };
}

/** Where the request came from, as the trusted-proxy rules resolved it. */
export function originOf(request: FastifyRequest | undefined) {
  const agent = request?.headers['user-agent'];
  return {
    clientAddress: request?.ip ?? null,
    // Bounded: the header is the caller's text.
    userAgent: typeof agent === 'string' ? agent.slice(0, 512) : null,
    requestId: request ? String(request.id) : null,
  };
}
