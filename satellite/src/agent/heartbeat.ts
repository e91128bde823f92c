import type { Log, UpstreamPool } from '../parts.js';
import type { Backend, Credentials } from './backend.js';
import { systemMeter } from './system.js';

/** Every 30 s: the satellite's own figures and its processes by team. */
export function createHeartbeat(
  backend: Backend,
  creds: () => Credentials | null,
  pool: UpstreamPool,
  dataDir: string,
  log: Log,
  intervalMs = 30_000,
) {
  const meter = systemMeter(dataDir);

  async function beat(): Promise<void> {
    const current = creds();
    if (!current) return;
    await backend.heartbeat(current, {
      status: 'active',
      system_metrics: await meter(),
      processes: [],
      processes_by_team: pool.processesByTeam(),
      error_count: 0,
      version: '1.0.0',
    });
  }

  const timer = setInterval(() => {
    beat().catch((error: unknown) => log.warn({ err: error }, 'heartbeat not delivered'));
  }, intervalMs);
  timer.unref();

  return {
    beat,
    close() {
      clearInterval(timer);
    },
  };
}
