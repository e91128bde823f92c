import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api, ApiError, expectOk } from '../../api/client';
import { useSession } from '../../session';
import { ErrorNotice } from '../../ui/feedback';
import { keys, type Server } from './api';
import { EditServerModal } from './ServerFormModal';

function DeleteServerModal({
  server,
  opened,
  onClose,
}: {
  server: Server;
  opened: boolean;
  onClose: () => void;
}) {
  const queries = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: (force: boolean) =>
      expectOk(
        api.DELETE('/api/mcp/servers/global/{id}', {
          params: { path: { id: server.id }, query: force ? { force: 'true' } : {} },
        }),
      ),
    onSuccess: async () => {
      queries.removeQueries({ queryKey: keys.server(server.id) });
      await queries.invalidateQueries({ queryKey: keys.all });
      void navigate('/catalogue', { replace: true });
    },
  });
  // Teams have it installed: the API says how many; removing it anyway removes theirs too.
  const inUse = remove.error instanceof ApiError && remove.error.code === 'SERVER_IN_USE';
  return (
    <Modal opened={opened} onClose={onClose} title={`Delete ${server.name}?`}>
      <Stack>
        <Text>
          {server.name} leaves the catalogue: no team can install it any more. This cannot be
          undone.
        </Text>
        <ErrorNotice error={remove.error} title="Could not delete the server" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep it
          </Button>
          {inUse ? (
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate(true)}>
              Delete it and those installations
            </Button>
          ) : (
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate(false)}>
              Delete server
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

/** Edit and Delete, for administrators holding those permissions. */
export function ServerAdminActions({ server }: { server: Server }) {
  const { can } = useSession();
  const [editing, edit] = useDisclosure();
  const [deleting, del] = useDisclosure();
  const canEdit = can('mcp.servers.global.edit');
  const canDelete = can('mcp.servers.global.delete');
  return (
    <>
      {canEdit ? (
        <Button variant="default" onClick={edit.open}>
          Edit
        </Button>
      ) : null}
      {canDelete ? (
        <Button variant="default" color="red" onClick={del.open}>
          Delete
        </Button>
      ) : null}
      {canEdit ? <EditServerModal server={server} opened={editing} onClose={edit.close} /> : null}
      {canDelete ? (
        <DeleteServerModal server={server} opened={deleting} onClose={del.close} />
      ) : null}
    </>
  );
}
