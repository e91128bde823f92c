import type { FastifyPluginAsync } from 'fastify';
import type { CredentialResolvers } from '../../http/auth/types.js';
import { byUsers, type Forgetter } from '../../http/forget-on-change.js';
import type { Job } from '../../jobs/runner.js';
import type { RetentionRule } from '../../jobs/retention.js';
import { createRemembered } from '../../lib/remembered.js';
import { instrumentEvents } from '../../metrics/events.js';
import type { Metrics } from '../../metrics/registry.js';
import { CATALOGUE_TOPIC } from '../catalogue/service.js';
import type { ModuleContext } from '../context.js';
import type { eventBatchBounds } from '../rate-limits/event-work.js';
import type { TeamRepository } from '../teams/repository.js';
import type { SatellitesConfig } from './config.js';
import { createEventHistorySource } from './event-history-source.js';
import { satelliteEventRoutes } from './event-routes.js';
import { waitsForFlush } from './events/apply.js';
import { trimAllLogs } from './events/log-lines.js';
import { createEventProcessor } from './events/processor.js';
import { createScopeCache, SCOPE_TOPIC } from './events/scope-cache.js';
import { createSatelliteKeyResolver } from './keys.js';
import { createSatelliteMetricsSource } from './metrics-source.js';
import { createSatelliteRepository } from './repository.js';
import { satelliteRoutes } from './routes.js';
import { createSatelliteService, type SatelliteService } from './service.js';
import { createRegistrationTokens } from './tokens.js';
import type { OAuthTokenSource } from './upstream-tokens.js';

export interface SatellitesModuleDeps extends Pick<
  ModuleContext,
  'db' | 'clock' | 'logger' | 'signals' | 'baseUrl'
> {
  config: SatellitesConfig;
  /** Signs registration tokens. */
  jwtSecret: Buffer;
  encryptionKey: Buffer;
  teams: TeamRepository;
  /** Members' upstream OAuth tokens, for `tokens/status` and `tokens/retrieve`. */
  oauthTokens: OAuthTokenSource;
  metrics: Metrics;
  /** The bounds of event batches' work and how many run at once (rate-limits/event-work.ts). */
  eventBounds: ReturnType<typeof eventBatchBounds>;
  /** Deletes rows older than the rules say, in bounded batches (jobs/retention.ts). */
  retain: (rules: RetentionRule[]) => Promise<unknown>;
}

/** The satellites' service and its caches: keys, event batches' scope, configuration answers. */
function createSatelliteParts(deps: SatellitesModuleDeps) {
  const { db, clock, signals, baseUrl } = deps;
  const settings = deps.config.satellites;
  const repository = createSatelliteRepository(db.orm);
  const keys = createSatelliteKeyResolver(repository, { cacheMs: settings.keyCacheMs, clock });
  const service = createSatelliteService({
    db,
    repository,
    teams: deps.teams,
    tokens: createRegistrationTokens({
      repository,
      secret: deps.jwtSecret,
      issuer: baseUrl,
      clock,
      prefix: settings.tokenPrefix,
    }),
    encryptionKey: deps.encryptionKey,
    clock,
    settings,
    keys,
    signals,
    oauthTokens: deps.oauthTokens,
    // At most SATELLITE_CONFIG_CACHE_MS old, whatever signals are heard: a change on another
    // replica that raises no signal (an event batch's instance statuses) is seen within it.
    rememberConfiguration: <T>() =>
      createRemembered<T>({
        heldMs: settings.configCacheMs,
        clock,
        hearing: () => true,
        maxEntries: 10_000,
      }),
  });
  // Installations, instances, memberships and catalogue servers changed on any replica.
  signals.observe((topic) => {
    if (topic === null || topic === SCOPE_TOPIC || topic === CATALOGUE_TOPIC)
      service.configuration.forget();
  });
  const scopeCache = createScopeCache({
    heldMs: settings.scopeCacheMs,
    clock,
    hearing: () => signals.listening,
  });
  // Every replica hears the database's `scope` signal (migration 0016), and forgets; when
  // signals may have been lost, the cache is not used until they are heard again.
  signals.observe((topic) => {
    if (topic === null || topic === SCOPE_TOPIC) scopeCache.forgetAll();
  });
  return { repository, keys, service, scopeCache };
}

/** The satellites' periodic work: liveness, expired commands, and their tables' retention. */
function satelliteJobs(
  deps: SatellitesModuleDeps,
  service: Pick<SatelliteService, 'markStaleOffline' | 'expireCommands'>,
): Job[] {
  const settings = deps.config.satellites;
  const heartbeatRule = {
    table: 'satellite_heartbeats',
    column: 'created_at',
    days: settings.metricsRetentionDays,
  };
  const eventHistoryRule = {
    table: 'satellite_event_history',
    column: 'created_at',
    days: settings.eventHistoryRetentionDays,
  };
  return [
    { name: 'satellite-liveness', intervalMs: 10_000, run: () => service.markStaleOffline() },
    { name: 'command-expiry', intervalMs: 30_000, run: () => service.expireCommands() },
    { name: 'heartbeat-retention', intervalMs: 3_600_000, run: () => deps.retain([heartbeatRule]) },
    { name: 'server-log-trim', intervalMs: 300_000, run: () => trimAllLogs(deps.db.orm) },
    {
      name: 'event-history-retention',
      intervalMs: 3_600_000,
      run: () => deps.retain([eventHistoryRule]),
    },
  ];
}

/**
 * Satellites: pairing, keys, heartbeats, commands, configuration and event batches. The app
 * registers `routes`, runs `jobs`, and forgets `forgetters` after changes (forget-on-change.ts).
 */
export function createSatellitesModule(deps: SatellitesModuleDeps) {
  const { db, clock, logger, signals } = deps;
  const settings = deps.config.satellites;
  const { repository, keys, service, scopeCache } = createSatelliteParts(deps);
  const events = instrumentEvents(
    createEventProcessor({
      db,
      clock,
      logger,
      dedupWindowSeconds: settings.eventDedupWindowSeconds,
      signals,
      scopeCache,
      onInstancesChanged: () => service.configuration.forget(),
      synchronousCommit: waitsForFlush(db.dialect, settings.eventsAsyncCommit),
      ...deps.eventBounds,
    }),
    deps.metrics,
  );
  const forgetters: Record<'scope' | 'configuration', Forgetter> = {
    scope: { after: byUsers, forget: () => scopeCache.forgetAll() },
    // Satellites change no configuration but through event batches, which forget themselves.
    configuration: {
      after: (maker) => maker !== 'satellite',
      forget: () => service.configuration.forget(),
    },
  };
  const metrics = createSatelliteMetricsSource(db.orm);
  const history = createEventHistorySource(db.orm);
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(satelliteRoutes, {
      service,
      metrics,
      heartbeatBodyLimitBytes: settings.heartbeatBodyLimitBytes,
    });
    await app.register(satelliteEventRoutes, {
      processor: events,
      history,
      service,
      bodyLimitBytes: settings.eventsBodyLimitBytes,
    });
  };
  return {
    service,
    events,
    scopeCache,
    online: () => repository.countOnline(),
    credentials: {
      satelliteKey: keys.resolve,
      registrationToken: service.resolveToken,
    } satisfies CredentialResolvers,
    forgetters,
    jobs: satelliteJobs(deps, service),
    routes,
  };
}
