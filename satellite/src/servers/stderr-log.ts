// A server's stderr as `mcp.server.logs` events: batched, cut and rate-limited, so that a chatty
// or looping server cannot flood the satellite's event queue (and Groundstation's log table).

export interface LogLine {
  level: 'error' | 'warn' | 'info';
  message: string;
  timestamp: string;
}

export interface StderrLogTarget {
  lines(lines: LogLine[]): void;
  /** Lines were dropped over the rate limit; reported at most once per `reportEveryMs`. */
  dropped(count: number, windowSeconds: number): void;
}

export interface StderrLogLimits {
  batchLines: number;
  flushMs: number;
  linesPerSecond: number;
  reportEveryMs: number;
  maxLineChars: number;
}

export const DEFAULT_LIMITS: StderrLogLimits = {
  batchLines: 20,
  flushMs: 3000,
  linesPerSecond: 20,
  reportEveryMs: 60_000,
  maxLineChars: 1024,
};

export class StderrLog {
  /** The last line read (even a dropped one): the likeliest cause when the process dies. */
  lastLine = '';
  private partial = '';
  private batch: LogLine[] = [];
  private flushTimer: NodeJS.Timeout | undefined;
  private windowStart = 0;
  private inWindow = 0;
  private droppedCount = 0;
  private droppedSince = 0;
  private lastReport = Number.NEGATIVE_INFINITY;
  private reportTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly target: StderrLogTarget,
    private readonly limits: StderrLogLimits = DEFAULT_LIMITS,
  ) {}

  write(chunk: Buffer | string): void {
    // A stopped server's last words may arrive after the stop: its upstream is gone by then.
    if (this.closed) return;
    const text = this.partial + chunk.toString();
    const lines = text.split(/\r?\n/);
    // A line is complete only at its newline; the rest waits for the next chunk (but not forever).
    this.partial = (lines.pop() ?? '').slice(0, this.limits.maxLineChars * 4);
    for (const line of lines) this.accept(line);
  }

  /** Sends what is batched (and an unfinished last line): the process ended or the pool stops. */
  flush(): void {
    if (this.partial) this.accept(this.partial);
    this.partial = '';
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    if (this.batch.length === 0) return;
    const lines = this.batch;
    this.batch = [];
    this.target.lines(lines);
  }

  /** Flushes and reports pending drops now; nothing is sent after. */
  close(): void {
    this.flush();
    this.closed = true;
    if (this.droppedCount > 0) this.report();
    clearTimeout(this.reportTimer);
    this.reportTimer = undefined;
  }

  private accept(raw: string): void {
    const message = raw.trimEnd();
    if (!message) return;
    this.lastLine = message.slice(0, this.limits.maxLineChars);
    const now = Date.now();
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.inWindow = 0;
    }
    if (this.inWindow >= this.limits.linesPerSecond) return this.drop(now);
    this.inWindow += 1;
    this.batch.push({ level: levelOf(message), message: this.lastLine, timestamp: iso(now) });
    if (this.batch.length >= this.limits.batchLines) this.flush();
    else this.flushTimer ??= setTimeout(() => this.flush(), this.limits.flushMs).unref();
  }

  private drop(now: number): void {
    if (this.droppedCount === 0) this.droppedSince = now;
    this.droppedCount += 1;
    if (this.reportTimer) return;
    // Reported when the current second is over, so one report counts a whole burst, and never
    // sooner than `reportEveryMs` after the previous report.
    const at = Math.max(this.windowStart + 1000, this.lastReport + this.limits.reportEveryMs);
    this.reportTimer = setTimeout(() => this.report(), Math.max(0, at - now)).unref();
  }

  private report(): void {
    this.reportTimer = undefined;
    const now = Date.now();
    const seconds = Math.max(1, Math.round((now - this.droppedSince) / 1000));
    this.target.dropped(this.droppedCount, seconds);
    this.droppedCount = 0;
    this.lastReport = now;
  }
}

/** Servers write everything to stderr; words in the line are the only hint of its severity. */
function levelOf(message: string): LogLine['level'] {
  if (/\b(error|fatal|exception|panic)\b/i.test(message)) return 'error';
  if (/\bwarn(ing)?\b/i.test(message)) return 'warn';
  return 'info';
}

const iso = (ms: number) => new Date(ms).toISOString();
