// The pool's small parts on their own: stderr batching and rate limit, the child's environment,
// the restart policy.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CrashHistory } from '../../../satellite/src/servers/crashes.js';
import { childEnvironment } from '../../../satellite/src/servers/environment.js';
import {
  DEFAULT_LIMITS,
  StderrLog,
  type LogLine,
} from '../../../satellite/src/servers/stderr-log.js';
import { fixtureEntry } from './helpers.js';

describe('StderrLog', () => {
  let batches: LogLine[][];
  let drops: Array<[number, number]>;
  let log: StderrLog;

  beforeEach(() => {
    vi.useFakeTimers();
    batches = [];
    drops = [];
    log = new StderrLog({
      lines: (lines) => batches.push(lines),
      dropped: (count, seconds) => drops.push([count, seconds]),
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends 20 lines at once, the rest after 3 seconds, lines split across chunks whole', () => {
    const text = Array.from({ length: 20 }, (_, i) => `line ${i}`).join('\n');
    log.write(text.slice(0, 17));
    log.write(`${text.slice(17)}\n`);
    expect(batches.map((batch) => batch.length)).toEqual([20]);
    expect(batches[0]![2]!.message).toBe('line 2');
    vi.advanceTimersByTime(1000);
    log.write('more\n'.repeat(5));
    vi.advanceTimersByTime(2999);
    expect(batches).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(batches.map((batch) => batch.length)).toEqual([20, 5]);
  });

  it('cuts lines at 1024 characters and guesses their level', () => {
    log.write(`${'x'.repeat(3000)}\nError: boom\nWarning: careful\n\n`);
    log.flush();
    const [long, error, warning] = batches[0]!;
    expect(long!.message).toHaveLength(1024);
    expect([long!.level, error!.level, warning!.level]).toEqual(['info', 'error', 'warn']);
    expect(batches[0]).toHaveLength(3);
  });

  it('drops lines over 20 a second and reports them at most once a minute', () => {
    log.write('a\n'.repeat(50));
    vi.advanceTimersByTime(1000);
    expect(drops).toEqual([[30, 1]]);
    log.write('b\n'.repeat(25));
    vi.advanceTimersByTime(30_000);
    expect(drops).toHaveLength(1);
    vi.advanceTimersByTime(30_000);
    expect(drops).toEqual([
      [30, 1],
      [5, 60],
    ]);
    expect(batches.flat()).toHaveLength(40);
    expect(DEFAULT_LIMITS.linesPerSecond).toBe(20);
  });

  it('flushes and reports pending drops when closed', () => {
    log.write('a\n'.repeat(22));
    log.write('unfinished');
    log.close();
    expect(
      batches
        .flat()
        .map((line) => line.message)
        .at(-1),
    ).toBe('a');
    expect(drops).toEqual([[3, 1]]);
  });
});

describe('childEnvironment', () => {
  it('passes the entry’s variables and a minimal base, nothing else', () => {
    process.env.POOL_TEST_SECRET = 'hunter2';
    try {
      const env = childEnvironment(fixtureEntry('usr_a'), '/data/instances/x', undefined);
      expect(env.API_TOKEN).toBe('token-of-usr_a');
      expect(env.HOME).toBe('/data/instances/x');
      expect(env.PATH).toBe(process.env.PATH);
      expect(env.POOL_TEST_SECRET).toBeUndefined();
      const allowed = ['API_TOKEN', 'HOME', 'PATH', 'LANG', 'SystemRoot', 'USERPROFILE'];
      expect(Object.keys(env).filter((name) => !allowed.includes(name))).toEqual([]);
    } finally {
      delete process.env.POOL_TEST_SECRET;
    }
  });

  it('limits the heap of node and npx servers only', () => {
    const node = { ...fixtureEntry('usr_a'), command: '/usr/bin/node' };
    expect(childEnvironment(node, '/h', 256).NODE_OPTIONS).toBe('--max-old-space-size=256');
    const npx = {
      ...fixtureEntry('usr_a'),
      command: 'npx',
      env: { NODE_OPTIONS: '--no-warnings' },
    };
    expect(childEnvironment(npx, '/h', 128).NODE_OPTIONS).toBe(
      '--no-warnings --max-old-space-size=128',
    );
    const python = { ...fixtureEntry('usr_a'), command: 'uvx' };
    expect(childEnvironment(python, '/h', 128).NODE_OPTIONS).toBeUndefined();
    expect(childEnvironment(node, '/h', undefined).NODE_OPTIONS).toBeUndefined();
  });
});

describe('CrashHistory', () => {
  it('counts crashes within the window and picks the restart delay', () => {
    const history = new CrashHistory(60_000, [1000, 5000, 15000]);
    expect(history.record(0)).toBe(1);
    expect(history.delay(1, 500)).toBe(1000);
    expect(history.record(1000)).toBe(2);
    expect(history.delay(2, 500)).toBe(5000);
    expect(history.delay(3, 500)).toBe(15000);
    expect(history.delay(9, 500)).toBe(15000);
    // A process that ran over a minute was healthy: restarted at once.
    expect(history.delay(2, 61_000)).toBe(0);
    // Crashes older than the window no longer count.
    expect(history.record(61_500)).toBe(1);
    expect(history.total).toBe(3);
  });
});
