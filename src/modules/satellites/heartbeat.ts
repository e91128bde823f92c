/**
 * Reads a heartbeat in either of the shapes satellites send (docs/satellites.md, Heartbeat):
 *
 * - Groundstation's: `status` healthy|degraded|unhealthy, `processes` {running, stopped, failed},
 *   `system` {cpu_percent, memory_percent, …}, `uptime_seconds`, `version`;
 * - the DeployStack satellite's: `status` active|degraded|error, `system_metrics`, `processes` as a
 *   list, `processes_by_team` (team id → list), `error_count`, `version`, and more.
 *
 * Only `status` is checked by the route's schema. Everything else is read tolerantly: a field of
 * an unexpected type or out of range is left out of the metrics, never a refusal, because a
 * refused heartbeat at start-up makes the DeployStack satellite delete its credentials.
 */

export type ReportedStatus = 'healthy' | 'degraded' | 'unhealthy' | 'active' | 'error';
export const REPORTED_STATUSES: readonly ReportedStatus[] = [
  'healthy',
  'degraded',
  'unhealthy',
  'active',
  'error',
];

/** The metrics row keeps Groundstation's three health words; `active` is healthy, `error` unhealthy. */
const HEALTH: Record<ReportedStatus, 'healthy' | 'degraded' | 'unhealthy'> = {
  healthy: 'healthy',
  active: 'healthy',
  degraded: 'degraded',
  unhealthy: 'unhealthy',
  error: 'unhealthy',
};

/** Process states of both satellites, folded into the three counts the metrics show. */
const PROCESS_BUCKET: Record<string, 'running' | 'stopped' | 'failed'> = {
  pending: 'running',
  starting: 'running',
  running: 'running',
  stopping: 'stopped',
  stopped: 'stopped',
  terminating: 'stopped',
  terminated: 'stopped',
  failed: 'failed',
  permanently_failed: 'failed',
};

const MAX_COUNT = 1_000_000;
/** `system` figures and their accepted ranges. */
const SYSTEM_RANGES: Record<string, [number, number]> = {
  cpu_percent: [0, 100_000],
  memory_percent: [0, 100],
  memory_used_mb: [0, 1e12],
  memory_total_mb: [0, 1e12],
  disk_percent: [0, 100],
  load_average: [0, 1e9],
};
/** The DeployStack satellite's `system_metrics` names for the same figures. */
const SYSTEM_METRICS_NAMES: Record<string, string> = {
  cpu_usage_percent: 'cpu_percent',
  memory_usage_mb: 'memory_used_mb',
  disk_usage_percent: 'disk_percent',
};
const MAX_TEXT = 2048;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const USER_AGENT_RELEASE = /^DeployStack-Satellite\/([0-9A-Za-z.+-]{1,50})(?:\s|$)/;

type Json = Record<string, unknown>;

export interface HeartbeatReading {
  /** For the metrics row's status column. */
  health: 'healthy' | 'degraded' | 'unhealthy';
  reportedStatus: ReportedStatus;
  /** The satellite's release: the DeployStack User-Agent's, else the body's `version`. */
  version: string | null;
  uptimeSeconds: number | null;
  /** Counts by state; the DeployStack shape always gives running, stopped and failed. */
  processes: Record<string, number>;
  processCount: number | null;
  system: Record<string, number>;
  errorCount: number | null;
  /**
   * A satellite URL reported in the heartbeat (none today; a later satellite may send it). It
   * never moves a stored URL: service.ts, settleReportedUrl.
   */
  satelliteUrl: string | null;
  /** Small extras kept with the metrics row: the body's own version and the satellite's summaries. */
  extras: Json;
}

const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function numberIn(v: unknown, min: number, max: number): number | null {
  return typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max ? v : null;
}

const count = (v: unknown) => (Number.isInteger(v) ? numberIn(v, 0, MAX_COUNT) : null);

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

/**
 * Text fit to store: bounded, without control characters or unpaired surrogates (PostgreSQL
 * refuses NUL, and JSON columns refuse lone surrogates, which would turn a heartbeat into a 400).
 */
export function storableText(v: unknown, max = MAX_TEXT): string | null {
  if (typeof v !== 'string' || v.length === 0 || v.length > max) return null;
  if (hasControlCharacter(v) || LONE_SURROGATE.test(v)) return null;
  return v;
}

