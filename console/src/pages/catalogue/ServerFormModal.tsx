import { Modal } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api, unwrap } from '../../api/client';
import { ErrorNotice } from '../../ui/feedback';
import { keys, type Server } from './api';
import { ServerForm } from './ServerForm';
import { bodyOf, changesOf, emptyForm, formOf, type ServerFormState } from './serverForm';

/** Adds a server to the catalogue by hand, then opens its page. */
export function CreateServerModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queries = useQueryClient();
  const navigate = useNavigate();
  const create = useMutation({
    mutationFn: async (form: ServerFormState) =>
      (await unwrap(api.POST('/api/mcp/servers/global', { body: bodyOf(form) }))).server,
    onSuccess: async (server) => {
      await queries.invalidateQueries({ queryKey: keys.all });
      onClose();
      void navigate(`/catalogue/${server.id}`);
    },
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Add a server" size="xl">
      <ServerForm
        initial={emptyForm()}
        submitLabel="Add server"
        pending={create.isPending}
        error={<ErrorNotice error={create.error} title="Could not add the server" />}
        onSubmit={(form) => create.mutate(form)}
        onCancel={onClose}
      />
    </Modal>
  );
}

const fromRegistry = (s: Server) =>
  (['template', 'team', 'user'] as const).some((level) =>
    (['args', 'env', 'headers'] as const).some((kind) =>
      s.config_schema[level][kind].some((f) => f.choices || f.format || f.placeholder),
    ),
  );

/** Changes a catalogue server: only the fields the administrator changed are sent. */
export function EditServerModal({
  server,
  opened,
  onClose,
}: {
  server: Server;
  opened: boolean;
  onClose: () => void;
}) {
  const queries = useQueryClient();
  const initial = formOf(server);
  const save = useMutation({
    mutationFn: async (form: ServerFormState) => {
      const changes = changesOf(initial, form);
      if (Object.keys(changes).length === 0) return server;
      return (
        await unwrap(
          api.PUT('/api/mcp/servers/global/{id}', {
            params: { path: { id: server.id } },
            body: changes,
          }),
        )
      ).server;
    },
    onSuccess: async () => {
      await queries.invalidateQueries({ queryKey: keys.all });
      onClose();
    },
  });
  return (
    <Modal opened={opened} onClose={onClose} title={`Edit ${server.name}`} size="xl">
      {opened ? (
        <ServerForm
          initial={initial}
          submitLabel="Save changes"
          pending={save.isPending}
          error={<ErrorNotice error={save.error} title="Could not save the server" />}
          onSubmit={(form) => save.mutate(form)}
          onCancel={onClose}
          hasRegistryDetails={fromRegistry(server)}
        />
      ) : null}
    </Modal>
  );
}
