import type { Command, CommandResult } from '../../../protocol/satellite.js';
import type { Log, TokenChecker, ToolStatus, UpstreamPool } from '../parts.js';
import type { Backend, Credentials } from './backend.js';
import type { Configuration } from './configuration.js';

interface Handlers {
  pool: UpstreamPool;
  tokens: TokenChecker;
  configuration: Configuration;
  toolStatus: ToolStatus;
}

type Outcome = Omit<CommandResult, 'command_id'>;
const done = (result: Record<string, unknown>): Outcome => ({ status: 'completed', result });
const failed = (error: string): Outcome => ({ status: 'failed', error });
const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** Runs one command (the protocol's six types) and says how it went. */
export async function runCommand(
  command: Command,
  creds: Credentials,
  parts: Handlers,
): Promise<Outcome> {
  const payload = command.payload;
  if (!payload || typeof payload !== 'object') return failed('the command has no payload');
  switch (command.command_type) {
    case 'configure':
      return configure(payload, creds, parts);
    case 'invalidate_user_token_cache': {
      const userId = text(payload.user_id);
      if (!userId) return failed('payload.user_id is required');
      const invalidated = parts.tokens.forgetUser(userId);
      return done({ user_id: userId, invalidated_count: invalidated, message: 'forgotten' });
    }
    case 'restart':
    case 'kill': {
      const installationId = text(payload.installation_id);
      if (!installationId) return failed('payload.installation_id is required');
      const stopped = await parts.pool.redeploy(installationId);
      return done({ installation_id: installationId, stopped: stopped.length });
    }
    case 'spawn':
      return spawn(text(payload.installation_id), parts);
    case 'health_check':
      return healthCheck(parts);
    default:
      return failed(`Unknown command type: ${command.command_type}`);
  }
}

async function configure(
  payload: Record<string, unknown>,
  creds: Credentials,
  parts: Handlers,
): Promise<Outcome> {
  if (payload.action === 'update_tool_status') return updateToolStatus(payload, parts);
  const installationId = text(payload.installation_id);
  if (payload.event === 'mcp_redeploy' && installationId) {
    const started = Date.now();
    const names = await parts.pool.redeploy(installationId);
    await parts.configuration.refresh(creds);
    return done({
      redeploy_triggered: true,
      installation_id: installationId,
      instance_count: names.length,
      instance_names: names,
      restart_time_ms: Date.now() - started,
    });
  }
  try {
    return done(await parts.configuration.refresh(creds));
  } catch (error) {
    return failed(error instanceof Error ? error.message : String(error));
  }
}

/** Switches one tool of an installation off or on again for MCP clients. */
async function updateToolStatus(
  payload: Record<string, unknown>,
  parts: Handlers,
): Promise<Outcome> {
  const installationId = text(payload.installation_id);
  const toolName = text(payload.tool_name);
  const disabled = payload.is_disabled;
  if (!installationId) return failed('payload.installation_id is required');
  if (!toolName) return failed('payload.tool_name is required');
  if (typeof disabled !== 'boolean') return failed('payload.is_disabled must be true or false');
  try {
    await parts.toolStatus.set(installationId, toolName, disabled);
  } catch (error) {
    return failed(error instanceof Error ? error.message : String(error));
  }
  return done({
    tool_name: toolName,
    is_disabled: disabled,
    message: disabled ? 'Tool disabled successfully' : 'Tool enabled successfully',
  });
}

/** Starts the processes of an installation now instead of on first use. */
async function spawn(installationId: string | undefined, parts: Handlers): Promise<Outcome> {
  if (!installationId) return failed('payload.installation_id is required');
  const keys = [...parts.configuration.entries]
    .filter(([, entry]) => entry.installation_id === installationId)
    .map(([key]) => key);
  if (keys.length === 0)
    return failed(`installation ${installationId} is not in the configuration`);
  const started = Date.now();
  for (const key of keys) await parts.pool.get(key)?.tools();
  return done({
    installation_id: installationId,
    started: keys.length,
    startup_time_ms: Date.now() - started,
  });
}

/** Lists the tools of every remote server, as a liveness check. */
async function healthCheck(parts: Handlers): Promise<Outcome> {
  const results = [];
  for (const [key, entry] of parts.configuration.entries) {
    if (entry.transport_type === 'stdio') continue;
    const upstream = parts.pool.get(key);
    const started = Date.now();
    try {
      await (await upstream!.connect()).listTools();
      results.push({
        server_name: key,
        status: 'running',
        health_status: 'healthy',
        response_time_ms: Date.now() - started,
      });
    } catch (error) {
      results.push({
        server_name: key,
        status: 'failed',
        health_status: 'unhealthy',
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return done({
    health_check_results: results,
    total_servers: results.length,
    healthy_servers: results.filter((r) => r.health_status === 'healthy').length,
  });
}

/**
 * Polls for commands and runs them one at a time, each result reported before the next starts.
 * Polls every `next_poll_interval` seconds as Groundstation asks (1 to 300; the protocol's
 * reference satellite keeps a fixed minute), so that a change reaches this satellite in seconds.
 */
export function createCommandPoller(
  backend: Backend,
  creds: () => Credentials | null,
  parts: Handlers,
  log: Log,
  defaultIntervalMs: number,
) {
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  let running: Promise<void> | null = null;

  async function pollOnce(): Promise<number> {
    const current = creds();
    if (!current) return defaultIntervalMs;
    const answer = await backend.poll(current);
    for (const command of answer.commands ?? []) {
      const outcome = await runCommand(command, current, parts).catch((error: unknown) =>
        failed(error instanceof Error ? error.message : String(error)),
      );
      await backend
        .result(current, { command_id: command.id, ...outcome })
        .catch((error: unknown) =>
          log.warn({ err: error, command: command.id }, 'command result not delivered'),
        );
    }
    const seconds = answer.next_poll_interval;
    return typeof seconds === 'number' && seconds >= 1
      ? Math.min(seconds, 300) * 1000
      : defaultIntervalMs;
  }

  function schedule(ms: number) {
    if (closed) return;
    timer = setTimeout(() => {
      running = pollOnce()
        .catch((error: unknown) => {
          log.warn({ err: error }, 'command poll failed');
          return defaultIntervalMs;
        })
        .then((next) => {
          running = null;
          schedule(Math.min(next, defaultIntervalMs));
        });
    }, ms);
    timer.unref();
  }

  return {
    start() {
      schedule(0);
    },
    /** Polls now (tests; the built-in satellite after a change it was told of). */
    async pollNow() {
      if (running) await running;
      await pollOnce();
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      if (running) await running;
    },
  };
}