/** Groundstation's `processes` object: the counts as sent, each a whole number in range. */
function countsOf(processes: Json): Record<string, number> {
  const out: Record<string, number> = {};
  for (const name of ['running', 'stopped', 'failed']) {
    const n = count(processes[name]);
    if (n !== null) out[name] = n;
  }
  return out;
}

/** Entries of the DeployStack lists (`processes`, each list of `processes_by_team`). */
function tally(into: Record<string, number>, entries: unknown[]) {
  for (const entry of entries) {
    const state = isObject(entry) && typeof entry.status === 'string' ? entry.status : '';
    const bucket = Object.hasOwn(PROCESS_BUCKET, state) ? PROCESS_BUCKET[state]! : 'other';
    into[bucket] = Math.min((into[bucket] ?? 0) + 1, MAX_COUNT);
  }
}

function processesOf(body: Json): Record<string, number> {
  const byTeam = isObject(body.processes_by_team) ? body.processes_by_team : null;
  const listed = Array.isArray(body.processes);
  if (!listed && !byTeam) return isObject(body.processes) ? countsOf(body.processes) : {};
  const counts: Record<string, number> = {
    ...(isObject(body.processes) ? countsOf(body.processes) : {}),
  };
  for (const name of ['running', 'stopped', 'failed']) counts[name] ??= 0;
  if (listed) tally(counts, body.processes as unknown[]);
  for (const entries of Object.values(byTeam ?? {})) {
    if (Array.isArray(entries)) tally(counts, entries);
  }
  return counts;
}

function systemOf(body: Json): Record<string, number> {
  const out: Record<string, number> = {};
  const metrics = isObject(body.system_metrics) ? body.system_metrics : {};
  for (const [from, to] of Object.entries(SYSTEM_METRICS_NAMES)) {
    const [min, max] = SYSTEM_RANGES[to]!;
    const value = numberIn(metrics[from], min, max);
    if (value !== null) out[to] = value;
  }
  // Groundstation's own names win where a body has both.
  const system = isObject(body.system) ? body.system : {};
  for (const [name, [min, max]] of Object.entries(SYSTEM_RANGES)) {
    const value = numberIn(system[name], min, max);
    if (value !== null) out[name] = value;
  }
  return out;
}

/** Only whole-number figures of a summary object, at most 20 of them: the rest is not kept. */
function summaryOf(v: unknown): Record<string, number> | undefined {
  if (!isObject(v)) return undefined;
  const out: Record<string, number> = {};
  for (const [name, value] of Object.entries(v).slice(0, 20)) {
    const n = count(value);
    if (n !== null && storableText(name, 64)) out[name] = n;
  }
  return out;
}

export function readHeartbeat(
  body: Json & { status: ReportedStatus },
  userAgent: string | undefined,
): HeartbeatReading {
  const processes = processesOf(body);
  const total = Object.values(processes).reduce((a, b) => a + b, 0);
  const hasProcesses =
    isObject(body.processes) || Array.isArray(body.processes) || isObject(body.processes_by_team);
  const metrics = isObject(body.system_metrics) ? body.system_metrics : {};
  const bodyVersion = storableText(body.version, 50);
  const release = userAgent ? USER_AGENT_RELEASE.exec(userAgent)?.[1] : undefined;
  const extras: Json = {};
  if (release && bodyVersion) extras.reported_version = bodyVersion;
  const normalized = isObject(body.normalized_data)
    ? summaryOf(body.normalized_data.summary)
    : undefined;
  if (normalized) extras.summary = normalized;
  const mcp = isObject(body.mcp_status) ? summaryOf(body.mcp_status.summary) : undefined;
  if (mcp) extras.mcp_summary = mcp;
  if (isObject(body.processes_by_team)) {
    extras.teams = Math.min(Object.keys(body.processes_by_team).length, MAX_COUNT);
  }
  return {
    health: HEALTH[body.status],
    reportedStatus: body.status,
    version: release ?? bodyVersion,
    uptimeSeconds:
      numberIn(body.uptime_seconds, 0, 1e12) ?? numberIn(metrics.uptime_seconds, 0, 1e12),
    processes,
    processCount: hasProcesses ? total : null,
    system: systemOf(body),
    errorCount: count(body.error_count),
    satelliteUrl: storableText(body.satellite_url),
    extras,
  };
}
