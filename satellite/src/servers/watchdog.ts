// Watches the stdio servers' process trees (a server and every process it started: npx and the
// node it runs, uvx and its python) on Linux. A tree over its memory limit is killed; a tree over
// the CPU limit has its priority lowered. Both are reported as `resource.limit.exceeded`.
import os from 'node:os';
import type { ServerEntry } from '../../../protocol/satellite.js';
import type { EventSink, Log } from '../parts.js';
import { CpuEpisodes, CpuWindow } from './cpu-window.js';
import { errorText } from './fields.js';
import { emitLimitExceeded, oneDecimal } from './limit-events.js';
import {
  childrenIndex,
  readProcessTable,
  residentKb,
  threadsOf,
  treeOf,
  type ProcStat,
} from './proc.js';

/** The most processes of one server's tree measured (and killed): a fork bomb stays cheap. */
const MAX_TREE = 64;

/** A running server process, as the watchdog needs to know it. */
export interface WatchedProcess {
  readonly pid: number;
  readonly key: string;
  readonly entry: ServerEntry;
  /** The most resident memory of the whole tree, in MB; undefined for none. */
  readonly memoryLimitMb: number | undefined;
  /** Writes a line of the satellite's own into the server's log (`mcp.server.logs`). */
  note(level: 'warn' | 'error', message: string): void;
  /** The tree is about to be killed for this reason: its exit is reported with it. */
  killing(reason: string): void;
}

export interface WatchdogOptions {
  events: EventSink;
  log: Log;
  /** How often the processes are sampled. */
  intervalMs: number;
  /** The CPU limit is judged on the average over this window. */
  cpuWindowMs: number;
  /** Percent of one core; undefined for no CPU limit. */
  maxCpuPercent: number | undefined;
}

interface Watch {
  cpu: CpuWindow;
  episodes: CpuEpisodes | undefined;
}

/**
 * Samples every watched tree once per interval with one pass over /proc shared by all of them,
 * and only while something is watched. Elsewhere than on Linux nothing is measured: the limits
 * are not enforced there (docs/satellites.md, "Limits and sandboxing").
 */
export class Watchdog {
  private readonly watched = new Map<WatchedProcess, Watch>();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly options: WatchdogOptions) {}

  /** Starts watching a process when a limit applies to it; the answer stops watching it. */
  watch(target: WatchedProcess): () => void {
    const limited = target.memoryLimitMb !== undefined || this.options.maxCpuPercent !== undefined;
    if (this.closed || process.platform !== 'linux' || !limited) return () => undefined;
    const { cpuWindowMs, maxCpuPercent } = this.options;
    this.watched.set(target, {
      cpu: new CpuWindow(cpuWindowMs),
      episodes: maxCpuPercent === undefined ? undefined : new CpuEpisodes(maxCpuPercent),
    });
    this.schedule();
    return () => {
      this.watched.delete(target);
    };
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.watched.clear();
  }

  /** One round for every watched tree: a memory check, then a CPU check. */
  async sample(): Promise<void> {
    if (this.watched.size === 0) return;
    const table = await readProcessTable();
    const children = childrenIndex(table);
    const now = Date.now();
    for (const [target, watch] of [...this.watched]) {
      // Unwatched while this round read /proc, or already gone: its exit is handled elsewhere.
      if (!this.watched.has(target) || !table.has(target.pid)) continue;
      const tree = treeOf(target.pid, children, MAX_TREE);
      if (await this.overMemory(target, tree)) continue;
      if (this.options.maxCpuPercent !== undefined) {
        await this.checkCpu(target, watch, tree, table, now, this.options.maxCpuPercent);
      }
    }
  }

  /** A new round `intervalMs` after the previous one ended, so that rounds never overlap. */
  private schedule(): void {
    if (this.timer || this.closed || this.watched.size === 0) return;
    this.timer = setTimeout(() => {
      this.sample()
        .catch((error: unknown) =>
          this.options.log.warn({ error: errorText(error) }, 'process sampling failed'),
        )
        .finally(() => {
          this.timer = undefined;
          this.schedule();
        });
    }, this.options.intervalMs);
    this.timer.unref();
  }

  /** Kills the tree when its resident memory is over the limit; whether it did. */
  private async overMemory(target: WatchedProcess, tree: number[]): Promise<boolean> {
    const limit = target.memoryLimitMb;
    if (limit === undefined) return false;
    const kb = (await Promise.all(tree.map(residentKb))).reduce((sum, value) => sum + value, 0);
    if (kb <= limit * 1024 || !this.watched.has(target)) return false;
    this.watched.delete(target);
    const mb = oneDecimal(kb / 1024);
    const reason = `memory ${mb} MB over the limit of ${limit} MB`;
    emitLimitExceeded(this.options.events, target.key, target.entry, {
      resource: 'memory',
      current: mb,
      limit,
      action: 'killed',
      pid: target.pid,
    });
    this.options.log.warn(
      { server: target.key, pid: target.pid, memoryMb: mb, limitMb: limit },
      'server killed: its processes used more memory than allowed',
    );
    target.note('error', `satellite: killed the server's processes: ${reason}`);
    target.killing(reason);
    // Children first: a parent killed first could leave them to init before they are reached.
    for (const pid of [...tree].reverse()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // exited meanwhile
      }
    }
    return true;
  }

  private async checkCpu(
    target: WatchedProcess,
    watch: Watch,
    tree: number[],
    table: ReadonlyMap<number, ProcStat>,
    now: number,
    limit: number,
  ): Promise<void> {
    const ticks = new Map(tree.map((pid) => [pid, table.get(pid)?.ticks ?? 0]));
    const percent = watch.cpu.add(now, ticks);
    if (percent === undefined || !watch.episodes?.starts(percent)) return;
    if (!this.watched.has(target)) return;
    const current = oneDecimal(percent);
    const seconds = Math.round(this.options.cpuWindowMs / 1000);
    emitLimitExceeded(this.options.events, target.key, target.entry, {
      resource: 'cpu',
      current,
      limit,
      action: 'priority_lowered',
      pid: target.pid,
    });
    this.options.log.warn(
      { server: target.key, pid: target.pid, cpuPercent: current, limitPercent: limit },
      'server over its CPU limit: its priority is lowered',
    );
    target.note(
      'warn',
      `satellite: CPU ${current}% of one core over ${seconds} s is over the limit of ${limit}%; the server's priority is lowered`,
    );
    await lowerPriority(tree);
  }
}

/**
 * The lowest priority for every thread of the tree. Linux keeps a nice value per thread and
 * setpriority() on a pid changes only the thread of that id, so each thread is set; threads
 * and processes started later inherit it. An unprivileged satellite cannot raise it again, so
 * it stays low for the rest of the process's life; a restarted process starts at normal.
 */
async function lowerPriority(tree: number[]): Promise<void> {
  for (const pid of tree) {
    for (const tid of await threadsOf(pid)) {
      try {
        os.setPriority(tid, os.constants.priority.PRIORITY_LOW);
      } catch {
        // exited meanwhile
      }
    }
  }
}
