import type { Log } from '../parts.js';
import { BackendError, type Backend, type Credentials } from './backend.js';
import { credentialStore } from './credentials.js';
import { systemInfo } from './system.js';

export interface PairingOptions {
  dataDir: string;
  name: string;
  /** This satellite's MCP URL as clients reach it: the audience of their tokens. */
  publicUrl: string;
  /** A registration token, or how to get one (the built-in satellite asks the service). */
  registrationToken?: string | (() => Promise<string>);
}

/**
 * The protocol's start-up: saved credentials are checked with one heartbeat and kept when it is
 * answered 2xx; otherwise (none saved, or refused) the satellite registers with its token and
 * saves the new ones. A saved key that Groundstation refuses for another reason than being
 * unknown or revoked (a timeout, a 5xx) is kept: unlike the reference satellite, a transient
 * failure never strands this one.
 */
export async function pair(
  backend: Backend,
  options: PairingOptions,
  log: Log,
): Promise<Credentials> {
  const store = credentialStore(options.dataDir);
  const saved = await store.load();
  if (saved) {
    try {
      await backend.heartbeat(saved, startUpHeartbeat());
      return saved;
    } catch (error) {
      const refused = error instanceof BackendError && [401, 403, 404].includes(error.status);
      if (!refused) throw error;
      log.warn({ status: error.status }, 'saved satellite credentials refused; registering again');
      await store.forget();
    }
  }
  const source = options.registrationToken;
  if (!source) throw new Error('no saved credentials and no registration token to pair with');
  const token = typeof source === 'string' ? source : await source();
  const answer = await backend.register(token, {
    name: options.name,
    capabilities: ['stdio', 'http', 'sse'],
    satellite_url: options.publicUrl,
    system_info: systemInfo(),
  });
  const creds = { id: answer.satellite.id, key: answer.satellite.api_key, name: options.name };
  await store.save(creds);
  log.info({ satelliteId: creds.id }, 'satellite paired');
  return creds;
}

function startUpHeartbeat() {
  return {
    status: 'active' as const,
    system_metrics: {
      cpu_usage_percent: 0,
      memory_usage_mb: Math.round(process.memoryUsage().rss / 1_048_576),
      disk_usage_percent: 0,
      uptime_seconds: Math.round(process.uptime()),
    },
    processes: [],
    error_count: 0,
    version: '1.0.0',
  };
}
