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

  const bucketOf = (key: string, now: number) => {
    let bucket = buckets.get(key);
    if (bucket) refill(bucket, now);
    else {
      if (buckets.size >= maxKeys) makeRoom(now);
      bucket = { tokens: rule.burst, at: now };
      buckets.set(key, bucket);
    }
    return bucket;
  };
  /** Whole seconds until `cost` tokens are there (at least 1 when they are not). */
  const secondsUntil = (bucket: Bucket, cost: number) =>
    bucket.tokens >= cost ? 0 : Math.max(1, Math.ceil((cost - bucket.tokens) / rule.perSecond));

  return {
    /**
     * Takes `cost` tokens (one request, or the rows a batch writes): 0 when the request may go
     * ahead, else whole seconds until it may. A cost above the burst is charged as a full bucket,
     * so that it waits for a full bucket instead of never passing.
     */
    take(key: string, cost = 1): number {
      const bucket = bucketOf(key, clock().getTime());
      const wait = secondsUntil(bucket, Math.min(cost, rule.burst));
      if (wait === 0) bucket.tokens -= Math.min(cost, rule.burst);
      return wait;
    },
    /**
     * Takes `cost` tokens whatever is left: work that was let in on credit and measured after
     * (the rows of a batch). The bucket may go below empty; `peek` then waits until it is repaid.
     */
    charge(key: string, cost: number): void {
      bucketOf(key, clock().getTime()).tokens -= cost;
    },
    /** What `take` would answer, taking nothing: to check several buckets before charging any. */
    peek(key: string, cost = 1): number {
      return secondsUntil(bucketOf(key, clock().getTime()), Math.min(cost, rule.burst));
    },
    get size() {
      return buckets.size;
    },
  };
}

export type TokenBuckets = ReturnType<typeof createTokenBuckets>;
