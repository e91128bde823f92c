import { Button, Checkbox, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api, unwrap } from '../../api/client';
import { ErrorNotice } from '../../ui/feedback';
import { keys, type Server } from './api';

/** Records a release of the server; the first one, or one marked latest, becomes the latest. */
export function AddVersionModal({
  server,
  opened,
  onClose,
}: {
  server: Server;
  opened: boolean;
  onClose: () => void;
}) {
  const queries = useQueryClient();
  const [version, setVersion] = useState('');
  const [releaseDate, setReleaseDate] = useState('');
  const [changelog, setChangelog] = useState('');
  const [latest, setLatest] = useState(true);
  const add = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/api/mcp/servers/{id}/versions', {
          params: { path: { id: server.id } },
          body: {
            version: version.trim(),
            is_latest: latest,
            ...(releaseDate ? { release_date: releaseDate } : {}),
            ...(changelog.trim() ? { changelog } : {}),
          },
        }),
      ),
    onSuccess: async () => {
      await queries.invalidateQueries({ queryKey: keys.versions(server.id) });
      setVersion('');
      setChangelog('');
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={`Add a version of ${server.name}`}>
      <form onSubmit={submit} aria-label="Add a version">
        <Stack>
          <TextInput
            label="Version"
            required
            placeholder="1.2.0"
            value={version}
            onChange={(e) => setVersion(e.currentTarget.value)}
          />
          <TextInput
            label="Release date"
            type="date"
            value={releaseDate}
            onChange={(e) => setReleaseDate(e.currentTarget.value)}
          />
          <Textarea
            label="Changes"
            autosize
            minRows={3}
            value={changelog}
            onChange={(e) => setChangelog(e.currentTarget.value)}
          />
          <Checkbox
            label="This is the latest version"
            checked={latest}
            onChange={(e) => setLatest(e.currentTarget.checked)}
          />
          <ErrorNotice error={add.error} title="Could not add the version" />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Add version
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
