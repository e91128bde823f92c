import { EVENT_HANDLERS } from '../modules/satellites/events/registry.js';
import type { EventProcessor } from '../modules/satellites/events/processor.js';
import type { Metrics } from './registry.js';

// A refused event's type is whatever the satellite sent; only known types become label values,
// so a misbehaving satellite cannot create unbounded metric series.
const KNOWN_TYPES = new Set(EVENT_HANDLERS.map((h) => h.type));
const labelOf = (type: unknown) =>
  typeof type === 'string' && KNOWN_TYPES.has(type) ? type : 'unknown';

function add(counts: Map<string, number>, type: string) {
  counts.set(type, (counts.get(type) ?? 0) + 1);
}

/** The event processor with its batches timed and its events counted per type and outcome. */
export function instrumentEvents(processor: EventProcessor, metrics: Metrics): EventProcessor {
  return {
    admit: (satellite) => processor.admit(satellite),
    async process(satellite, events) {
      const started = performance.now();
      const result = await processor.process(satellite, events);
      const failedAt = new Set<number>();
      const failed = new Map<string, number>();
      for (const failure of result.failures ?? []) {
        failedAt.add(failure.index);
        add(failed, labelOf(failure.type));
      }
      const processed = new Map<string, number>();
      events.forEach((event, index) => {
        if (!failedAt.has(index)) add(processed, labelOf((event as { type?: unknown }).type));
      });
      metrics.observeEventBatch((performance.now() - started) / 1000, processed, failed);
      return result;
    },
  };
}
