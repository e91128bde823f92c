import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fastifySSE } from '@fastify/sse';
import { createFreshCache, type FreshCache } from './fresh-cache.js';
import { createStreamLimits, type StreamCaps, type StreamLimits } from './limits.js';
import { createSharedPolls, type SharedPolls } from './shared-poll.js';
import { streamTopics, type StreamSignals } from './signals.js';

export interface StreamSettings extends StreamCaps {
  /** How often a stream asks the database for new items (3 s by default). */
  pollIntervalMs: number;
  /** How often an idle stream sends a comment so proxies keep it open (30 s by default). */
  heartbeatIntervalMs: number;
  /** The longest a stream stays open before it asks its client to reconnect (1 hour by default). */
  maxLifetimeSeconds: number;
}

/** What routes need to run streams: the settings, and the streams open in this process. */
export interface StreamHub {
  readonly settings: StreamSettings;
  /** Streams this process is serving now. */
  readonly openCount: number;
  /** Registers a stream's close function; the returned function unregisters it. */
  track(close: () => void): () => void;
  /** The polls streams share: one per resource and distinct filters. */
  readonly polls: SharedPolls;
  /** Access re-checks that streams of one credential share (see watchAccess). */
  readonly accessChecks: FreshCache;
  /** The caps on open streams per account and per credential. */
  readonly limits: StreamLimits;
  /** Whether this replica hears other replicas' signals now (signals.ts). */
  readonly listening: boolean;
  /**
   * Calls `changed` when something that can end the account's access changes, on any replica
   * (the `access` signal). Returns the unsubscribe.
   */
  watchAccount(userId: string, changed: () => void): () => void;
}

/**
 * Server-Sent Events for the whole app: @fastify/sse with the configured heartbeat, and a hub
 * that ends every open stream when the app closes. An open stream would otherwise hold the
 * listener open until the shutdown timeout, and its client should reconnect to another replica.
 */
export const streamSupport = fp(
  async (
    app: FastifyInstance,
    { signals, ...settings }: StreamSettings & { signals?: StreamSignals },
  ) => {
    await app.register(fastifySSE, { heartbeatInterval: settings.heartbeatIntervalMs });
    const open = new Set<() => void>();
    const hub: StreamHub = {
      settings,
      polls: createSharedPolls({
        intervalMs: settings.pollIntervalMs,
        onError: (error) => app.log.error({ err: error }, 'stream poll failed; retrying'),
        signals,
      }),
      accessChecks: createFreshCache(),
      limits: createStreamLimits(settings),
      get openCount() {
        return open.size;
      },
      get listening() {
        return signals?.listening ?? false;
      },
      watchAccount(userId, changed) {
        return signals?.subscribe(streamTopics.access(userId), changed) ?? (() => undefined);
      },
      track(close) {
        open.add(close);
        return () => void open.delete(close);
      },
    };
    app.decorate('streams', hub);
    app.addHook('preClose', async () => {
      for (const close of [...open]) close();
    });
  },
  { name: 'streams' },
);
