import { SATELLITE_KEY_PREFIX } from '../../http/auth/credentials.js';
import type { SatelliteActor } from '../../http/auth/types.js';
import { randomBase62 } from '../../lib/ids.js';
import { secretMatches, sha256Hex } from '../../lib/crypto.js';
import type { Clock } from '../../lib/clock.js';
import type { SatelliteRepository } from './repository.js';

const KEY_PATTERN = /^ssk_([0-9A-Za-z]{16})_([0-9A-Za-z]{43})$/;

/** `ssk_<key id>_<secret>`: the key id finds the row by index, the secret is checked by SHA-256. */
export function issueSatelliteKey() {
  const keyId = randomBase62(16);
  const secret = randomBase62(43);
  return { keyId, keyHash: sha256Hex(secret), key: `${SATELLITE_KEY_PREFIX}${keyId}_${secret}` };
}

interface Remembered {
  keyHash: string;
  actor: SatelliteActor;
  until: number;
}

/**
 * The credential resolver for satellite keys: one indexed lookup and a constant-time check.
 * A found key is remembered for `cacheMs` so that a satellite's steady stream of requests does
 * not cost a query each; the secret is still compared on every request, and `forget` drops a
 * satellite at once when it is disabled, deleted or given a new key.
 */
export function createSatelliteKeyResolver(
  repository: SatelliteRepository,
  options: { cacheMs: number; clock: Clock },
) {
  const remembered = new Map<string, Remembered>();

  async function lookup(keyId: string): Promise<Remembered | null> {
    const now = options.clock().getTime();
    const hit = remembered.get(keyId);
    if (hit && hit.until > now) return hit;
    remembered.delete(keyId);
    const row = await repository.findByKeyId(keyId);
    if (!row) return null;
    const entry = {
      keyHash: row.keyHash,
      until: now + options.cacheMs,
      actor: {
        type: 'satellite' as const,
        satelliteId: row.id,
        teamId: row.teamId,
        satelliteType: row.type as 'global' | 'team',
        disabled: row.disabledAt !== null,
      },
    };
    if (options.cacheMs > 0) remembered.set(keyId, entry);
    return entry;
  }

  return {
    async resolve(key: string): Promise<SatelliteActor | null> {
      const match = KEY_PATTERN.exec(key);
      if (!match) return null;
      const entry = await lookup(match[1]!);
      if (!entry || !secretMatches(match[2]!, entry.keyHash)) return null;
      return { ...entry.actor };
    },
    forget(satelliteId: string) {
      for (const [keyId, entry] of remembered)
        if (entry.actor.satelliteId === satelliteId) remembered.delete(keyId);
    },
  };
}

export type SatelliteKeyResolver = ReturnType<typeof createSatelliteKeyResolver>;
