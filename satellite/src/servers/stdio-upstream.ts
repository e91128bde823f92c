// A stdio server of one member instance: its process, started on first use, restarted after
// crashes, stopped when idle and started again on demand.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { HeartbeatProcess, ServerEntry } from '../../../protocol/satellite.js';
import { closeChild, exitOf } from './child.js';
import { CRASHES_TO_FAIL, CrashHistory } from './crashes.js';
import { childEnvironment, instanceFolder, memoryLimitOf } from './environment.js';
import { emitStatus, errorText, processFields, stderrEvents, teamOf } from './fields.js';
import { iso, type ManagedUpstream, type StopReason } from './managed.js';
import type { Slot, SlotHolder } from './process-slots.js';
import { createRun, gone, type Run } from './run.js';
import type { Settings } from './settings.js';
import { DEFAULT_LIMITS, StderrLog, type StderrLogTarget } from './stderr-log.js';
import { listAllTools, onToolsChanged, reportListing } from './tools.js';
import type { WatchedProcess } from './watchdog.js';

/** A server that has not answered the handshake by then is taken as crashed. */
const HANDSHAKE_TIMEOUT_MS = 30_000;
/** How long a stop waits for the process to exit before killing it. */
const STOP_WAIT_MS = 5000;

type State = 'idle' | 'starting' | 'running' | 'dormant' | 'restarting' | 'failed' | 'stopped';

export class StdioUpstream implements ManagedUpstream, SlotHolder {
  private state: State = 'idle';
  private run: Run | null = null;
  private starting: Promise<Client> | null = null;
  private cache: Tool[] | null = null;
  /** The tools last reported: kept apart from the cache, which a redeploy empties. */
  private reported: Tool[] | null = null;
  private lastActivity = Date.now();
  private dormantSince = 0;
  private pendingRestart: { oldPid: number; attempt: number } | null = null;
  private restartTimer: NodeJS.Timeout | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private messageCount = 0;
  private lastError = '';
  private readonly crashes: CrashHistory;
  private readonly logs: StderrLog;
  private readonly logTarget: StderrLogTarget;

  constructor(
    readonly key: string,
    readonly entry: ServerEntry,
    private readonly settings: Settings,
  ) {
    this.crashes = new CrashHistory(settings.crashWindowMs, settings.restartDelaysMs);
    this.logTarget = stderrEvents(settings.events, key, entry, DEFAULT_LIMITS.linesPerSecond);
    this.logs = new StderrLog(this.logTarget);
  }

  get available(): boolean {
    return this.entry.enabled !== false && this.state !== 'failed' && this.state !== 'stopped';
  }

  touch(): void {
    this.lastActivity = Date.now();
    this.messageCount += 1;
  }

  async connect(): Promise<Client> {
    if (!this.available) throw new Error(`The server ${this.key} is ${this.unavailableReason()}`);
    this.touch();
    if (this.state === 'running' && this.run) return this.run.client;
    return this.launch();
  }

  /** The cached list when there is one, even of a dormant process: listing never spawns it. */
  async tools(): Promise<Tool[]> {
    if (this.cache) return this.cache;
    const client = await this.connect();
    if (this.cache) return this.cache;
    const tools = await listAllTools(client);
    this.cache = tools;
    return tools;
  }

  async stop(reason: StopReason): Promise<void> {
    this.state = 'stopped';
    this.clearTimers();
    const run = this.run;
    if (run) {
      this.settings.events.emit('mcp.server.stopped', {
        server_id: this.entry.installation_id ?? this.key,
        server_name: this.key,
        team_id: teamOf(this.entry),
        reason,
      });
      await this.end(run);
    }
    this.logs.close();
  }

  async redeploy(): Promise<void> {
    if (this.state === 'stopped') return;
    this.clearTimers();
    this.crashes.reset();
    this.cache = null;
    this.state = 'idle';
    const run = this.run;
    if (!run) return;
    this.settings.events.emit('mcp.server.stopped', {
      server_id: this.entry.installation_id ?? this.key,
      server_name: this.key,
      team_id: teamOf(this.entry),
      reason: 'redeploy',
    });
    await this.end(run);
  }

  heartbeat(): HeartbeatProcess | null {
    const base = {
      installation_id: this.entry.installation_id ?? this.key,
      installation_name: this.key,
      message_count: this.messageCount,
      error_count: this.crashes.total,
      last_activity: iso(this.lastActivity),
    };
    if (this.state === 'running' && this.run) {
      const uptime = Math.round((Date.now() - this.run.startedAt) / 1000);
      return {
        ...base,
        status: 'running',
        pid: this.run.pid,
        uptime_seconds: uptime,
        health_status: 'healthy',
      };
    }
    if (this.state === 'failed') {
      return {
        ...base,
        status: 'permanently_failed',
        uptime_seconds: 0,
        health_status: 'unhealthy',
      };
    }
    return null;
  }

