// The service entry of bench/audit.ts: src/server.ts's start, with BENCH_AUDIT=off building the
// app with `benchmarkWithoutAudit`, so that the same routes can be timed with and without their
// audit entries, and a hidden route by which the benchmark turns them on and off between rounds.
// Only this file passes the option or adds the route; no configuration reaches either.
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { runMigrations } from '../src/db/migrate.js';
import { openDatabase } from '../src/db/open.js';
import { resolveDatabaseTarget } from '../src/db/target.js';
import { createLogger } from '../src/lib/logger.js';
import { loadSecrets } from '../src/lib/secrets.js';

const config = loadConfig();
const logger = createLogger(config.logLevel);
const secrets = await loadSecrets(config.dataDir, config.secretsFromEnv);
const target = await resolveDatabaseTarget(config.dataDir, config.databaseUrl);
const db = await openDatabase(target, {
  dataDir: config.dataDir,
  poolMax: config.databasePoolMax,
  preparedStatements: config.databasePreparedStatements,
  embeddedCompiler: config.embeddedCompiler,
});
await runMigrations(db);
const app = buildApp({
  config,
  db,
  target,
  secrets,
  logger,
  ...(process.env.BENCH_AUDIT === 'off' ? { benchmarkWithoutAudit: true as const } : {}),
});
// Between rounds the benchmark gives each service of a pair the other role (bench/audit.ts), so
// that what one process costs more than the other, whatever its mode, cancels out.
app.put('/__bench/audit/:mode', { schema: { hide: true } }, async (request) => {
  app.auditSettings.record = (request.params as { mode: string }).mode === 'on';
  return { record: app.auditSettings.record };
});
await app.listen({ port: config.port, host: config.host });
app.jobs.start();
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => db.close())
    .then(() => process.exit(0));
});
