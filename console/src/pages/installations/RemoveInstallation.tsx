import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api, expectOk } from '../../api/client';
import { ErrorNotice } from '../../ui/feedback';
import { keys, type Installation } from './data';

/** Removing an installation, after saying what it takes away. */
export function RemoveInstallation({
  teamId,
  installation,
}: {
  teamId: string;
  installation: Installation;
}) {
  const [opened, { open, close }] = useDisclosure(false);
  const navigate = useNavigate();
  const queries = useQueryClient();
  const remove = useMutation({
    mutationFn: () =>
      expectOk(
        api.DELETE('/api/teams/{teamId}/mcp/installations/{installationId}', {
          params: { path: { teamId, installationId: installation.id } },
        }),
      ),
    onSuccess: async () => {
      queries.removeQueries({ queryKey: keys.installation(teamId, installation.id) });
      await queries.invalidateQueries({ queryKey: keys.installations(teamId) });
      close();
      void navigate('/installations');
    },
  });
  return (
    <>
      <Button color="red" variant="outline" onClick={open}>
        Remove
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={`Remove ${installation.name}?`}
        closeButtonProps={{ 'aria-label': 'Close' }}
        // Locking the page's scroll injects a style element the CSP refuses.
      >
        <Stack gap="md">
          <Text>
            Every member’s instance stops, their own values are deleted, and MCP clients lose its
            tools. This cannot be undone.
          </Text>
          <ErrorNotice error={remove.error} title="Could not remove" />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button color="red" onClick={() => remove.mutate()} loading={remove.isPending}>
              Remove installation
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
