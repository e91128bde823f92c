import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { DatabaseTarget } from '../db/target.js';
import { maintenance } from '../jobs/maintenance.js';
import { createJobRunner } from '../jobs/runner.js';
import type { Clock } from '../lib/clock.js';
import type { Secrets } from '../lib/secrets.js';
import { instrumentJobs } from '../metrics/jobs.js';
import type { Metrics } from '../metrics/registry.js';
import { createAuditModule } from './audit/module.js';
import { createAuthModule } from './auth/module.js';
import { createCatalogueModule } from './catalogue/module.js';
import { createClientActivityModule } from './client-activity/module.js';
import { createModuleContext, type ModuleContext } from './context.js';
import { createEmailModule } from './email/module.js';
import { createInstallationsModule } from './installations/module.js';
import { createPendingWorkRecorder, recordAccessEnded } from './installations/pending-work.js';
import { createNotificationsModule } from './notifications/module.js';
import { createOAuthModule } from './oauth/module.js';
import { createPluginsModule } from './plugins/module.js';
import { eventBatchBounds } from './rate-limits/event-work.js';
import { createRateLimitsModule } from './rate-limits/module.js';
import { createRecordsModule } from './records/module.js';
import { createRegistryModule } from './registry/module.js';
import { createSatellitesModule } from './satellites/module.js';
import { createSettingsModule } from './settings/module.js';
import { createSystemModule } from './system/module.js';
import { createTeamsModule, teamIdsOf } from './teams/module.js';
import { createTeamRepository } from './teams/repository.js';
import { createUpstreamOAuth } from './upstream-oauth/module.js';
import { createUsersModule } from './users/module.js';
import { createUserRepository } from './users/repository.js';

/** What the modules are built from; every dependency is passed in, nothing is global. */
export interface ComposeDeps {
  config: Config;
  db: Database;
  target: DatabaseTarget;
  secrets: Secrets;
  logger: Logger;
  clock: Clock;
  metrics: Metrics;
  /** Set by the process entry: move the running service to a newly configured database. */
  onDatabaseConfigured?: (target: DatabaseTarget) => void;
}

/** The modules that hold accounts and teams, and the MCP servers they install. */
function composeAccounts(deps: ComposeDeps, context: ModuleContext) {
  const { config, db, secrets } = deps;
  const encryptionKey = secrets.ENCRYPTION_KEY;
  // Most modules read accounts and teams, and record work for satellites.
  const userRepository = createUserRepository(db.orm);
  const teamRepository = createTeamRepository(db.orm);
  const pendingWork = createPendingWorkRecorder(db.orm);
  const accessEnded = recordAccessEnded(pendingWork, teamIdsOf(teamRepository));
  const settings = createSettingsModule({ ...context, encryptionKey, config });
  const email = createEmailModule({ ...context, settings: settings.service });
  const oauth = createOAuthModule({
    ...context,
    config,
    sessionSecret: secrets.SESSION_SECRET,
    users: userRepository,
    teams: teamRepository,
    accessEnded,
  });
  const upstreamOAuth = createUpstreamOAuth({
    ...context,
    settings: config.upstreamOAuth,
    encryptionKey,
    pendingWork,
  });
  const catalogue = createCatalogueModule({
    ...context,
    config,
    encryptionKey,
    pendingWork,
    oauth: upstreamOAuth.catalogue,
  });
  const registry = createRegistryModule({
    ...context,
    config,
    detectOAuth: upstreamOAuth.detect,
    settings: settings.service,
    accessTokens: oauth.accessTokens,
  });
  const installations = createInstallationsModule({
    ...context,
    encryptionKey,
    catalogue: catalogue.repository,
    pendingWork,
    oauthConnected: upstreamOAuth.connected,
  });
  const teams = createTeamsModule({
    ...context,
    teams: teamRepository,
    users: userRepository,
    listeners: [installations.membershipListener, oauth.membershipListener],
  });
  const auth = createAuthModule({
    ...context,
    config,
    users: userRepository,
    teams: teams.service,
    accessTokens: oauth.accessTokens,
    settings: settings.service,
    mailer: email.mailer,
    accessEnded,
  });
  const users = createUsersModule({
    ...context,
    config,
    users: userRepository,
    teamRepository,
    teams: teams.service,
    sessions: auth.sessions,
    accessTokens: oauth.accessTokens,
    pendingWork,
    auth: auth.service,
  });
  return {
    teamRepository,
    settings,
    email,
    oauth,
    upstreamOAuth,
    catalogue,
    registry,
    installations,
    teams,
    auth,
    users,
  };
}

/**
 * Every module, each wired by its own module.ts from the parts it declares it needs, in the
 * order their needs allow, and the periodic jobs they run. app.ts registers what this returns.
 */
export function composeModules(deps: ComposeDeps) {
  const { config, db, secrets, clock, logger, metrics } = deps;
  const context = createModuleContext({ db, clock, logger, baseUrl: config.baseUrl });
  const accounts = composeAccounts(deps, context);
  const system = createSystemModule({
    ...context,
    config,
    target: deps.target,
    dataDir: config.dataDir,
    accountsExist: accounts.users.credentials.accountsExist,
    onDatabaseConfigured: deps.onDatabaseConfigured,
  });
  const encryptionKey = secrets.ENCRYPTION_KEY;
  const upkeep = maintenance({ ...context, ...config, encryptionKey });
  const satellites = createSatellitesModule({
    ...context,
    config,
    jwtSecret: secrets.JWT_SECRET,
    encryptionKey,
    teams: accounts.teamRepository,
    oauthTokens: accounts.upstreamOAuth.satelliteTokens,
    metrics,
    eventBounds: eventBatchBounds(config, clock),
    retain: upkeep.retain,
  });
  const audit = createAuditModule({ ...context, retention: config.retention });
  const jobs = createJobRunner({
    db,
    logger,
    clock,
    intervalMs: config.jobsIntervalMs,
    tickers: [audit.ticker, ...upkeep.tickers],
    jobs: instrumentJobs(metrics, [
      ...satellites.jobs,
      upkeep.jobs.retention,
      upkeep.jobs.listCountCompaction,
      audit.job,
      upkeep.jobs.encryptionRotation,
      upkeep.jobs.expiredCredentials,
      accounts.registry.job,
      accounts.upstreamOAuth.job,
      accounts.upstreamOAuth.revocationJob,
    ]),
  });
  return {
    context,
    ...accounts,
    system,
    satellites,
    audit,
    jobs,
    rateLimits: createRateLimitsModule({ ...context, config }),
    records: createRecordsModule({
      db,
      installations: accounts.installations.service,
      satellites: satellites.service,
    }),
    clientActivity: createClientActivityModule({ db }),
    notifications: createNotificationsModule({ db, clock }),
    plugins: createPluginsModule({ db, logger, extraDir: config.pluginsDir }),
  };
}

export type Modules = ReturnType<typeof composeModules>;
