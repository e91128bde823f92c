import type { FastifyPluginAsync } from 'fastify';
import type { Logger } from 'pino';
import type { Database, Executor } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { CatalogueOAuthHooks } from '../catalogue/service.js';
import type { PendingWorkRecorder } from '../installations/pending-work.js';
import type { OAuthTokenSource } from '../satellites/upstream-tokens.js';
import type { UpstreamOAuthConfig } from './config.js';
import { createConnections } from './connections.js';
import { createOAuthDetector } from './detection.js';
import { createRequirementKeeper } from './instances.js';
import { createTokenKeeper } from './keeper.js';
import { upstreamFetch } from './outbound.js';
import { upstreamOAuthRoutes } from './routes.js';
import { revokeQueued } from './revocations.js';
import { createSealer } from './store-seal.js';
import { createUpstreamStore } from './store.js';

export interface UpstreamOAuthDeps {
  db: Database;
  settings: UpstreamOAuthConfig['upstreamOAuth'];
  baseUrl: string;
  encryptionKey: Buffer;
  pendingWork: PendingWorkRecorder;
  clock: Clock;
  logger: Logger;
}

/**
 * Remote MCP servers whose members each sign in with OAuth (docs/upstream-oauth.md): which
 * servers want it, members' sign-ins, their tokens kept fresh, and what satellites get of them.
 * The app hands the other modules the hooks and sources below, and registers `routes`.
 */
export function createUpstreamOAuth(deps: UpstreamOAuthDeps) {
  const { db, settings, clock } = deps;
  const outbound = {
    allowPrivateAddresses: settings.allowPrivateAddresses,
    timeoutMs: settings.timeoutMs,
    maxBytes: settings.maxBytes,
  };
  const fetchFn = upstreamFetch(outbound);
  const sealer = createSealer(deps.encryptionKey);
  const store = createUpstreamStore(db.orm, sealer);
  const requirement = createRequirementKeeper({ pendingWork: deps.pendingWork });
  const detector = createOAuthDetector({
    outbound: { ...outbound, timeoutMs: settings.detectTimeoutMs },
    logger: deps.logger,
    onDetected: async (server) => {
      const marked = await db.orm.transaction((tx) => requirement.detected(server, tx));
      if (marked) deps.logger.info({ serverId: server.id }, 'server wants OAuth: marked');
    },
  });
  const shared = { db, store, fetchFn, clock, pendingWork: deps.pendingWork };
  const connections = createConnections({ ...shared, baseUrl: deps.baseUrl });
  const keeper = createTokenKeeper(shared);

  const catalogue: CatalogueOAuthHooks = {
    changed: (serverId, requiresOauth, tx) => requirement.changed(serverId, requiresOauth, tx),
    detect: (server) => detector.schedule(server),
  };
  const satelliteTokens: OAuthTokenSource = {
    async current(instanceId, request) {
      const instance = await store.instanceById(instanceId);
      if (!instance?.requiresOauth) return null;
      return keeper.current(instance, request);
    },
  };
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(upstreamOAuthRoutes, { connections, baseUrl: deps.baseUrl });
  };
  return {
    catalogue,
    detect: catalogue.detect,
    satelliteTokens,
    /** For the installations service: has this member signed in? */
    connected: async (installationId: string, userId: string, tx: Executor) => {
      const instance = await store.memberInstanceOf(installationId, userId, tx);
      return instance !== null && (await store.tokens(instance, tx)) !== null;
    },
    routes,
    /** Deletes sign-ins that were started and never finished. */
    job: {
      name: 'upstream-oauth-flows',
      intervalMs: 600_000,
      run: () => store.deleteExpiredFlows(clock()),
    },
    /** Revokes at their servers the tokens of instances that went (revocations.ts). */
    revocationJob: {
      name: 'upstream-oauth-revocations',
      intervalMs: 60_000,
      run: () => revokeQueued(db.orm, sealer, fetchFn),
    },
    /** Waits for checks under way (tests); `close` also drops the waiting ones. */
    settled: () => detector.settled(),
    close: () => detector.close(),
  };
}

export type UpstreamOAuth = ReturnType<typeof createUpstreamOAuth>;
