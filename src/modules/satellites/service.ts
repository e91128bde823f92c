import { satelliteAccess } from './service/access.js';
import { satelliteChannels, type SatelliteChannels } from './service/channels.js';
import type { SatelliteServiceDeps } from './service/deps.js';
import { satelliteLiveness, type SatelliteLiveness } from './service/heartbeats.js';
import { keyRotation, type KeyRotation } from './service/key-rotation.js';
import { satelliteManagement, type SatelliteManagement } from './service/management.js';
import { pairingJobs, type PairingJobs } from './service/pairing.js';
import {
  registrationTokenJobs,
  type RegistrationTokenJobs,
} from './service/registration-tokens.js';

export { HEARTBEAT_INTERVAL_SECONDS } from './service/heartbeats.js';
export type { SatelliteServiceDeps, SatelliteSettings } from './service/deps.js';
export { satelliteView } from './service/view.js';

/**
 * Everything about satellites but their event batches (events/): registration tokens and
 * pairing, the administration of satellites and their keys, heartbeats, and the channels a
 * satellite fetches. Each job is its own part (service/).
 */
export interface SatelliteService
  extends
    RegistrationTokenJobs,
    PairingJobs,
    SatelliteManagement,
    KeyRotation,
    SatelliteLiveness,
    SatelliteChannels {}

export function createSatelliteService(deps: SatelliteServiceDeps): SatelliteService {
  // Who may manage which satellite or token: shared by the administration parts.
  const access = satelliteAccess(deps);
  // Commands and configuration live in their own modules (commands.ts, configuration.ts).
  const channels = satelliteChannels(deps);
  return {
    ...registrationTokenJobs({ ...deps, access }),
    ...pairingJobs(deps),
    ...satelliteManagement({ ...deps, access }),
    ...keyRotation({ ...deps, access }),
    ...satelliteLiveness({ ...deps, materializeCommands: channels.commands.materialize }),
    ...channels,
  };
}
