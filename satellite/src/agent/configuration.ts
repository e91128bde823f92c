import { createHash } from 'node:crypto';
import type { ServerEntry } from '../../../protocol/satellite.js';
import type { EventSink, Log, UpstreamPool } from '../parts.js';
import type { Backend, Credentials } from './backend.js';

const TRANSPORTS = new Set(['stdio', 'http', 'sse']);

/** Whether an entry can be run at all (the protocol's validity rules); others are skipped. */
export function runnable(entry: ServerEntry): boolean {
  if (!entry || typeof entry !== 'object' || !TRANSPORTS.has(entry.transport_type)) return false;
  if (entry.timeout !== undefined && (typeof entry.timeout !== 'number' || entry.timeout < 0))
    return false;
  if (entry.transport_type === 'stdio')
    return typeof entry.command === 'string' && Array.isArray(entry.args);
  if (typeof entry.url !== 'string') return false;
  try {
    new URL(entry.url);
    return true;
  } catch {
    return false;
  }
}

/** What identifies a configuration answer: the SHA-256 of its servers as sent. */
function hashOf(servers: Record<string, ServerEntry> | undefined): string {
  return createHash('sha256')
    .update(JSON.stringify(servers ?? {}))
    .digest('hex');
}

function teamsOf(entries: ReadonlyMap<string, ServerEntry>): number {
  const teams = new Set<string>();
  for (const entry of entries.values()) if (entry.team_id !== undefined) teams.add(entry.team_id);
  return teams.size;
}

/**
 * Keeps the pool in step with Groundstation's configuration: fetched with its ETag (an unchanged
 * answer costs a 304), invalid entries left out, the rest applied. A failure is reported as a
 * `config.error` event and leaves the running set as it was.
 *
 * Every fetch that was answered is reported as one `config.refreshed`, a 304 too (with
 * `change_detected: false`): fetches happen only at start and on a `configure` command, so this
 * costs one event per command, and it tells the satellite's event history that a change was
 * looked for and found none. A failed fetch is reported as `config.error` instead.
 */
export function createConfiguration(
  backend: Backend,
  pool: UpstreamPool,
  events: EventSink,
  log: Log,
) {
  let etag: string | null = null;
  let hash: string | null = null;
  let entries = new Map<string, ServerEntry>();

  return {
    get entries(): ReadonlyMap<string, ServerEntry> {
      return entries;
    },
    /** Fetches and applies; answers the counts the `configure` command's result reports. */
    async refresh(creds: Credentials) {
      const started = Date.now();
      let fetched;
      try {
        fetched = await backend.configuration(creds, etag);
      } catch (error) {
        events.emit('config.error', {
          error_type: 'server_error',
          error_message: error instanceof Error ? error.message : String(error),
          status_code: null,
          retry_in: 60,
        });
        throw error;
      }
      const fetchMs = Date.now() - started;
      let changed = false;
      if (fetched) {
        const next = new Map<string, ServerEntry>();
        for (const [key, entry] of Object.entries(fetched.answer.mcp_servers ?? {})) {
          if (runnable(entry)) next.set(key, entry);
          else log.warn({ key }, 'configuration entry skipped: it cannot be run');
        }
        await pool.apply(next);
        entries = next;
        etag = fetched.etag;
        const nextHash = hashOf(fetched.answer.mcp_servers);
        changed = nextHash !== hash;
        hash = nextHash;
      }
      events.emit('config.refreshed', {
        ...(hash === null ? {} : { config_hash: hash }),
        server_count: entries.size,
        teams_count: teamsOf(entries),
        change_detected: changed,
        fetch_duration_ms: fetchMs,
      });
      return {
        configuration_applied: true,
        changed: fetched !== null,
        total_servers: entries.size,
        enabled_servers: [...entries.values()].filter((e) => e.enabled !== false).length,
        startup_time_ms: Date.now() - started,
      };
    },
  };
}

export type Configuration = ReturnType<typeof createConfiguration>;
