import { Paper, SimpleGrid } from '@mantine/core';
import { useSession } from '../../session';
import { ago, when } from '../../ui/format';
import { Field, SatelliteStatus } from './parts';
import type { SatelliteView } from './useSatellite';

/** What the service knows of a satellite: its state, last heartbeat, version and address. */
export function SatelliteDetails({ satellite }: { satellite: SatelliteView }) {
  const { me } = useSession();
  const team = me.teams.find((t) => t.id === satellite.team_id);
  return (
    <Paper withBorder p="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        <Field label="Status">
          <SatelliteStatus status={satellite.status} disabled={satellite.disabled} />
        </Field>
        <Field label="Last heartbeat">
          <span title={when(satellite.last_heartbeat_at)}>{ago(satellite.last_heartbeat_at)}</span>
        </Field>
        <Field label="Version">{satellite.version ?? '—'}</Field>
        <Field label="Scope">
          {satellite.type === 'global' ? 'All teams' : `Team ${team?.name ?? satellite.team_id}`}
        </Field>
        <Field label="MCP URL">{satellite.satellite_url ?? '—'}</Field>
        <Field label="Paired">{when(satellite.created_at)}</Field>
        <Field label="ID">{satellite.id}</Field>
      </SimpleGrid>
    </Paper>
  );
}
