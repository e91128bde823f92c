import type { SatelliteRow } from '../repository.js';

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A satellite as the API shows it. */
export function satelliteView(s: SatelliteRow) {
  return {
    id: s.id,
    name: s.name,
    type: s.type as 'global' | 'team',
    team_id: s.teamId,
    status: s.status,
    disabled: s.disabledAt !== null,
    version: s.version,
    satellite_url: s.satelliteUrl,
    last_heartbeat_at: iso(s.lastHeartbeatAt),
    created_at: s.createdAt.toISOString(),
  };
}

export type SatelliteView = ReturnType<typeof satelliteView>;
