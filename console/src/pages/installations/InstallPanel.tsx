import { Alert, Paper, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorNotice, Loading } from '../../ui/feedback';
import { fetchServer, keys, type Installation } from './data';
import { InstallForm } from './InstallForm';
import { InstallProgress } from './InstallProgress';
import { ServerPicker } from './ServerPicker';

/**
 * Installing a server: choose it (or arrive with `?install=<server>` from the catalogue), fill in
 * the team's values, then follow the new installation until it settles.
 */
export function InstallPanel({
  teamId,
  serverId,
  onChoose,
  onClose,
}: {
  teamId: string;
  serverId: string | null;
  onChoose(id: string | null): void;
  onClose(): void;
}) {
  const [installed, setInstalled] = useState<Installation | null>(null);
  const server = useQuery({
    queryKey: keys.server(serverId ?? ''),
    queryFn: () => fetchServer(serverId ?? ''),
    enabled: !!serverId,
  });
  return (
    <Paper withBorder p="md" mb="lg" component="section" aria-labelledby="install-heading">
      <Stack gap="md">
        <Title order={2} id="install-heading">
          Install a server
        </Title>
        {installed ? (
          <InstallProgress
            teamId={teamId}
            first={installed}
            onAnother={() => {
              setInstalled(null);
              onChoose(null);
            }}
          />
        ) : (
          <>
            <ServerPicker chosen={server.data ?? null} onChoose={onChoose} />
            {serverId && server.isPending ? <Loading what="the server" /> : null}
            <ErrorNotice error={server.error} title="Could not read that server" />
            {server.data?.status === 'deprecated' ? (
              <Alert variant="light" color="grape" title="Deprecated" role="note">
                The catalogue marks this server as deprecated.
              </Alert>
            ) : null}
            {server.data ? (
              <InstallForm
                key={server.data.id}
                teamId={teamId}
                server={server.data}
                onInstalled={setInstalled}
                onCancel={onClose}
              />
            ) : null}
          </>
        )}
      </Stack>
    </Paper>
  );
}
