import type { NewNotification } from '../notifications/kinds.js';

/** Told to every team that has a server installed when its registry marks it deprecated or deleted. */
export function serverStatusNotification(
  teamId: string,
  server: {
    id: string;
    name: string;
    registryName: string;
    status: 'deprecated' | 'deleted';
    message: string | null;
  },
): NewNotification {
  const deleted = server.status === 'deleted';
  return {
    teamId,
    type: `server.${server.status}`,
    severity: deleted ? 'error' : 'warning',
    title: `${server.name} was ${deleted ? 'deleted from' : 'deprecated in'} its registry`,
    message:
      (deleted
        ? `${server.registryName} was deleted upstream; existing installations keep running, but it can no longer be installed.`
        : `${server.registryName} is deprecated upstream; plan to move to a replacement.`) +
      (server.message ? ` Registry note: ${server.message}` : ''),
    data: { server_id: server.id, registry_name: server.registryName, status: server.status },
  };
}
