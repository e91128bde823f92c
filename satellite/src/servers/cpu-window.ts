// The CPU a server's process tree used over a sliding window, from successive samples of the
// CPU time of its processes, and the episodes in which it is over the CPU limit.
import { TICKS_PER_SECOND } from './proc.js';

/** An episode ends when the average falls below this share of the limit, not at the limit,
 *  so that a server hovering around it is not reported at every other sample. */
const EPISODE_END = 0.8;

interface Sample {
  at: number;
  /** Ticks the tree used since watching began, up to this sample. */
  used: number;
}

export class CpuWindow {
  /** Each process's CPU time at the previous sample. */
  private last = new Map<number, number>();
  private used = 0;
  private samples: Sample[] = [];

  constructor(private readonly windowMs: number) {}

  /**
   * Adds a sample of the tree (CPU ticks by pid, taken at `at`); answers the tree's average
   * over the window in percent of one core, or undefined until a whole window was seen.
   *
   * Time is summed per process rather than for the tree as a whole because the tree changes: a
   * child that exits takes its time with it, and a child that appeared since the previous
   * sample counts whole (it started since). The time a child used between its last sample and
   * its exit is missed, so the figure is a little low for trees of short-lived processes.
   */
  add(at: number, ticksByPid: ReadonlyMap<number, number>): number | undefined {
    const first = this.samples.length === 0;
    for (const [pid, ticks] of ticksByPid) {
      const before = this.last.get(pid);
      if (before !== undefined) this.used += Math.max(0, ticks - before);
      else if (!first) this.used += ticks;
    }
    this.last = new Map(ticksByPid);
    this.samples.push({ at, used: this.used });
    // The oldest sample kept is the newest one at least a window old: the span covers the window.
    while (this.samples.length > 1 && this.samples[1]!.at <= at - this.windowMs) {
      this.samples.shift();
    }
    const oldest = this.samples[0]!;
    const spanMs = at - oldest.at;
    if (spanMs < this.windowMs) return undefined;
    const seconds = (this.used - oldest.used) / TICKS_PER_SECOND;
    return (seconds / (spanMs / 1000)) * 100;
  }
}

/** Over a CPU limit, episode by episode: one report when the average goes over the limit. */
export class CpuEpisodes {
  private over = false;

  constructor(private readonly limitPercent: number) {}

  /** Whether this average starts a new episode; it ends below 80 % of the limit. */
  starts(percent: number): boolean {
    if (this.over) {
      if (percent < this.limitPercent * EPISODE_END) this.over = false;
      return false;
    }
    this.over = percent > this.limitPercent;
    return this.over;
  }
}
