import { describe, expect, it } from 'vitest';
import { createLimit } from '../../../satellite/src/servers/limit.js';

describe('starts of server processes', () => {
  it('run at most n at once, the others in the order they came', async () => {
    const run = createLimit(2);
    let active = 0;
    let most = 0;
    const order: number[] = [];
    const task = (n: number) =>
      run(async () => {
        active += 1;
        most = Math.max(most, active);
        await new Promise((resolve) => setTimeout(resolve, 10));
        order.push(n);
        active -= 1;
        return n;
      });
    const results = await Promise.all([1, 2, 3, 4, 5].map(task));
    expect(results).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(order.slice(2)).toEqual([3, 4, 5]);
  });

  it('free their place when a start fails', async () => {
    const run = createLimit(1);
    await expect(run(() => Promise.reject(new Error('no such command')))).rejects.toThrow();
    await expect(run(async () => 'started')).resolves.toBe('started');
  });
});
