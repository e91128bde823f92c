import { createServer, type IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { startSatellite } from './satellite.js';
import { SANDBOX_MODES, type SandboxMode } from './servers/sandbox.js';
import type { ServerSettings } from './servers/settings.js';

/** The largest MCP request body read (a tool call's arguments). */
const MAX_BODY_BYTES = 4 * 1024 * 1024;

export interface StandaloneSettings {
  backendUrl: string;
  registrationToken?: string;
  publicUrl: string;
  port: number;
  host: string;
  dataDir: string;
  name: string;
  idleMs?: number;
  servers?: ServerSettings;
}

/** Settings from the environment: GROUNDSTATION_URL, SATELLITE_REGISTRATION_TOKEN, … */
export function settingsFromEnv(env: NodeJS.ProcessEnv): StandaloneSettings {
  const backendUrl = env.GROUNDSTATION_URL;
  if (!backendUrl) throw new Error('GROUNDSTATION_URL is required (the service’s origin)');
  const port = Number(env.SATELLITE_PORT ?? 3100);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error('SATELLITE_PORT must be a port number');
  const host = env.SATELLITE_HOST ?? '127.0.0.1';
  return {
    backendUrl,
    registrationToken: env.SATELLITE_REGISTRATION_TOKEN,
    publicUrl: env.SATELLITE_PUBLIC_URL ?? `http://${host}:${port}/mcp`,
    port,
    host,
    dataDir: path.resolve(env.SATELLITE_DATA_DIR ?? './satellite-data'),
    name: env.SATELLITE_NAME ?? `satellite-${os.hostname()}`.toLowerCase().slice(0, 32),
    idleMs: positive(env.SATELLITE_IDLE_MS, 'SATELLITE_IDLE_MS'),
    servers: serverSettingsFromEnv(env),
  };
}

/** The limits and sandbox of the stdio servers; the same names as the built-in satellite's. */
function serverSettingsFromEnv(env: NodeJS.ProcessEnv): ServerSettings {
  const cpuWindowSeconds = positive(
    env.SATELLITE_CPU_WINDOW_SECONDS,
    'SATELLITE_CPU_WINDOW_SECONDS',
  );
  return {
    maxMemoryMb: limit(env, 'SATELLITE_MAX_MEMORY_MB'),
    maxCpuPercent: limit(env, 'SATELLITE_MAX_CPU_PERCENT'),
    cpuWindowMs: cpuWindowSeconds === undefined ? undefined : cpuWindowSeconds * 1000,
    maxProcesses: limit(env, 'SATELLITE_MAX_PROCESSES'),
    maxProcessesPerTeam: limit(env, 'SATELLITE_MAX_PROCESSES_PER_TEAM'),
    sandbox: sandboxMode(env.SATELLITE_SANDBOX),
    sandboxOpenFiles: positive(env.SATELLITE_SANDBOX_OPEN_FILES, 'SATELLITE_SANDBOX_OPEN_FILES'),
    sandboxProcesses: limit(env, 'SATELLITE_SANDBOX_PROCESSES'),
  };
}

/** A positive whole number from the environment, or undefined for the default. */
function positive(raw: string | undefined, name: string): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return value;
}

/** A limit: a positive whole number, or undefined for none (unset, empty or 0, as built in). */
function limit(env: NodeJS.ProcessEnv, name: string): number | undefined {
  return env[name] === '0' ? undefined : positive(env[name], name);
}

function sandboxMode(raw: string | undefined): SandboxMode | undefined {
  if (raw === undefined || raw === '') return undefined;
  const mode = SANDBOX_MODES.find((candidate) => candidate === raw);
  if (!mode)
    throw new Error(`SATELLITE_SANDBOX must be one of ${SANDBOX_MODES.join(', ')}, got "${raw}"`);
  return mode;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error('request body too large');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

/**
 * `groundstation satellite`: a satellite on its own port, for other machines and for scale-out.
 * Its MCP endpoint is `/mcp`; `/health` answers for load balancers.
 */
export async function runStandalone(settings: StandaloneSettings) {
  const log = pino({ name: 'satellite', level: process.env.LOG_LEVEL ?? 'info' });
  const satellite = await startSatellite({ ...settings, log });
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://satellite');
    if (url.pathname === '/health') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
      return;
    }
    const body = req.method === 'POST' ? readJson(req) : Promise.resolve(undefined);
    body
      .then((parsed) => satellite.handle(req, res, parsed))
      .catch(() => {
        if (!res.headersSent)
          res
            .writeHead(400, { 'content-type': 'application/json' })
            .end('{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"},"id":null}');
      });
  });
  await new Promise<void>((resolve) => server.listen(settings.port, settings.host, resolve));
  log.info(
    { port: settings.port, publicUrl: settings.publicUrl, satelliteId: satellite.id },
    'satellite listening',
  );
  return {
    satellite,
    server,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await satellite.close();
    },
  };
}
