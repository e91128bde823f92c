import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { listenForAdmin } from './db/admin-socket.js';
import { loadConfig, type Config } from './config.js';
import type { Database } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { openDatabase } from './db/open.js';
import { resolveDatabaseTarget, type DatabaseTarget } from './db/target.js';
import { mountMcp, type McpHandler } from './http/mcp-mount.js';
import { createLogger } from './lib/logger.js';
import { loadSecrets, type Secrets } from './lib/secrets.js';

interface Running {
  app: FastifyInstance;
  db: Database;
  /** The built-in satellite, once started (BUILTIN_SATELLITE). */
  satellite?: { close(): Promise<void> } | null;
  /** The internal metrics listener, when METRICS_PORT is set. */
  metricsServer?: FastifyInstance;
  /** The admin socket `groundstation backup` uses, on the embedded database only. */
  admin?: { close(): Promise<void> };
}

async function startOn(
  target: DatabaseTarget,
  config: Config,
  secrets: Secrets,
  logger: Logger,
  onDatabaseConfigured: (target: DatabaseTarget) => void,
): Promise<Running> {
  // The app's modules load while the database opens: on the embedded database that is WASM
  // compilation and file copies, mostly off the main thread, and loading the modules is not.
  const appModule = import('./app.js');
  appModule.catch(() => undefined);
  const db = await openDatabase(target, {
    dataDir: config.dataDir,
    poolMax: config.databasePoolMax,
    preparedStatements: config.databasePreparedStatements,
    embeddedCompiler: config.embeddedCompiler,
  });
  try {
    const result = await runMigrations(db);
    logger.info(
      { dialect: target.dialect, source: target.source, applied: result.applied },
      'database ready',
    );
    const { buildApp } = await appModule;
    const app = buildApp({ config, db, target, secrets, logger, onDatabaseConfigured });
    const builtIn = config.builtInSatellite.enabled ? mountBuiltInSatellite(app) : null;
    await app.listen({ port: config.port, host: config.host });
    const metricsServer = await listenForMetrics(app, config, logger);
    app.jobs.start();
    const admin = await listenForBackups(db, config, logger);
    const satellite = builtIn ? await builtIn.start(config, logger) : null;
    return { app, db, metricsServer, admin, satellite };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}

/** METRICS_PORT: metrics on their own listener, bound to METRICS_HOST (loopback by default). */
async function listenForMetrics(app: FastifyInstance, config: Config, logger: Logger) {
  const { port, host, token } = config.metrics;
  if (port === null) return undefined;
  const { buildMetricsServer } = await import('./metrics/server.js');
  const server = buildMetricsServer({ metrics: app.metrics, token, logger });
  try {
    await server.listen({ port, host });
  } catch (error) {
    await app.close();
    throw error;
  }
  return server;
}

/** The embedded database can only be copied by this process: `groundstation backup` asks it. */
async function listenForBackups(db: Database, config: Config, logger: Logger) {
  if (!db.snapshot) return undefined;
  try {
    return await listenForAdmin({ dataDir: config.dataDir, db, logger });
  } catch (error) {
    // E.g. a DATA_DIR path too long for a Unix socket: the service runs, backups need a stop.
    logger.warn({ err: error }, 'admin socket unavailable: backups need the service stopped');
    return undefined;
  }
}

/**
 * The service's own satellite (satellite/): MCP at BASE_URL/mcp on this service's port. It pairs
 * itself at the first start with a registration token the service issues it, keeps its
 * credentials in DATA_DIR/satellite, and speaks to the service over loopback HTTP like any other
 * satellite. A satellite that cannot start leaves the service running without it.
 */
function mountBuiltInSatellite(app: FastifyInstance) {
  let handler: McpHandler | null = null;
  mountMcp(app, () => handler);
  return {
    async start(config: Config, logger: Logger) {
      const { startSatellite } = await import('#satellite');
      try {
        const satellite = await startSatellite({
          backendUrl: loopbackOrigin(app),
          publicUrl: `${config.baseUrl}/mcp`,
          authorizationServer: config.baseUrl,
          dataDir: path.join(config.dataDir, 'satellite'),
          name: 'groundstation-built-in',
          registrationToken: () => app.builtInSatellite.issueToken(),
          idleMs: config.builtInSatellite.idleMs,
          servers: satelliteServers(config.builtInSatellite),
          log: logger.child({ part: 'satellite' }),
        });
        handler = satellite.handle;
        logger.info({ satelliteId: satellite.id, url: `${config.baseUrl}/mcp` }, 'satellite ready');
        return satellite;
      } catch (error) {
        logger.error({ err: error }, 'the built-in satellite did not start; MCP is unavailable');
        return null;
      }
    },
  };
}

/** The built-in satellite's limits and sandbox for its stdio servers, as its options take them. */
function satelliteServers(settings: Config['builtInSatellite']) {
  return {
    maxMemoryMb: settings.maxMemoryMb ?? undefined,
    maxCpuPercent: settings.maxCpuPercent ?? undefined,
    cpuWindowMs: settings.cpuWindowSeconds * 1000,
    maxProcesses: settings.maxProcesses ?? undefined,
    maxProcessesPerTeam: settings.maxProcessesPerTeam ?? undefined,
    sandbox: settings.sandbox,
    sandboxOpenFiles: settings.sandboxOpenFiles,
    sandboxProcesses: settings.sandboxProcesses ?? undefined,
  };
}

/** Where this process's own listener is reached from inside it. */
function loopbackOrigin(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the service is not listening');
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? '127.0.0.1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

/** Stops accepting, lets in-flight requests finish, then closes the database cleanly. */
async function stop(running: Running) {
  await running.satellite?.close();
  await running.admin?.close();
  await running.metricsServer?.close();
  await running.app.close();
  await running.db.close();
}

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const secrets = await loadSecrets(config.dataDir, config.secretsFromEnv);
  let running: Running | null = null;
  let stopping = false;

  // First-run set-up chose another database: move over to it in this process.
  const switchDatabase = (target: DatabaseTarget) => {
    setTimeout(async () => {
      if (!running || stopping) return;
      logger.info({ dialect: target.dialect }, 'moving to the newly configured database');
      try {
        await stop(running);
        running = await startOn(target, config, secrets, logger, switchDatabase);
      } catch (error) {
        logger.fatal({ err: error }, 'could not move to the configured database');
        process.exit(1);
      }
    }, 50);
  };

  const target = await resolveDatabaseTarget(config.dataDir, config.databaseUrl);
  // A signal while the service starts (an orchestrator giving up on it, Ctrl-C) waits for the
  // start to finish and then stops what it started, rather than killing the process with the
  // database half open and the built-in satellite half paired.
  const starting = startOn(target, config, secrets, logger, switchDatabase);

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    try {
      const current = running ?? (await starting.catch(() => null));
      if (current) await stop(current);
      logger.info('stopped');
      logger.flush();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  running = await starting;
}

main().catch((error: unknown) => {
  // The logger may not exist yet (bad configuration), so report on stderr directly.
  process.stderr.write(`groundstation failed to start: ${(error as Error).message}\n`);
  process.exit(1);
});
