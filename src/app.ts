import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyRequest,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { compactListCounts } from './db/list-counts.js';
import type { DatabaseTarget } from './db/target.js';
import { systemClock, type Clock } from './lib/clock.js';
import { createCsrf } from './lib/csrf.js';
import type { Secrets } from './lib/secrets.js';
import { createLogger } from './lib/logger.js';
import { conventions } from './http/conventions.js';
import { frameworkErrorHandler } from './http/error-handler.js';
import { security } from './http/security.js';
import { fastifyTrustProxy } from './http/trust-proxy.js';
import { requestIdFor } from './http/request-id.js';
import { requestLog } from './http/request-log.js';
import { instrumentEvents } from './metrics/events.js';
import { httpMetrics } from './metrics/http.js';
import { instrumentJobs } from './metrics/jobs.js';
import { createMetrics, type Metrics } from './metrics/registry.js';
import { metricsRoutes } from './metrics/routes.js';
import { createStreamSignals } from './http/stream/signals.js';
import { streamSupport } from './http/stream/support.js';
import { registerOpenApi } from './http/openapi.js';
import { formatValidationError } from './http/validation.js';
import { validatorCompiler } from './http/validator.js';
import { buildLazySerializer } from './http/serializer.js';
import { createCatalogueRepository } from './modules/catalogue/repository.js';
import { catalogueRoutes } from './modules/catalogue/routes.js';
import { deploymentConfigRoutes } from './modules/deployment-config/routes.js';
import { CATALOGUE_TOPIC, createCatalogueService } from './modules/catalogue/service.js';
import {
  createPendingWorkRecorder,
  recordAccessEnded,
} from './modules/installations/pending-work.js';
import { createInstallationRepository } from './modules/installations/repository.js';
import { installationRoutes } from './modules/installations/routes.js';
import { createInstallationService } from './modules/installations/service.js';
import { createEmailTokenRepository } from './modules/auth/email-token-repository.js';
import { authRoutes } from './modules/auth/routes.js';
import { createAuthService } from './modules/auth/service.js';
import { createSessionRepository } from './modules/auth/session-repository.js';
import { createSessionService } from './modules/auth/sessions.js';
import { createMailer } from './modules/email/mailer.js';
import { emailRoutes } from './modules/email/routes.js';
import {
  createAccessTokenRepository,
  createAccessTokenService,
} from './modules/oauth/access-tokens.js';
import { createOAuthRepository } from './modules/oauth/repository.js';
import { oauthRoutes } from './modules/oauth/routes.js';
import { createOAuthMembershipListener, createOAuthService } from './modules/oauth/service.js';
import { createConfiguredClientDirectory } from './modules/oauth/setup.js';
import { createRateLimiter } from './modules/rate-limits/limiter.js';
import { createRateLimitPolicies } from './modules/rate-limits/policies.js';
import { CONSOLE_DIR } from './modules/console/files.js';
import { consoleRoutes } from './modules/console/routes.js';
import { clientActivityRoutes } from './modules/client-activity/routes.js';
import { createNotificationRepository } from './modules/notifications/repository.js';
import { loadPlugins, type PluginStatus } from './modules/plugins/loader.js';
import { pluginRoutes } from './modules/plugins/routes.js';
import { notificationRoutes } from './modules/notifications/routes.js';
import { installAuditSettings } from './modules/audit/context.js';
import { applyAuditRetention } from './modules/audit/retention.js';
import { auditRoutes } from './modules/audit/routes.js';
import { createAuditSealer, sealIntervalMs } from './modules/audit/sealer.js';
import { createAuditSource } from './modules/audit/source.js';
import { createNotificationSource } from './modules/notifications/source.js';
import { createClientActivitySource } from './modules/client-activity/source.js';
import { createRecordRepository } from './modules/records/repository.js';
import { recordRoutes } from './modules/records/routes.js';
import { createSatelliteKeyResolver } from './modules/satellites/keys.js';
import { createSatelliteMetricsSource } from './modules/satellites/metrics-source.js';
import { createSatelliteRepository } from './modules/satellites/repository.js';
import { satelliteRoutes } from './modules/satellites/routes.js';
import { satelliteEventRoutes } from './modules/satellites/event-routes.js';
import { createEventHistorySource } from './modules/satellites/event-history-source.js';
import { createSatelliteService } from './modules/satellites/service.js';
import { createRegistrationTokens } from './modules/satellites/tokens.js';
import { waitsForFlush } from './modules/satellites/events/apply.js';
import { createEventProcessor } from './modules/satellites/events/processor.js';
import { eventBatchBounds } from './modules/rate-limits/event-work.js';
import { createScopeCache, SCOPE_TOPIC } from './modules/satellites/events/scope-cache.js';
import { createJobRunner } from './jobs/runner.js';
import { createRegistrySyncJob } from './jobs/registry-sync.js';
import { registryAdminRoutes } from './modules/registry/admin-routes.js';
import { registryApiRoutes, registryMetadataRoutes } from './modules/registry/api-routes.js';
import { createRegistryApi } from './modules/registry/api-service.js';
import { PUBLIC_ACCESS_SETTING } from './modules/registry/access.js';
import { createImporter } from './modules/registry/importer.js';
import { createRegistryRepository } from './modules/registry/repository.js';
import { createRegistrySync } from './modules/registry/sync.js';
import { trimAllLogs } from './modules/satellites/events/log-lines.js';
import { deleteExpiredCredentials } from './jobs/expired-credentials.js';
import { createEmbeddedVacuum } from './db/embedded-vacuum.js';
import { applyRetention, type RetentionRule } from './jobs/retention.js';
import { createKeyRotation } from './modules/encryption/rotation.js';
import { roleRoutes } from './modules/roles/routes.js';
import { createSettingsRepository } from './modules/settings/repository.js';
import { settingsRoutes } from './modules/settings/routes.js';
import {
  createSettingsService,
  SETTINGS_TOPIC,
  type StoredSettings,
} from './modules/settings/service.js';
import { createSystemRepository } from './modules/system/repository.js';
import { systemRoutes } from './modules/system/routes.js';
import { createSystemService } from './modules/system/service.js';
import { createSetupCode } from './modules/system/setup-code.js';
import { createTeamRepository } from './modules/teams/repository.js';
import { teamRoutes } from './modules/teams/routes.js';
import { createTeamService } from './modules/teams/service.js';
import { createUpstreamOAuth } from './modules/upstream-oauth/module.js';
import { createUserRepository } from './modules/users/repository.js';
import { userRoutes } from './modules/users/routes.js';
import { createUserService, PROFILES_TOPIC, type Profile } from './modules/users/service.js';
import { createRemembered } from './lib/remembered.js';

