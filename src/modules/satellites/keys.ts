import { SATELLITE_KEY_PREFIX } from '../../http/auth/credentials.js';
import type { SatelliteActor } from '../../http/auth/types.js';
import { randomBase62 } from '../../lib/ids.js';
import { secretMatches, sha256Hex } from '../../lib/crypto.js';
import type { SatelliteRepository } from './repository.js';

const KEY_PATTERN = /^ssk_([0-9A-Za-z]{16})_([0-9A-Za-z]{43})$/;

/** `ssk_<key id>_<secret>`: the key id finds the row by index, the secret is checked by SHA-256. */
export function issueSatelliteKey() {
  const keyId = randomBase62(16);
  const secret = randomBase62(43);
  return { keyId, keyHash: sha256Hex(secret), key: `${SATELLITE_KEY_PREFIX}${keyId}_${secret}` };
}

/** The credential resolver for satellite keys: one indexed lookup and a constant-time check. */
export function createSatelliteKeyResolver(repository: SatelliteRepository) {
  return async (key: string): Promise<SatelliteActor | null> => {
    const match = KEY_PATTERN.exec(key);
    if (!match) return null;
    const row = await repository.findByKeyId(match[1]!);
    if (!row || !secretMatches(match[2]!, row.keyHash)) return null;
    return {
      type: 'satellite',
      satelliteId: row.id,
      teamId: row.teamId,
      satelliteType: row.type as 'global' | 'team',
      disabled: row.disabledAt !== null,
    };
  };
}
