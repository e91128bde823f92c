import type { Logger } from 'pino';
import type { Database } from '../db/client.js';
import { createStreamSignals, type StreamSignals } from '../http/stream/signals.js';
import type { Clock } from '../lib/clock.js';
import { createRemembered, type Remembered } from '../lib/remembered.js';

/**
 * Answers remembered per replica until the database raises `topic` (its triggers' signal):
 * every replica forgets on hearing it, and while signals may have been lost nothing
 * remembered is used (lib/remembered.ts).
 */
export type Remembering = <T>(topic: string, heldMs: number, maxEntries: number) => Remembered<T>;

/** What every module may ask for; each module's deps interface picks the parts it uses. */
export interface ModuleContext {
  db: Database;
  clock: Clock;
  logger: Logger;
  /** Wakes live streams when a write adds their items (docs/streams.md). */
  signals: StreamSignals;
  remembering: Remembering;
  /** BASE_URL: where the service is reached, and the issuer of what it signs. */
  baseUrl: string;
}

/** The shared context of one application: its signals, and caches that listen to them. */
export function createModuleContext(deps: {
  db: Database;
  clock: Clock;
  logger: Logger;
  baseUrl: string;
}): ModuleContext {
  const { db, clock, logger } = deps;
  const signals = createStreamSignals(db, logger);
  function remembering<T>(topic: string, heldMs: number, maxEntries: number) {
    const remembered = createRemembered<T>({
      heldMs,
      clock,
      hearing: () => signals.listening,
      maxEntries,
    });
    signals.observe((heard) => {
      if (heard === null || heard === topic) remembered.forgetAll();
    });
    return remembered;
  }
  return { db, clock, logger, signals, remembering, baseUrl: deps.baseUrl };
}