  get lastUsed(): number {
    return this.lastActivity;
  }

  idle(): boolean {
    return this.state === 'running' && this.run !== null && this.run.requests.count === 0;
  }

  /** Stopped to make room under a process limit: like idling out, it starts again on next use. */
  async evict(): Promise<void> {
    if (this.state === 'running') await this.sleep();
  }

  /** One start at a time: concurrent connects (and a due restart) share it. */
  private launch(): Promise<Client> {
    this.starting ??= this.settings
      .starts(() => this.start())
      .finally(() => {
        this.starting = null;
      });
    return this.starting;
  }

  private async start(): Promise<Client> {
    clearTimeout(this.restartTimer);
    // Taken before anything changes: a start refused at a process limit leaves the server as it
    // was (dormant, or waiting to restart), and the next use tries again.
    const slot = await this.settings.processes.acquire(this);
    if (this.state === 'stopped') {
      slot.release();
      throw new Error(`The server ${this.key} was stopped while starting`);
    }
    const restart = this.pendingRestart;
    this.pendingRestart = null;
    const dormantSince = this.state === 'dormant' ? this.dormantSince : null;
    this.state = 'starting';
    const began = Date.now();
    const run = await this.spawn(slot).catch((error: unknown) => {
      slot.release();
      throw error;
    });
    const spawnMs = Date.now() - began;
    this.state = 'running';
    this.reportStart(run, spawnMs, restart, dormantSince);
    await this.listTools(run);
    if (gone(run)) throw new Error(`The server ${this.key} exited while starting`);
    emitStatus(this.settings.events, this.key, this.entry, 'online');
    // Starting counts as use: the caller is about to use the client.
    this.lastActivity = Date.now();
    this.armIdle();
    return run.client;
  }

  private async spawn(slot: Slot): Promise<Run> {
    const folder = await instanceFolder(this.settings.dataDir, this.key);
    // Stopped or redeployed while the folder was made: nothing may be started any more.
    if (this.state !== 'starting')
      throw new Error(`The server ${this.key} was stopped while starting`);
    const { command, args } = this.settings.sandbox.wrap(
      this.entry.command ?? '',
      this.entry.args ?? [],
    );
    const run = createRun({
      command,
      args,
      env: childEnvironment(this.entry, folder, this.settings.maxMemoryMb),
      cwd: folder,
      clientInfo: this.settings.clientInfo,
      slot,
      onStderr: (chunk) => this.logs.write(chunk),
      onSpawn: (spawned) => {
        if (spawned.pid) spawned.unwatch = this.settings.watchdog.watch(this.watched(spawned));
      },
    });
    const { client, transport } = run;
    this.run = run;
    client.onclose = () => this.ended(run);
    onToolsChanged(client, () => void this.listTools(run));
    try {
      await client.connect(transport, { timeout: HANDSHAKE_TIMEOUT_MS });
    } catch (error) {
      this.ended(run, error);
      await closeChild(client, run.child, STOP_WAIT_MS);
      throw error;
    }
    if (gone(run)) throw new Error(`The server ${this.key} was stopped while starting`);
    return run;
  }

  private reportStart(
    run: Run,
    spawnMs: number,
    restart: { oldPid: number; attempt: number } | null,
    dormantSince: number | null,
  ): void {
    const { events } = this.settings;
    const fields = processFields(this.key, this.entry);
    events.emit('mcp.server.started', {
      ...fields,
      process_id: run.pid,
      transport: 'stdio',
      tool_count: 0,
      spawn_duration_ms: spawnMs,
    });
    if (restart) {
      events.emit('mcp.server.restarted', {
        ...fields,
        old_process_id: restart.oldPid,
        new_process_id: run.pid,
        restart_reason: 'crash',
        attempt_number: restart.attempt,
      });
    } else if (dormantSince !== null) {
      events.emit('mcp.server.respawned', {
        ...fields,
        process_id: run.pid,
        dormant_duration_seconds: Math.round((Date.now() - dormantSince) / 1000),
        respawn_duration_ms: spawnMs,
      });
    }
  }

  /** Lists and reports the tools (after the handshake, and when the server says they changed). */
  private async listTools(run: Run): Promise<void> {
    try {
      const tools = await listAllTools(run.client);
      if (gone(run)) return;
      this.cache = tools;
      reportListing(this.settings.events, this.key, this.entry, this.reported, tools);
      this.reported = tools;
    } catch (error) {
      if (!gone(run)) {
        this.settings.log.warn({ server: this.key, error: errorText(error) }, 'tools/list failed');
      }
    }
  }

  /** The process is gone: from its transport closing, or a failed handshake. */
  private ended(run: Run, error?: unknown): void {
    if (run.ended) return;
    run.ended = true;
    this.finish(run);
    if (this.run === run) this.run = null;
    clearTimeout(this.idleTimer);
    this.logs.flush();
    if (!run.expected) this.crashed(run, error);
  }

