import { inArray, isNull } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { satellitePendingWork } from '../../db/schema/index.js';
import { NotFoundError } from '../../http/errors.js';
import type { SatelliteActor } from '../../http/auth/types.js';
import { addSeconds, type Clock } from '../../lib/clock.js';
import { newOrderedId } from '../../lib/ids.js';
import type { PendingWorkKind } from '../installations/pending-work.js';
import type { CommandRow, SatelliteRepository } from './repository.js';

/**
 * The command types the DeployStack satellite knows (protocol §8.2). It reports any other type as
 * failed ("Unknown command type"), so Groundstation sends nothing else. Stopping a server is not a
 * command of its own: its key leaves the configuration and a `configure` makes the satellite
 * apply that.
 */
export const COMMAND_TYPES = [
  'configure',
  'spawn',
  'kill',
  'restart',
  'health_check',
  'invalidate_user_token_cache',
] as const;
export type CommandType = (typeof COMMAND_TYPES)[number];

export const COMMAND_PRIORITIES = { immediate: 0, high: 1, normal: 2, low: 3 } as const;
export type CommandPriority = keyof typeof COMMAND_PRIORITIES;
const PRIORITY_NAMES = Object.keys(COMMAND_PRIORITIES) as CommandPriority[];

export type PollingMode = 'immediate' | 'normal' | 'slow';

/** The satellite's own polling interval (its default); answered when nothing is waiting. */
export const NORMAL_POLL_SECONDS = 60;
/** Suggested while commands are waiting or were just handed out. */
export const IMMEDIATE_POLL_SECONDS = 2;
/** The longest back-off after failed polls that Groundstation suggests (logged by the satellite). */
export const ERROR_BACKOFF_MAX_SECONDS = 300;

/**
 * `payload.event` of the `configure` command each change produces. The satellite only logs it
 * (any value other than `mcp_recovery` / `mcp_redeploy` means "fetch the configuration again and
 * apply it"); the names follow those of the DeployStack backend where it has one.
 */
const CONFIGURE_EVENTS: Partial<Record<PendingWorkKind, string>> = {
  'installation.created': 'mcp_installation_created',
  'installation.updated': 'mcp_installation_updated',
  'installation.deleted': 'mcp_installation_deleted',
  'member.added': 'mcp_member_added',
  'member.removed': 'mcp_member_removed',
  'user_config.saved': 'mcp_user_config_updated',
  'user.deleted': 'mcp_user_deleted',
};

/**
 * Kinds after which the satellite must forget what it cached about the user's tokens: a removed
 * member's tokens are bound to the team they left (introspection answers them inactive at once),
 * and the satellite would otherwise accept them from its cache for up to 5 minutes.
 */
const ENDS_USER_ACCESS = new Set<string>([
  'user.deleted',
  'user.disabled',
  'member.removed',
  'oauth.revoked',
]);

export interface PendingWorkItem {
  kind: string;
  teamId: string;
  installationId: string | null;
  userId: string | null;
  payload: Record<string, unknown>;
}

export interface PlannedCommand {
  type: CommandType;
  priority: CommandPriority;
  payload: Record<string, unknown>;
}

/** The commands one recorded change becomes, in the satellite's vocabulary. */
export function commandsFor(item: PendingWorkItem): PlannedCommand[] {
  const { user_email: email, ...extra } = item.payload;
  const commands: PlannedCommand[] = [];
  if (item.kind === 'installation.tool_status' && item.installationId) {
    // The protocol's own configure action: the satellite hides or shows the tool at once.
    commands.push({
      type: 'configure',
      priority: 'immediate',
      payload: {
        action: 'update_tool_status',
        installation_id: item.installationId,
        team_id: item.teamId,
        tool_name: extra.tool_name,
        is_disabled: extra.is_disabled,
        reason: item.kind,
      },
    });
  }
  const event = CONFIGURE_EVENTS[item.kind as PendingWorkKind];
  if (event) {
    commands.push({
      type: 'configure',
      priority: 'immediate',
      payload: {
        ...extra,
        event,
        ...(item.installationId ? { installation_id: item.installationId } : {}),
        team_id: item.teamId,
        ...(item.userId ? { user_id: item.userId } : {}),
        // What happened in Groundstation's own words, for its API readers.
        reason: item.kind,
      },
    });
  }
  if (ENDS_USER_ACCESS.has(item.kind) && item.userId) {
    commands.push({
      type: 'invalidate_user_token_cache',
      priority: 'immediate',
      payload: {
        user_id: item.userId,
        ...(typeof email === 'string' ? { user_email: email } : {}),
        reason: item.kind,
      },
    });
  }
  return commands;
}

export interface CommandQueueDeps {
  db: Database;
  repository: SatelliteRepository;
  clock: Clock;
  commandTtlSeconds: number;
}

const priorityName = (n: number): CommandPriority => PRIORITY_NAMES[n] ?? 'normal';

/** Groundstation's own shape of a command (`data.commands`). */
function commandView(c: CommandRow) {
  return {
    id: c.id,
    type: c.type,
    priority: priorityName(c.priority),
    payload: c.payload,
    status: c.status,
    created_at: c.createdAt.toISOString(),
    expires_at: c.expiresAt.toISOString(),
  };
}

