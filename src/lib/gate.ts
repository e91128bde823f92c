/**
 * Runs at most `concurrency` tasks at once, in the order they came; up to `maxWaiting` more
 * wait their turn, and `run` refuses any beyond that at once (`onFull`), so that a flood queues
 * neither memory nor minutes of work behind the requests already admitted.
 */
export function createGate(concurrency: number, maxWaiting: number, onFull: () => Error) {
  let running = 0;
  const waiting: Array<() => void> = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < concurrency) running += 1;
      else if (waiting.length >= maxWaiting) throw onFull();
      // The slot is handed over by `release`: `running` stays as it was.
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
    get waiting() {
      return waiting.length;
    },
  };
}

export type Gate = ReturnType<typeof createGate>;
