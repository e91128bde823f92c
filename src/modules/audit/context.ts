import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import type { AuditActorType } from './actions.js';

/**
 * The request a change is made for, which the entry takes its caller, client address, user agent
 * and request id from; null for the service's own work (tickers, start-up), recorded as the
 * system. Services take it as a parameter rather than from an `AsyncLocalStorage`: on Node 20 an
 * enabled one tracks every promise of every request, about a tenth of a cheap route's time.
 */
export type AuditRequest = FastifyRequest | null;

export interface AuditSettings {
  /** Entry times follow the application's clock during a request. */
  clock: Clock;
  /**
   * False only for bench/audit.ts, which measures what the entries cost the audited routes: no
   * configuration reaches it.
   */
  record: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    auditSettings: AuditSettings;
  }
}

export function installAuditSettings(app: FastifyInstance, settings: AuditSettings): void {
  app.decorate('auditSettings', settings);
}

export interface AuditActor {
  type: AuditActorType;
  id: string | null;
}

/** The actor of an authenticated request; the service itself when nobody is signed in. */
export function actorOf(request: AuditRequest): AuditActor {
  const actor = request?.actor;
  if (!actor) return { type: 'system', id: null };
  if (actor.type === 'user') return { type: 'user', id: actor.userId };
  if (actor.type === 'satellite') return { type: 'satellite', id: actor.satelliteId };
  // A registration token is not yet a satellite: the pairing entry names the satellite made.
  return { type: 'satellite', id: null };
}

/** Where the request came from, as the trusted-proxy rules resolved it. */
export function originOf(request: AuditRequest) {
  const agent = request?.headers['user-agent'];
  return {
    clientAddress: request?.ip ?? null,
    // Bounded: the header is the caller's text.
    userAgent: typeof agent === 'string' ? agent.slice(0, 512) : null,
    requestId: request ? String(request.id) : null,
  };
}