/** The shape the DeployStack satellite reads (top-level `commands`). */
function wireView(c: CommandRow) {
  return {
    id: c.id,
    command_type: c.type,
    priority: priorityName(c.priority),
    payload: c.payload,
    correlation_id: c.id,
    status: c.status,
    created_at: c.createdAt.toISOString(),
    expires_at: c.expiresAt.toISOString(),
  };
}

/** The queue of commands per satellite: filled from recorded changes, emptied by polls. */
export function createCommandQueue(deps: CommandQueueDeps) {
  const { db, repository, clock } = deps;

  /** Turns recorded configuration changes into commands for the satellites they concern. */
  async function materialize(tx: Executor) {
    const work = await tx
      .select()
      .from(satellitePendingWork)
      .where(isNull(satellitePendingWork.processedAt))
      .orderBy(satellitePendingWork.createdAt, satellitePendingWork.id)
      .limit(500)
      .for('update', { skipLocked: true });
    if (work.length === 0) return;
    const now = clock();
    const expiresAt = addSeconds(now, deps.commandTtlSeconds);
    const rows: Array<Parameters<SatelliteRepository['insertCommands']>[0][number]> = [];
    // A deleted user is recorded once per team they were in; a satellite serving several of
    // those teams needs to hear it once.
    const userCommandsSent = new Set<string>();
    for (const item of work) {
      const planned = commandsFor(item);
      if (planned.length === 0) continue;
      const targets = item.installationId
        ? await repository.servingSatellites(
            (await repository.installationOf(item.installationId, tx)) ?? {
              teamId: item.teamId,
              satelliteId: null,
            },
            tx,
          )
        : await repository.servingSatellites({ teamId: item.teamId, satelliteId: null }, tx);
      for (const target of targets) {
        for (const command of planned) {
          if (ENDS_USER_ACCESS.has(item.kind)) {
            const once = `${target.id} ${command.type} ${item.kind} ${item.userId}`;
            if (userCommandsSent.has(once)) continue;
            userCommandsSent.add(once);
          }
          rows.push({
            // Ordered: commands of one drain share `now`, and a satellite must run them in the
            // order the changes were made (a tool switched off and on again ends up on).
            id: newOrderedId('cmd'),
            satelliteId: target.id,
            type: command.type,
            priority: COMMAND_PRIORITIES[command.priority],
            payload: command.payload,
            createdAt: now,
            expiresAt,
          });
        }
      }
    }
    await repository.insertCommands(rows, tx);
    await tx
      .update(satellitePendingWork)
      .set({ processedAt: now })
      .where(
        inArray(
          satellitePendingWork.id,
          work.map((w) => w.id),
        ),
      );
  }

  return {
    materialize,

    /**
     * Hands out the most urgent, oldest pending commands and marks them delivered (the satellite
     * has no duplicate detection, so a command is handed out once). Answers both Groundstation's
     * shape and the satellite's: `polling_mode` is `immediate` while any command is handed out or
     * waiting, `slow` when none.
     */
    async poll(actor: SatelliteActor, limit: number) {
      const now = clock();
      const commands = await db.orm.transaction(async (tx) => {
        await materialize(tx);
        return repository.deliver(actor.satelliteId, limit, now, tx);
      });
      const waiting = await repository.pendingSummary(actor.satelliteId, now);
      const urgent = commands.some((c) => c.priority <= COMMAND_PRIORITIES.high);
      const priorities = [
        ...commands.map((c) => c.priority),
        ...(waiting.count > 0 && waiting.mostUrgent !== null ? [waiting.mostUrgent] : []),
      ];
      const mostUrgent = priorities.length > 0 ? Math.min(...priorities) : null;
      // Any work handed out or waiting asks for quick polls: a satellite that honours it picks up
      // the rest (and the commands that follow a change usually come in a burst) in seconds.
      const pollingMode: PollingMode = mostUrgent === null ? 'slow' : 'immediate';
      return {
        commands: commands.map(wireView),
        polling_mode: pollingMode,
        next_poll_interval: mostUrgent === null ? NORMAL_POLL_SECONDS : IMMEDIATE_POLL_SECONDS,
        data: {
          commands: commands.map(commandView),
          next_poll_seconds: waiting.count > 0 ? 1 : urgent ? 2 : 5,
        },
      };
    },

    /** Records a command's outcome; another satellite's or an unknown command is 404. */
    async recordResult(
      actor: SatelliteActor,
      commandId: string,
      input: { status: string; result?: Record<string, unknown> | null; error?: string | null },
    ) {
      const command = await repository.findCommand(actor.satelliteId, commandId);
      if (!command) throw new NotFoundError('Command not found');
      await repository.updateCommand(command.id, {
        status: input.status,
        result: input.result ?? null,
        error: input.error ?? null,
      });
      return { id: command.id, status: input.status };
    },
  };
}

export type CommandQueue = ReturnType<typeof createCommandQueue>;
