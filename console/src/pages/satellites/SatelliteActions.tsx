import { Alert, Button, Code, CopyButton, Group, Modal, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api, expectOk, unwrap } from '../../api/client';
import { useSession } from '../../session';
import { ConfirmButton } from './parts';
import type { SatelliteView } from './useSatellite';
import { EditSatellite } from './EditSatellite';

/** Whether the member administers this satellite (the API decides again on every change). */
function useManages(satellite: SatelliteView) {
  const { can, me } = useSession();
  if (satellite.type === 'global') return can('satellites.manage');
  return (
    can('satellites.manage') ||
    me.teams.some((t) => t.id === satellite.team_id && t.role === 'team_admin')
  );
}

/** Edit, rotate the key of, or remove a satellite. */
export function SatelliteActions({ satellite }: { satellite: SatelliteView }) {
  const manages = useManages(satellite);
  const queries = useQueryClient();
  const navigate = useNavigate();
  const [apiKey, setApiKey] = useState<string | null>(null);
  if (!manages) return null;
  const path = { params: { path: { satelliteId: satellite.id } } };
  return (
    <Group gap="xs" wrap="wrap">
      <EditSatellite satellite={satellite} />
      <ConfirmButton
        label="Rotate key"
        title="Rotate this satellite’s API key?"
        confirmLabel="Rotate key"
        buttonProps={{ size: 'sm' }}
        onConfirm={async () => {
          const rotated = await unwrap(api.POST('/api/satellites/{satelliteId}/rotate-key', path));
          setApiKey(rotated.api_key);
          void queries.invalidateQueries({ queryKey: ['satellite', satellite.id] });
        }}
      >
        The current key stops working at once: the satellite cannot report or serve until it is
        given the new key, which is shown only once.
      </ConfirmButton>
      <ConfirmButton
        label="Remove"
        title={`Remove ${satellite.name}?`}
        confirmLabel="Remove satellite"
        buttonProps={{ size: 'sm' }}
        onConfirm={() => expectOk(api.DELETE('/api/satellites/{satelliteId}', path))}
        onDone={() => {
          void queries.invalidateQueries({ queryKey: ['satellites'] });
          void navigate('/satellites');
        }}
      >
        Its key stops working and it no longer runs servers for any team. To use it again, pair it
        anew with a registration token.
      </ConfirmButton>
      <NewKey apiKey={apiKey} onClose={() => setApiKey(null)} />
    </Group>
  );
}

function NewKey({ apiKey, onClose }: { apiKey: string | null; onClose: () => void }) {
  return (
    <Modal opened={apiKey !== null} onClose={onClose} title="The new API key" size="lg">
      <Stack>
        <Alert color="yellow" variant="default" title="Copy it now">
          This key is shown only this once. Put it in the satellite’s saved credentials (its data
          folder) or pair the satellite again.
        </Alert>
        <Code block tabIndex={0}>
          {apiKey}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={apiKey ?? ''}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? 'Key copied' : 'Copy key'}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