export interface AppDeps {
  config: Config;
  db: Database;
  target: DatabaseTarget;
  secrets: Secrets;
  logger?: Logger;
  clock?: Clock;
  /** Set by the process entry: move the running service to a newly configured database. */
  onDatabaseConfigured?: (target: DatabaseTarget) => void;
  /**
   * Set only by bench/audit.ts, to measure what auditing costs: requests write no audit entries.
   * Deliberately not a configuration setting, so no deployment can turn the log off.
   */
  benchmarkWithoutAudit?: true;
}

/** Wires repositories and services; every dependency is passed in, nothing is global. */
function createServices(deps: AppDeps, logger: Logger, metrics: Metrics) {
  const { config, db, secrets } = deps;
  const clock = deps.clock ?? systemClock;
  // Wakes live streams when a write adds their items (docs/streams.md).
  const signals = createStreamSignals(db, logger);
  /**
   * Answers remembered per replica until the database raises `topic` (its triggers' signal):
   * every replica forgets on hearing it, and while signals may have been lost nothing
   * remembered is used (lib/remembered.ts).
   */
  function remembering<T>(topic: string, heldMs: number, maxEntries: number) {
    const remembered = createRemembered<T>({
      heldMs,
      clock,
      hearing: () => signals.listening,
      maxEntries,
    });
    signals.observe((heard) => {
      if (heard === null || heard === topic) remembered.forgetAll();
    });
    return remembered;
  }
  const userRepository = createUserRepository(db.orm);
  const teamRepository = createTeamRepository(db.orm);
  const settings = createSettingsService({
    db,
    repository: createSettingsRepository(db.orm),
    encryptionKey: secrets.ENCRYPTION_KEY,
    remembered: remembering<StoredSettings>(SETTINGS_TOPIC, config.settingsCacheMs, 2),
  });
  const mailer = createMailer({ settings, baseUrl: config.baseUrl });
  const sessions = createSessionService({
    repository: createSessionRepository(db.orm, db.statementNames.changes),
    clock,
    cacheMs: config.sessionCacheMs,
    signalledCacheMs: config.sessionCacheSignalledMs,
    signals,
  });
  const accessTokens = createAccessTokenService({
    repository: createAccessTokenRepository(db.orm),
    clock,
  });
  const pendingWork = createPendingWorkRecorder(db.orm);
  const upstreamOAuth = createUpstreamOAuth({
    db,
    settings: config.upstreamOAuth,
    baseUrl: config.baseUrl,
    encryptionKey: secrets.ENCRYPTION_KEY,
    pendingWork,
    clock,
    logger,
  });
  const catalogueRepository = createCatalogueRepository(db.orm);
  const catalogue = createCatalogueService({
    db,
    repository: catalogueRepository,
    pendingWork,
    oauth: upstreamOAuth.catalogue,
    encryptionKey: secrets.ENCRYPTION_KEY,
    // A page holds up to 100 servers: at most 100 answers, so at most 10,000 server views.
    lists: remembering(CATALOGUE_TOPIC, config.catalogueCacheMs, 100),
  });
  const registryRepository = createRegistryRepository(db.orm);
  const registryImporter = createImporter({
    db,
    repository: registryRepository,
    clock,
    logger,
    detectOAuth: upstreamOAuth.detect,
  });
  const registrySync = createRegistrySyncJob(
    createRegistrySync({
      db,
      repository: registryRepository,
      importer: registryImporter,
      clock,
      logger,
      settings: {
        timeoutMs: config.registry.fetchTimeoutMs,
        maxBytes: config.registry.maxPageBytes,
        maxPages: config.registry.maxPages,
        allowPrivateAddresses: config.registry.allowPrivateAddresses,
      },
    }),
    config.registry.syncIntervalMs,
  );
  const installations = createInstallationService({
    db,
    repository: createInstallationRepository(db.orm),
    catalogue: catalogueRepository,
    pendingWork,
    encryptionKey: secrets.ENCRYPTION_KEY,
    clock,
    oauthConnected: upstreamOAuth.connected,
  });
  const oauthRepository = createOAuthRepository(db.orm);
  const teams = createTeamService({
    db,
    teams: teamRepository,
    users: userRepository,
    listeners: [
      installations.membershipListener,
      createOAuthMembershipListener(oauthRepository, clock),
    ],
  });
  const window = config.loginLimits.windowSeconds;
  const auth = createAuthService({
    db,
    accessEnded: recordAccessEnded(pendingWork, async (userId, tx) =>
      (await teamRepository.listForUser(userId, null, tx)).items.map(({ team }) => team.id),
    ),
    users: userRepository,
    teams,
    sessions,
    accessTokens,
    emailTokens: createEmailTokenRepository(db.orm),
    settings,
    mailer,
    limiter: createRateLimiter(db, clock),
    limits: {
      perAccount: { limit: config.loginLimits.perAccount, windowSeconds: window },
      perAddress: { limit: config.loginLimits.perAddress, windowSeconds: window },
    },
    clock,
    baseUrl: config.baseUrl,
    logger,
  });
  const profiles = remembering<Profile>(PROFILES_TOPIC, config.profileCacheMs, 10_000);
  const users = createUserService({
    profiles,
    db,
    users: userRepository,
    teams: teamRepository,
    sessions,
    accessTokens,
    pendingWork,
    confirmPassword: auth.confirmPassword,
    clock,
  });
  const system = createSystemService({
    repository: createSystemRepository(db),
    target: deps.target,
    dataDir: config.dataDir,
    setupCode: createSetupCode({ limiter: createRateLimiter(db, clock), logger }),
    accountsExist: () => userRepository.anyExists(),
    logger,
    onDatabaseConfigured: deps.onDatabaseConfigured,
    refreshMs: config.healthRefreshMs,
  });
  const oauth = createOAuthService({
    db,
    repository: oauthRepository,
    accessTokens,
    users: userRepository,
    teams: teamRepository,
    clients: createConfiguredClientDirectory(config.oauth, db.orm, clock),
    clock,
    issuer: config.baseUrl,
    accessEnded: recordAccessEnded(pendingWork, async (userId, tx) =>
      (await teamRepository.listForUser(userId, null, tx)).items.map(({ team }) => team.id),
    ),
  });
  const csrf = createCsrf(secrets.SESSION_SECRET);
  const satelliteRepository = createSatelliteRepository(db.orm);
  const satelliteKeys = createSatelliteKeyResolver(satelliteRepository, {
    cacheMs: config.satellites.keyCacheMs,
    clock,
  });
  const satellites = createSatelliteService({
    db,
    repository: satelliteRepository,
    teams: teamRepository,
    tokens: createRegistrationTokens({
      repository: satelliteRepository,
      secret: secrets.JWT_SECRET,
      issuer: config.baseUrl,
      clock,
      prefix: config.satellites.tokenPrefix,
    }),
    encryptionKey: secrets.ENCRYPTION_KEY,
    clock,
    settings: config.satellites,
    keys: satelliteKeys,
    signals,
    oauthTokens: upstreamOAuth.satelliteTokens,
    // At most SATELLITE_CONFIG_CACHE_MS old, whatever signals are heard: a change on another
    // replica that raises no signal (an event batch's instance statuses) is seen within it.
    rememberConfiguration: <T>() =>
      createRemembered<T>({
        heldMs: config.satellites.configCacheMs,
        clock,
        hearing: () => true,
        maxEntries: 10_000,
      }),
  });
  // Installations, instances, memberships and catalogue servers changed on any replica.
  signals.observe((topic) => {
    if (topic === null || topic === SCOPE_TOPIC || topic === CATALOGUE_TOPIC)
      satellites.configuration.forget();
  });
  const scopeCache = createScopeCache({
    heldMs: config.satellites.scopeCacheMs,
    clock,
    hearing: () => signals.listening,
  });
  // Every replica hears the database's `scope` signal (migration 0016), and forgets; when
  // signals may have been lost, the cache is not used until they are heard again.
  signals.observe((topic) => {
    if (topic === null || topic === SCOPE_TOPIC) scopeCache.forgetAll();
  });
  const events = instrumentEvents(
    createEventProcessor({
      db,
      clock,
      logger,
      dedupWindowSeconds: config.satellites.eventDedupWindowSeconds,
      signals,
      scopeCache,
      onInstancesChanged: () => satellites.configuration.forget(),
      synchronousCommit: waitsForFlush(db.dialect, config.satellites.eventsAsyncCommit),
      ...eventBatchBounds(config, clock),
    }),
    metrics,
  );
  const { retention } = config;
  const retain = (rules: RetentionRule[]) => applyRetention(db.orm, clock, rules, retention);
  const heartbeatRule = {
    table: 'satellite_heartbeats',
    column: 'created_at',
    days: config.satellites.metricsRetentionDays,
  };
  const eventHistoryRule = {
    table: 'satellite_event_history',
    column: 'created_at',
    days: config.satellites.eventHistoryRetentionDays,
  };
  const growthRules: RetentionRule[] = [
    { table: 'satellite_usage_logs', column: 'created_at', days: retention.usageDays },
    { table: 'mcp_request_logs', column: 'created_at', days: retention.requestLogDays },
    { table: 'mcp_server_logs', column: 'logged_at', days: retention.serverLogDays },
    { table: 'mcp_client_activity', column: 'created_at', days: retention.clientActivityDays },
    { table: 'team_notifications', column: 'created_at', days: retention.notificationDays },
    { table: 'satellite_commands', column: 'created_at', days: retention.commandDays },
  ];
  const auditSealer = createAuditSealer(db.orm, logger, db.statementNames.sealing);
  const jobs = createJobRunner({
    db,
    logger,
    clock,
    intervalMs: config.jobsIntervalMs,
    tickers: [
      { intervalMs: sealIntervalMs(retention.auditSealMs, db.dialect), tick: auditSealer.tick },
      // PGlite has no autovacuum (db/embedded-vacuum.ts); PostgreSQL runs its own.
      ...(db.dialect === 'pglite'
        ? [{ intervalMs: config.embeddedVacuumMs, tick: createEmbeddedVacuum(db, logger).tick }]
        : []),
    ],
    jobs: instrumentJobs(metrics, [
      { name: 'satellite-liveness', intervalMs: 10_000, run: () => satellites.markStaleOffline() },
      { name: 'command-expiry', intervalMs: 30_000, run: () => satellites.expireCommands() },
      {
        name: 'heartbeat-retention',
        intervalMs: 3_600_000,
        run: () => retain([heartbeatRule]),
      },
      { name: 'server-log-trim', intervalMs: 300_000, run: () => trimAllLogs(db.orm) },
      {
        name: 'event-history-retention',
        intervalMs: 3_600_000,
        run: () => retain([eventHistoryRule]),
      },
      { name: 'retention', intervalMs: 300_000, run: () => retain(growthRules) },
      // Folds the list totals' delta rows (src/db/list-counts.ts) into one row per list.
      { name: 'list-count-compaction', intervalMs: 60_000, run: () => compactListCounts(db.orm) },
      {
        name: 'audit-retention',
        intervalMs: 3_600_000,
        run: () => applyAuditRetention(db.orm, clock, retention.auditDays, retention),
      },
      // Values left on a previous key after a rotation are moved to the current one, in batches.
      {
        name: 'encryption-rotation',
        intervalMs: 3_600_000,
        run: () => createKeyRotation({ db, key: secrets.ENCRYPTION_KEY }).reencrypt(),
      },
      {
        name: 'expired-credentials',
        intervalMs: 3_600_000,
        run: () => deleteExpiredCredentials(db.orm, clock),
      },
      registrySync.job,
      upstreamOAuth.job,
    ]),
  });
  return {
    jobs,
    upstreamOAuth,
    auditSealer,
    signals,
    satellites,
    satellitesOnline: () => satelliteRepository.countOnline(),
    satelliteKeys,
    events,
    pendingWork,
    catalogue,
    registry: {
      repository: registryRepository,
      importer: registryImporter,
      api: createRegistryApi({ repository: registryRepository, baseUrl: config.baseUrl }),
      syncNow: (request: FastifyRequest) => registrySync.runNow(jobs, request),
    },
    installations,
    userRepository,
    settings,
    mailer,
    sessions,
    accessTokens,
    teams,
    auth,
    users,
    system,
    oauth,
    csrf,
    scopeCache,
    profiles,
    catalogueLists: catalogue.lists,
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Builds the whole application on the given database. It never listens; server.ts does. */
export function buildApp(deps: AppDeps): FastifyInstance {
  const logger = deps.logger ?? createLogger('silent');
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    bodyLimit: deps.config.bodyLimitBytes,
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
    exposeHeadRoutes: true,
    // Path segments such as a tool’s name (up to 200 characters, setInstallationToolStatus) are
    // longer than the router's default of 100; every parameter's schema still bounds its own.
    routerOptions: { maxParamLength: 256 },
    // conventions.ts answers requests that arrive while closing with the 503 envelope itself.
    return503OnClosing: false,
    // A caller's X-Request-Id is checked (request-id.ts) before it reaches every log line, and
    // request-log.ts writes one line per request instead of Fastify's two.
    requestIdHeader: false,
    genReqId: requestIdFor,
    logController: new LogController({
      disableRequestLogging: true,
      requestIdLogLabel: 'requestId',
    }),
    schemaErrorFormatter: formatValidationError,
    schemaController: { compilersFactory: { buildSerializer: buildLazySerializer } },
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  installAuditSettings(app, {
    clock: deps.clock ?? systemClock,
    record: deps.benchmarkWithoutAudit !== true,
  });
  for (const warning of deps.config.warnings) logger.warn(warning);

  const { metrics: metricsConfig } = deps.config;
  const metrics = createMetrics({
    processMetrics: metricsConfig.token !== null || metricsConfig.port !== null,
  });
  const services = createServices(deps, logger, metrics);
  app.decorate('jobs', services.jobs);
  app.decorate('builtInSatellite', { issueToken: () => services.satellites.issueBuiltInToken() });
  app.decorate('metrics', metrics);
  app.addHook('onClose', async () => services.jobs.stop());
  app.addHook('onClose', async () => services.upstreamOAuth.close());
  app.addHook('onClose', async () => services.signals.close());
  // The replica that serves a user's change forgets what event batches, profiles, catalogue
  // lists and satellite configurations remember before it answers, so the next batch or page
  // load after the answer sees the change here at once; other replicas hear the database's
  // `scope`, `profiles` and `catalogue` signals a moment later. Profiles are also forgotten after
  // changes made without a session (email verification, password reset): only satellites'
  // requests, which never change one, leave them.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (SAFE_METHODS.has(request.method) && !request.routeOptions.config.changes) {
      done(null, payload);
      return;
    }
    const actor = request.actor?.type;
    if (actor === 'user') {
      services.scopeCache.forgetAll();
      services.catalogueLists.forgetAll();
    }
    if (actor !== 'satellite' && actor !== 'registration') services.profiles.forgetAll();
    // Satellites change no configuration but through event batches, which forget themselves.
    if (actor !== 'satellite') services.satellites.configuration.forget();
    done(null, payload);
  });
  // The per-account counts held in memory go to the database before it closes.
  app.addHook('onClose', async () => app.rateLimits.everyCaller?.close?.());
  metrics.watch({
    openStreams: () => app.streams.openCount,
    sharedPolls: () => app.streams.polls.count,
    pool: deps.db.poolStats,
    satellitesOnline: services.satellitesOnline,
    onError: (error, metric) => logger.warn({ err: error, metric }, 'metric not collected'),
  });

  // Before conventions, so that its onRequest hook (the X-Request-Id header) runs first.
  app.register(requestLog);
  app.register(httpMetrics, { metrics });
  // Before conventions, so that its 401, 403 and 429 answers carry the security and CORS headers.
  app.register(security, { corsOrigins: deps.config.corsOrigins });
  app.register(conventions, {
    trustedOrigins: [new URL(deps.config.baseUrl).origin, ...deps.config.corsOrigins],
  });
  // Off by default; on the main port only with a token, otherwise server.ts serves it on
  // METRICS_PORT (see docs/operators.md).
  if (metricsConfig.token !== null && metricsConfig.port === null) {
    app.register(metricsRoutes, { metrics, token: metricsConfig.token });
  }
  app.register(streamSupport, {
    ...deps.config.streams,
    ...deps.config.streamLimits,
    signals: services.signals,
  });
  registerOpenApi(app, deps.config.baseUrl, () => services.settings.flag('docs.enabled'));
  app.after(() => {
    Object.assign(
      app.rateLimits,
      createRateLimitPolicies(deps.config.rateLimits, deps.db, deps.clock ?? systemClock, (error) =>
        logger.warn({ err: error }, 'rate-limit counts not synced; retrying'),
      ),
    );
    Object.assign(app.credentials, {
      session: services.sessions.resolve,
      accessToken: services.accessTokens.resolve,
      accountsExist: () => services.userRepository.anyExists(),
      // A member's role in each of their teams is in their remembered profile (read on every
      // page load), which is forgotten on any change through this replica and on the database's
      // `profiles` signal (memberships and teams raise it): team routes then need no read of
      // their own. Without one, the profile is read (and remembered) instead of the one
      // membership, so the requests that follow need none. A team the profile does not list (a
      // global admin's look into another team) is read.
      teamMembership: async (teamId: string, userId: string) => {
        const profile =
          services.profiles.get(userId) ?? (await services.users.me(userId).catch(() => null));
        const role = profile?.teams.find((team) => team.id === teamId)?.role;
        return role ? { role } : services.teams.membership(teamId, userId);
      },
      satelliteKey: services.satelliteKeys.resolve,
      registrationToken: services.satellites.resolveToken,
    });
  });

  app.register(systemRoutes, { service: services.system });
  app.register(authRoutes, { service: services.auth, sessions: services.sessions });
  app.register(userRoutes, { users: services.users, teams: services.teams, auth: services.auth });
  app.register(teamRoutes, { service: services.teams });
  app.register(roleRoutes);
  app.register(settingsRoutes, { service: services.settings });
  app.register(emailRoutes, { mailer: services.mailer });
  app.register(catalogueRoutes, { service: services.catalogue });
  app.register(registryAdminRoutes, {
    importer: services.registry.importer,
    repository: services.registry.repository,
    syncNow: services.registry.syncNow,
    importBodyLimitBytes: deps.config.registry.importBodyLimitBytes,
  });
  app.register(registryApiRoutes, {
    prefix: '/v0.1',
    api: services.registry.api,
    baseUrl: deps.config.baseUrl,
    isPublic: () => services.settings.flag(PUBLIC_ACCESS_SETTING),
    resolveToken: (token, resource) => services.accessTokens.resolveFor(token, resource),
  });
  app.register(registryMetadataRoutes, { baseUrl: deps.config.baseUrl });
  app.register(installationRoutes, { service: services.installations });
  app.register(services.upstreamOAuth.routes);
  app.register(deploymentConfigRoutes);
  app.register(satelliteRoutes, {
    service: services.satellites,
    metrics: createSatelliteMetricsSource(deps.db.orm),
    heartbeatBodyLimitBytes: deps.config.satellites.heartbeatBodyLimitBytes,
  });
  app.register(satelliteEventRoutes, {
    processor: services.events,
    history: createEventHistorySource(deps.db.orm),
    service: services.satellites,
    bodyLimitBytes: deps.config.satellites.eventsBodyLimitBytes,
  });
  app.register(recordRoutes, {
    records: createRecordRepository(deps.db.orm),
    installations: services.installations,
    satellites: services.satellites,
  });
  app.register(clientActivityRoutes, { source: createClientActivitySource(deps.db.orm) });
  app.register(notificationRoutes, {
    source: createNotificationSource(deps.db.orm),
    repository: createNotificationRepository(deps.db.orm),
    clock: deps.clock ?? systemClock,
  });
  app.register(auditRoutes, {
    db: deps.db.orm,
    sealer: services.auditSealer,
    source: createAuditSource(deps.db.orm, services.auditSealer),
  });
  app.register(oauthRoutes, {
    service: services.oauth,
    auth: services.auth,
    users: services.userRepository,
    csrf: services.csrf,
    baseUrl: deps.config.baseUrl,
  });
  app.register(consoleRoutes, { dir: CONSOLE_DIR });
  // Plugins last, each on its own: one that fails to load is left out and the core is untouched.
  let plugins: PluginStatus[] = [];
  app.register(pluginRoutes, { statuses: () => plugins });
  app.register(async (scope) => {
    plugins = await loadPlugins(scope, {
      db: deps.db,
      logger,
      extraDir: deps.config.pluginsDir,
    });
  });

  return app;
}
