import type { RegistrationActor } from '../../../http/auth/types.js';
import { RegistrationTokenError } from '../../../http/errors.js';
import { newId } from '../../../lib/ids.js';
import type { AuditRequest } from '../../audit/context.js';
import { audit } from '../../audit/writer.js';
import { issueSatelliteKey } from '../keys.js';
import type { SatelliteServiceDeps } from './deps.js';
import { satelliteView, type SatelliteView } from './view.js';

type PairingDeps = Pick<SatelliteServiceDeps, 'db' | 'repository' | 'clock'>;

export interface RegisterInput {
  name: string;
  capabilities?: string[] | Record<string, unknown>;
  system_info?: Record<string, unknown>;
  satellite_url?: string | null;
}

/** The pairing answer: the DeployStack satellite's top-level `satellite`, and Groundstation's `data`. */
export interface Paired {
  satellite: Pick<SatelliteView, 'id' | 'name' | 'type' | 'team_id' | 'status'> & {
    api_key: string;
  };
  data: { satellite: SatelliteView; api_key: string };
}

/** Pairing a satellite with a registration token. */
export interface PairingJobs {
  /**
   * Pairs a satellite. The token is used up in the same transaction, so only one caller wins.
   * A known name is not taken as a re-registration: docs/satellites.md, Pairing.
   */
  register(actor: RegistrationActor, input: RegisterInput, request: AuditRequest): Promise<Paired>;
}

async function register(
  deps: PairingDeps,
  actor: RegistrationActor,
  input: RegisterInput,
  request: AuditRequest,
): Promise<Paired> {
  const { repository, clock } = deps;
  const key = issueSatelliteKey();
  const id = newId('sat');
  const satellite = await deps.db.orm.transaction(async (tx) => {
    if (!(await repository.consumeToken(actor.tokenId, id, clock(), tx))) {
      // Another request with the same token won the race (or it lapsed meanwhile).
      throw new RegistrationTokenError(
        'token_already_used',
        'The registration token was already used; ask an administrator for a new registration token',
      );
    }
    const row = await repository.insert(
      {
        id,
        name: input.name,
        type: actor.scope,
        teamId: actor.scope === 'team' ? actor.teamId : null,
        keyId: key.keyId,
        keyHash: key.keyHash,
        capabilities: input.capabilities ?? {},
        systemInfo: input.system_info ?? {},
        satelliteUrl: input.satellite_url ?? null,
      },
      tx,
    );
    await audit(tx, {
      action: 'satellite.paired',
      request,
      actor: { type: 'satellite', id },
      teamId: row.teamId,
      target: { type: 'satellite', id },
      details: { registration_token_id: actor.tokenId, scope: actor.scope },
    });
    return row;
  });
  const view = satelliteView(satellite);
  return {
    satellite: {
      id: view.id,
      name: view.name,
      api_key: key.key,
      type: view.type,
      team_id: view.team_id,
      status: view.status,
    },
    data: { satellite: view, api_key: key.key },
  };
}

export function pairingJobs(deps: PairingDeps): PairingJobs {
  return { register: (actor, input, request) => register(deps, actor, input, request) };
}
