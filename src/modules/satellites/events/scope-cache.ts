import type { Clock } from '../../../lib/clock.js';
import { createRemembered } from '../../../lib/remembered.js';

/** An installation as event batches need it: where it belongs and what it lets them keep. */
export interface InstallationScope {
  id: string;
  teamId: string;
  name: string;
  satelliteId: string | null;
  settings: { request_logging_enabled: boolean };
}

/** The topic the database raises when a remembered fact may have changed (migration 0016). */
export const SCOPE_TOPIC = 'scope';

/** Per kind of fact; far more than the installations and members a replica's satellites name. */
const MAX_ENTRIES = 20_000;

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
 * change also forgets at once, before answering (http/forget-on-change.ts), so that the next
 * batch after the answer sees the change there.
 */
export function createScopeCache(options: {
  heldMs: number;
  clock: Clock;
  hearing: () => boolean;
}) {
  const kind = <T>() => createRemembered<T>({ ...options, maxEntries: MAX_ENTRIES });
  const installations = kind<InstallationScope>();
  const instances = kind<string>();
  const members = kind<true>();
  // The three are always forgotten together, so their epochs stay equal.
  const all = [installations, instances, members];

  return {
    /** To pass to `remember`: taken before the database is asked. */
    epoch: () => installations.epoch(),

    installation: (id: string): InstallationScope | undefined => installations.get(id),
    /** The instance id of `instanceKey(installation, user)`, if remembered. */
    instance: (key: string): string | undefined => instances.get(key),
    /** Whether `memberKey(team, user)` is remembered as a membership. */
    member: (key: string): boolean => members.get(key) === true,

    /** Remembers what the database said, unless something was forgotten since `readEpoch`. */
    remember(
      readEpoch: number,
      read: {
        installations: Iterable<InstallationScope>;
        instances: Iterable<[string, string]>;
        members: Iterable<string>;
      },
    ) {
      installations.remember(
        readEpoch,
        [...read.installations].map((i) => [i.id, i] as [string, InstallationScope]),
      );
      instances.remember(readEpoch, read.instances);
      members.remember(
        readEpoch,
        [...read.members].map((key) => [key, true] as [string, true]),
      );
    },

    forgetAll() {
      for (const kind of all) kind.forgetAll();
    },

    get size() {
      return installations.size + instances.size + members.size;
    },
  };
}

export type ScopeCache = ReturnType<typeof createScopeCache>;
