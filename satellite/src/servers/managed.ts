// What the pool needs of an upstream beyond what the other parts see.
import type { HeartbeatProcess } from '../../../protocol/satellite.js';
import type { Upstream } from '../parts.js';

export type StopReason = 'removed' | 'replaced' | 'shutdown';

export interface ManagedUpstream extends Upstream {
  /** Ends it for good: the process is stopped and the upstream no longer available. */
  stop(reason: StopReason): Promise<void>;
  /** Stops the process and forgets the tools and crashes; the next use starts afresh. */
  redeploy(): Promise<void>;
  /** The heartbeat's view of the process, or null when there is none worth reporting. */
  heartbeat(): HeartbeatProcess | null;
}

export const iso = (ms: number) => new Date(ms).toISOString();
