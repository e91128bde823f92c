// When a crashed server is started again, and when it is given up on. A process the watchdog
// killed for its memory (watchdog.ts) counts as crashed too: one that always outgrows its limit
// ends permanently failed instead of being started over for ever.

/** Crashes 1 to 3 within the window are restarted; the 4th fails the server for good. */
export const CRASHES_TO_FAIL = 4;

/** A process that ran this long before crashing was healthy: it is restarted at once. */
const HEALTHY_RUN_MS = 60_000;

export class CrashHistory {
  /** Every crash since the last redeploy, for the heartbeat's error count. */
  total = 0;
  private times: number[] = [];

  constructor(
    private readonly windowMs: number,
    private readonly delaysMs: readonly number[],
  ) {}

  /** Records a crash; how many fell within the window, this one included. */
  record(now: number): number {
    this.total += 1;
    this.times = this.times.filter((at) => now - at < this.windowMs);
    this.times.push(now);
    return this.times.length;
  }

  /** The wait before the restart after the `count`th crash of a process that ran `uptimeMs`. */
  delay(count: number, uptimeMs: number): number {
    if (uptimeMs > HEALTHY_RUN_MS) return 0;
    const index = Math.min(count - 1, this.delaysMs.length - 1);
    return this.delaysMs[Math.max(0, index)] ?? 0;
  }

  reset(): void {
    this.total = 0;
    this.times = [];
  }
}
