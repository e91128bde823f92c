// The satellite protocol's wire shapes: what a satellite sends to Groundstation and reads back
// (docs/satellites.md). Types only: both the service and the satellites build on them, and this
// is all they share.

/** `POST /api/satellites/register`. */
export interface RegistrationRequest {
  name: string;
  capabilities: string[];
  satellite_url?: string;
  system_info: { os: string; arch: string; node_version: string; memory_mb: number };
}

/** What a satellite reads of the registration answer (top level). */
export interface RegistrationAnswer {
  success: boolean;
  satellite: { id: string; name?: string; api_key: string };
}

/** One stdio process of a team, as the heartbeat reports it. */
export interface HeartbeatProcess {
  installation_id: string;
  installation_name: string;
  status: 'starting' | 'running' | 'terminating' | 'terminated' | 'failed' | 'permanently_failed';
  pid?: number;
  uptime_seconds: number;
  message_count: number;
  error_count: number;
  health_status: 'healthy' | 'unhealthy' | 'unknown';
  last_activity: string;
}

/** `POST /api/satellites/{id}/heartbeat`. */
export interface HeartbeatRequest {
  status: 'active' | 'degraded' | 'error';
  system_metrics: {
    cpu_usage_percent: number;
    memory_usage_mb: number;
    disk_usage_percent: number;
    uptime_seconds: number;
  };
  processes: unknown[];
  processes_by_team?: Record<string, HeartbeatProcess[]>;
  error_count: number;
  version: string;
}

export type CommandType =
  'configure' | 'spawn' | 'kill' | 'restart' | 'health_check' | 'invalidate_user_token_cache';

/** One command of a poll's answer. */
export interface Command {
  id: string;
  command_type: string;
  payload: Record<string, unknown>;
  priority?: string;
  correlation_id?: string;
}

/** `GET /api/satellites/{id}/commands`: top-level keys a satellite reads. */
export interface CommandPollAnswer {
  commands: Command[];
  polling_mode?: string;
  next_poll_interval?: number;
}

/** `POST /api/satellites/{id}/command-result`. */
export interface CommandResult {
  command_id: string;
  status: 'completed' | 'failed';
  result?: Record<string, unknown>;
  error?: string;
}

/** One entry of the configuration's `mcp_servers` map: one member instance of an installation. */
export interface ServerEntry {
  transport_type: 'stdio' | 'http' | 'sse';
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  url?: string;
  headers?: Record<string, string>;
  url_query_params?: Record<string, string>;
  timeout?: number;
  enabled?: boolean;
  installation_id?: string;
  installation_name?: string;
  instance_id?: string;
  team_id?: string;
  team_slug?: string;
  user_id?: string;
  server_slug?: string;
  server_name?: string;
  requires_oauth?: boolean;
  instance_status?: string;
  /** `disabled_tools`: tools (as the server names them) hidden from MCP clients. */
  settings?: { request_logging_enabled?: boolean; disabled_tools?: string[] };
}

/** `GET /api/satellites/{id}/config`. */
export interface ConfigurationAnswer {
  mcp_servers: Record<string, ServerEntry>;
}

/** One event of a batch. */
export interface SatelliteEvent {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

/** `POST /api/satellites/{id}/events` answer. */
export interface EventBatchAnswer {
  processed: number;
  failed: number;
  event_ids: string[];
  failures?: Array<{ index: number; type: string; error: string }>;
}

/** `POST /api/oauth2/introspect` with a satellite key: the keys a satellite reads. */
export interface Introspection {
  active: boolean;
  sub?: string;
  username?: string;
  team_id?: string;
  team_name?: string;
  team_role?: string;
  scope?: string;
  client_id?: string;
  exp?: number;
}

/** `POST /api/satellites/{id}/tokens/retrieve`. */
export interface UpstreamToken {
  access_token: string;
  token_type?: string;
  expires_at?: string | null;
}
