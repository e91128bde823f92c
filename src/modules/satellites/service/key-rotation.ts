import type { UserActor } from '../../../http/auth/types.js';
import type { AuditRequest } from '../../audit/context.js';
import { audit } from '../../audit/writer.js';
import { issueSatelliteKey } from '../keys.js';
import type { SatelliteAccess } from './access.js';
import type { SatelliteServiceDeps } from './deps.js';
import { satelliteView, type SatelliteView } from './view.js';

type KeyDeps = Pick<SatelliteServiceDeps, 'db' | 'repository' | 'keys'> & {
  access: SatelliteAccess;
};

/** Replacing satellites' API keys. */
export interface KeyRotation {
  /** Replaces the satellite's API key (the old one stops at once); the answer shows it once. */
  rotateKey(
    actor: UserActor,
    id: string,
    request: AuditRequest,
  ): Promise<{ satellite: SatelliteView; api_key: string }>;
}

async function rotateKey(deps: KeyDeps, actor: UserActor, id: string, request: AuditRequest) {
  const current = await deps.access.mustManage(actor, id);
  const key = issueSatelliteKey();
  const row = await deps.db.orm.transaction(async (tx) => {
    const updated = await deps.repository.update(
      id,
      { keyId: key.keyId, keyHash: key.keyHash },
      tx,
    );
    await audit(tx, {
      action: 'satellite.key_rotated',
      request,
      teamId: current.teamId,
      target: { type: 'satellite', id },
      details: { key_id: key.keyId },
    });
    return updated;
  });
  deps.keys.forget(id);
  return { satellite: satelliteView(row!), api_key: key.key };
}

export function keyRotation(deps: KeyDeps): KeyRotation {
  return { rotateKey: (actor, id, request) => rotateKey(deps, actor, id, request) };
}
