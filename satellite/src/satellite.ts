// Groundstation's satellite: runs the MCP servers of member instances and serves them to MCP
// clients. It meets Groundstation only on the wire (the satellite routes of its API), so it runs
// the same built into the service (src/server.ts) or on another machine (standalone.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createBackend } from './agent/backend.js';
import { createCommandPoller } from './agent/commands.js';
import { createConfiguration } from './agent/configuration.js';
import { createEventQueue } from './agent/event-queue.js';
import { createHeartbeat } from './agent/heartbeat.js';
import { pair, type PairingOptions } from './agent/pairing.js';
import { loadToolStatus } from './agent/tool-status.js';
import { offeredPool } from './mcp/catalog.js';
import { createMcpEndpoint } from './mcp/endpoint.js';
import { createTokenChecker } from './mcp/tokens.js';
import type { Log } from './parts.js';
import { createUpstreamPool } from './servers/pool.js';
import type { ServerSettings } from './servers/settings.js';

export interface SatelliteOptions extends PairingOptions {
  /** Where Groundstation's API is reached from here (its origin, without `/api`). */
  backendUrl: string;
  /** Groundstation's public origin, named to MCP clients as the authorization server. */
  authorizationServer?: string;
  log: Log;
  /** Longest time between command polls (default 5 s; Groundstation may ask for sooner). */
  pollIntervalMs?: number;
  heartbeatIntervalMs?: number;
  eventIntervalMs?: number;
  /** A stdio server unused this long is stopped until its next use (default 10 min). */
  idleMs?: number;
  /** How stdio servers are restarted and limited (servers/settings.ts). */
  servers?: ServerSettings;
}

export interface RunningSatellite {
  id: string;
  /** Serves `/mcp`, `/mcp/<installation>` and the protected-resource metadata. */
  handle(req: IncomingMessage, res: ServerResponse, parsedBody?: unknown): Promise<void>;
  /** Polls for commands now instead of at the next interval. */
  pollNow(): Promise<void>;
  /** Sends the queued events now. */
  flushEvents(): Promise<void>;
  close(): Promise<void>;
}

/** Pairs (or reuses saved credentials), applies the configuration and starts serving. */
export async function startSatellite(options: SatelliteOptions): Promise<RunningSatellite> {
  const { log } = options;
  const backend = createBackend(options.backendUrl);
  if (!(await backend.health()))
    throw new Error(`Groundstation at ${backend.origin} does not answer its health check`);
  const creds = await pair(backend, options, log);
  const current = () => creds;
  const queue = createEventQueue(backend, current, log, { intervalMs: options.eventIntervalMs });
  const pool = createUpstreamPool({
    dataDir: options.dataDir,
    events: queue.sink,
    log,
    idleMs: options.idleMs,
    ...options.servers,
    tokens: (entry) => backend.upstreamToken(creds, entry),
  });
  const tokens = createTokenChecker({ introspect: (token) => backend.introspect(creds, token) });
  const toolStatus = await loadToolStatus(options.dataDir, log);
  const endpoint = createMcpEndpoint({
    pool: offeredPool(pool, toolStatus),
    tokens,
    events: queue.sink,
    log,
    publicUrl: options.publicUrl,
    authorizationServer: options.authorizationServer ?? backend.origin,
  });
  const configuration = createConfiguration(backend, pool, queue.sink, log);
  const heartbeat = createHeartbeat(
    backend,
    current,
    pool,
    options.dataDir,
    log,
    options.heartbeatIntervalMs,
  );
  await heartbeat.beat().catch((error: unknown) => log.warn({ err: error }, 'heartbeat failed'));
  await configuration
    .refresh(creds)
    .catch((error: unknown) => log.warn({ err: error }, 'configuration not applied at start'));
  const poller = createCommandPoller(
    backend,
    current,
    { pool, tokens, configuration, toolStatus },
    log,
    options.pollIntervalMs ?? 5000,
  );
  poller.start();

  return {
    id: creds.id,
    handle: endpoint.handle,
    pollNow: () => poller.pollNow(),
    flushEvents: () => queue.flush(),
    async close() {
      heartbeat.close();
      await poller.close();
      await endpoint.close();
      await pool.close();
      await queue.close();
    },
  };
}
