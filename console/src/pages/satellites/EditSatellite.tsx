import { Button, Group, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api, unwrap } from '../../api/client';
import { ErrorNotice } from '../../ui/feedback';
import type { SatelliteView } from './useSatellite';

/** Rename a satellite, move its MCP URL (the audience of its tokens), disable or enable it. */
export function EditSatellite({ satellite }: { satellite: SatelliteView }) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="default" size="sm" onClick={open}>
        Edit
      </Button>
      <Modal opened={opened} onClose={close} title={`Edit ${satellite.name}`}>
        {opened ? <EditForm satellite={satellite} onDone={close} /> : null}
      </Modal>
    </>
  );
}

function EditForm({ satellite, onDone }: { satellite: SatelliteView; onDone: () => void }) {
  const [name, setName] = useState(satellite.name);
  const [url, setUrl] = useState(satellite.satellite_url ?? '');
  const [disabled, setDisabled] = useState(satellite.disabled);
  const queries = useQueryClient();
  const save = useMutation({
    mutationFn: () =>
      unwrap(
        api.PATCH('/api/satellites/{satelliteId}', {
          params: { path: { satelliteId: satellite.id } },
          body: {
            ...(name !== satellite.name ? { name } : {}),
            ...(url !== (satellite.satellite_url ?? '') ? { satellite_url: url } : {}),
            ...(disabled !== satellite.disabled ? { disabled } : {}),
          },
        }),
      ),
    onSuccess: (data) => {
      queries.setQueryData(['satellite', satellite.id], data);
      void queries.invalidateQueries({ queryKey: ['satellites'] });
      onDone();
    },
  });
  const unchanged =
    name === satellite.name &&
    url === (satellite.satellite_url ?? '') &&
    disabled === satellite.disabled;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={submit} aria-label="Edit satellite">
      <Stack>
        <TextInput
          label="Name"
          required
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <TextInput
          label="MCP URL"
          description="Where MCP clients reach it; their tokens must name this URL, so clients sign in again after a change"
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
        />
        <Switch
          label="Disabled (runs no servers)"
          checked={disabled}
          onChange={(e) => setDisabled(e.currentTarget.checked)}
        />
        <ErrorNotice error={save.error} title="Could not save" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending} disabled={unchanged}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
