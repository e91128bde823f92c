import type { Clock } from '../../lib/clock.js';

export interface BucketRule {
  /** Tokens added per second: the sustained rate. */
  perSecond: number;
  /** Tokens a full bucket holds: the largest burst. */
  burst: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * Token buckets in this process's memory, for routes where a database round trip per request
 * would cost more than the work it protects (a satellite's event batches). Each replica counts on
 * its own, so N replicas together allow up to N times the rate.
 */
export function createTokenBuckets(rule: BucketRule, clock: Clock, maxKeys = 100_000) {
  const buckets = new Map<string, Bucket>();
  const refill = (bucket: Bucket, now: number) => {
    const elapsed = Math.max(0, now - bucket.at);
    bucket.tokens = Math.min(rule.burst, bucket.tokens + (elapsed * rule.perSecond) / 1000);
    bucket.at = now;
  };

  /**
   * Keeps memory bounded when many addresses appear: full buckets are dropped first (a missing
   * bucket is a full one); if that frees too little, the longest-known keys go, which at worst
   * gives those keys a fresh burst.
   */
  function makeRoom(now: number) {
    for (const [key, bucket] of buckets) {
      refill(bucket, now);
      if (bucket.tokens >= rule.burst) buckets.delete(key);
    }
    const target = Math.floor(maxKeys * 0.9);
    for (const key of buckets.keys()) {
      if (buckets.size <= target) break;
      buckets.delete(key);
    }
  }

  return {
    /** Takes one token: 0 when the request may go ahead, else whole seconds until it may. */
    take(key: string): number {
      const now = clock().getTime();
      let bucket = buckets.get(key);
      if (bucket) refill(bucket, now);
      else {
        if (buckets.size >= maxKeys) makeRoom(now);
        bucket = { tokens: rule.burst, at: now };
        buckets.set(key, bucket);
      }
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return 0;
      }
      return Math.max(1, Math.ceil((1 - bucket.tokens) / rule.perSecond));
    },
    get size() {
      return buckets.size;
    },
  };
}

export type TokenBuckets = ReturnType<typeof createTokenBuckets>;