  private crashed(run: Run, error: unknown): void {
    const now = Date.now();
    const exit = exitOf(run.child);
    const uptimeMs = run.pid ? now - run.startedAt : 0;
    const count = this.crashes.record(now);
    const willRestart = count < CRASHES_TO_FAIL;
    const detail = run.killedFor ?? (error === undefined ? this.logs.lastLine : errorText(error));
    const what = run.pid ? exit.text : 'could not be started';
    this.lastError = (detail ? `${what}: ${detail}` : what).slice(0, 1024);
    this.settings.events.emit('mcp.server.crashed', {
      ...processFields(this.key, this.entry),
      process_id: run.pid,
      exit_code: exit.code,
      signal: exit.signal,
      uptime_seconds: Math.round(uptimeMs / 1000),
      crash_count: count,
      will_restart: willRestart,
    });
    this.settings.log.warn({ server: this.key, pid: run.pid, crashes: count }, this.lastError);
    if (willRestart) this.scheduleRestart(run.pid, count, this.crashes.delay(count, uptimeMs));
    else this.fail();
  }

  /** Restarted even when nobody waits for it, so that the server is ready for its next use. */
  private scheduleRestart(oldPid: number, attempt: number, delayMs: number): void {
    this.state = 'restarting';
    this.pendingRestart = { oldPid, attempt };
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      // A failed start is a crash and reported as one; the log line is for anything else.
      this.launch().catch((error: unknown) => {
        this.settings.log.warn({ server: this.key, error: errorText(error) }, 'restart failed');
      });
    }, delayMs);
    this.restartTimer.unref();
  }

  private fail(): void {
    this.state = 'failed';
    this.pendingRestart = null;
    this.settings.events.emit('mcp.server.permanently_failed', {
      ...processFields(this.key, this.entry),
      total_crashes: this.crashes.total,
      last_error: this.lastError,
      failed_at: new Date().toISOString(),
    });
    emitStatus(this.settings.events, this.key, this.entry, 'permanently_failed', this.lastError);
    this.settings.log.error({ server: this.key }, 'server failed for good after repeated crashes');
  }

  private armIdle(): void {
    clearTimeout(this.idleTimer);
    const wait = Math.max(0, this.lastActivity + this.settings.idleMs - Date.now());
    this.idleTimer = setTimeout(() => {
      if (this.state !== 'running') return;
      if (Date.now() - this.lastActivity < this.settings.idleMs) return this.armIdle();
      this.sleep().catch((error: unknown) => {
        this.settings.log.warn({ server: this.key, error: errorText(error) }, 'idle stop failed');
      });
    }, wait);
    this.idleTimer.unref();
  }

  /** Idle for `idleMs`: the process is stopped (dormant) and started again on next use. */
  private async sleep(): Promise<void> {
    const run = this.run;
    if (!run) return;
    const now = Date.now();
    this.settings.events.emit('mcp.server.dormant', {
      ...processFields(this.key, this.entry),
      process_id: run.pid,
      idle_duration_seconds: Math.round((now - this.lastActivity) / 1000),
      last_activity_at: iso(this.lastActivity),
    });
    this.state = 'dormant';
    this.dormantSince = now;
    await this.end(run);
  }

  /** Stops a process on purpose (idle, stop, redeploy): its exit is no crash. */
  private async end(run: Run): Promise<void> {
    run.expected = true;
    this.finish(run);
    if (this.run === run) this.run = null;
    clearTimeout(this.idleTimer);
    await closeChild(run.client, run.child, STOP_WAIT_MS);
    this.logs.flush();
  }

  /** The process no longer counts against the limits, nor is measured. */
  private finish(run: Run): void {
    run.slot.release();
    run.unwatch();
  }

  /**
   * The process as the watchdog sees it. A kill for memory counts as a crash: the server is
   * restarted like after any crash and fails for good at the 4th within the window, so a server
   * that always outgrows its limit does not start over for ever.
   */
  private watched(run: Run): WatchedProcess {
    return {
      pid: run.pid,
      key: this.key,
      entry: this.entry,
      memoryLimitMb: memoryLimitOf(this.entry) ?? this.settings.maxMemoryMb,
      note: (level, message) => {
        // After the server's own last lines, which may explain what it was doing.
        this.logs.flush();
        this.logTarget.lines([{ level, message, timestamp: iso(Date.now()) }]);
      },
      killing: (reason) => {
        run.killedFor = reason;
      },
    };
  }

  private clearTimers(): void {
    clearTimeout(this.restartTimer);
    clearTimeout(this.idleTimer);
    this.restartTimer = undefined;
    this.pendingRestart = null;
  }

  private unavailableReason(): string {
    if (this.entry.enabled === false) return 'disabled';
    if (this.state === 'failed') return `permanently failed (${this.lastError})`;
    return 'no longer configured';
  }
}
