import type { FastifyInstance } from 'fastify';
import { SAFE_METHODS } from './auth/origin.js';
import type { Actor } from './auth/types.js';

/** Who made a change: a caller type, or undefined when no one is signed in (a reset link). */
export type ChangeMaker = Actor['type'] | undefined;

/** A cache a module registers to be forgotten after the changes that may touch it. */
export interface Forgetter {
  /** Whether a change by this caller may touch what the cache remembers. */
  after(maker: ChangeMaker): boolean;
  /** Forgets everything the cache remembers, at once. */
  forget(): void;
}

/** Changes made by signed-in users. */
export const byUsers = (maker: ChangeMaker): boolean => maker === 'user';

/**
 * The replica that serves a user's change forgets what event batches, profiles, catalogue
 * lists and satellite configurations remember before it answers, so the next batch or page
 * load after the answer sees the change here at once; other replicas hear the database's
 * `scope`, `profiles` and `catalogue` signals a moment later. Profiles are also forgotten after
 * changes made without a session (email verification, password reset): only satellites'
 * requests, which never change one, leave them.
 *
 * The hook is added at once (not as a plugin) and answers through `done`, with no promise per
 * request; where it is added among the app's hooks is part of its behaviour.
 */
export function forgetOnChange(app: FastifyInstance, forgetters: readonly Forgetter[]): void {
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (SAFE_METHODS.has(request.method) && !request.routeOptions.config.changes) {
      done(null, payload);
      return;
    }
    const maker = request.actor?.type;
    for (const forgetter of forgetters) if (forgetter.after(maker)) forgetter.forget();
    done(null, payload);
  });
}
