/**
 * Runs at most `concurrency` tasks at once, the others in the order they came. Starting a server
 * process is the costliest thing the satellite does (a runtime booting, its handshake, its tool
 * list): a hundred members calling at once must not start a hundred processes at once and starve
 * everything else on the machine, the service's own requests included.
 */
export function createLimit(concurrency: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running < concurrency) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

export type Limit = ReturnType<typeof createLimit>;
