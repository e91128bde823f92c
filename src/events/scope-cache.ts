import type { Clock } from '../lib/clock.js';
import type { InstallationScope } from './scope.js';

/** The topic the database raises when a remembered fact may have changed (migration 0016). */
export const SCOPE_TOPIC = 'scope';

/** Per kind of fact; far more than the installations and members a replica's satellites name. */
const MAX_ENTRIES = 20_000;

interface Entry<T> {
  value: T;
  /** Clock time (ms) when the database said so. */
  at: number;
}

/**
 * What event batches looked up about installations, instances and memberships, remembered per
 * replica so that a satellite's steady stream of batches costs one round trip each, not two.
 * Only facts that exist are remembered (an installation, a member's instance, a membership):
 * an event naming something unknown is always asked about again.
 *
 * Facts are used for `heldMs` at most, and only while `hearing()` says that this replica hears
 * the `scope` signal, which the database raises when one of them may have changed (triggers of
 * migration 0016). Hearing it forgets everything. A read that began before a forget is not
 * remembered (the epoch), so it cannot put an old answer back. The replica that serves a user's
 * change also forgets at once, before answering (app.ts), so that the next batch after the
 * answer sees the change there.
 */
export function createScopeCache(options: {
  heldMs: number;
  clock: Clock;
  hearing: () => boolean;
}) {
  const installations = new Map<string, Entry<InstallationScope>>();
  const instances = new Map<string, Entry<string>>();
  const members = new Map<string, Entry<true>>();
  let epoch = 0;

  const usable = () => options.heldMs > 0 && options.hearing();

  function fresh<T>(map: Map<string, Entry<T>>, key: string, now: number): T | undefined {
    const entry = map.get(key);
    if (!entry) return undefined;
    if (entry.at + options.heldMs > now) return entry.value;
    map.delete(key);
    return undefined;
  }

  function put<T>(map: Map<string, Entry<T>>, key: string, value: T, now: number) {
    if (map.size >= MAX_ENTRIES) map.clear();
    map.set(key, { value, at: now });
  }

  return {
    /** To pass to `remember`: taken before the database is asked. */
    epoch: () => epoch,

    installation(id: string): InstallationScope | undefined {
      return usable() ? fresh(installations, id, options.clock().getTime()) : undefined;
    },
    /** The instance id of `instanceKey(installation, user)`, if remembered. */
    instance(key: string): string | undefined {
      return usable() ? fresh(instances, key, options.clock().getTime()) : undefined;
    },
    /** Whether `memberKey(team, user)` is remembered as a membership. */
    member(key: string): boolean {
      return usable() && fresh(members, key, options.clock().getTime()) === true;
    },

    /** Remembers what the database said, unless something was forgotten since `readEpoch`. */
    remember(
      readEpoch: number,
      read: {
        installations: Iterable<InstallationScope>;
        instances: Iterable<[string, string]>;
        members: Iterable<string>;
      },
    ) {
      if (readEpoch !== epoch || !usable()) return;
      const now = options.clock().getTime();
      for (const installation of read.installations)
        put(installations, installation.id, installation, now);
      for (const [key, id] of read.instances) put(instances, key, id, now);
      for (const key of read.members) put(members, key, true as const, now);
    },

    forgetAll() {
      epoch++;
      installations.clear();
      instances.clear();
      members.clear();
    },

    get size() {
      return installations.size + instances.size + members.size;
    },
  };
}

export type ScopeCache = ReturnType<typeof createScopeCache>;
