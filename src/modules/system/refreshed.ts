type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * A value that is loaded once and then refreshed in the background, so that callers asking
 * thousands of times a second cost no round trip each. The first caller waits for the first load;
 * after that every caller gets the latest settled answer (a value or the error it failed with)
 * at once, and an answer older than `maxAgeMs` starts one refresh behind the scenes. So an answer
 * is at most `maxAgeMs` plus one load old, and an idle service does no work at all.
 */
export function createRefreshed<T>(load: () => Promise<T>, maxAgeMs: number) {
  let latest: { settled: Settled<T>; at: number } | null = null;
  let inFlight: Promise<void> | null = null;
  // Bumped by `invalidate`: a load that began before it must not overwrite a newer answer.
  let generation = 0;

  function refresh(): Promise<void> {
    if (inFlight) return inFlight;
    const started = generation;
    const loading: Promise<void> = load()
      .then(
        (value): Settled<T> => ({ ok: true, value }),
        (error: unknown): Settled<T> => ({ ok: false, error }),
      )
      .then((settled) => {
        if (inFlight === loading) inFlight = null;
        if (started === generation) latest = { settled, at: performance.now() };
      });
    inFlight = loading;
    return loading;
  }

  function answer(settled: Settled<T>): T {
    if (settled.ok) return settled.value;
    throw settled.error;
  }

  return {
    async get(): Promise<T> {
      while (latest === null) await refresh();
      if (performance.now() - latest.at > maxAgeMs) void refresh();
      return answer(latest.settled);
    },
    /** After a change this process made itself: the next caller waits for a fresh load. */
    invalidate() {
      generation++;
      latest = null;
      inFlight = null;
    },
  };
}
