import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../../session';
import type { Server } from './api';

/**
 * "Install" for members who may install in the current team: the installations page opens its
 * install form from `?install=<serverId>`. A server the registry deleted cannot be installed anew.
 */
export function InstallLink({
  server,
  size = 'xs',
}: {
  server: Pick<Server, 'id' | 'name' | 'status'>;
  size?: 'xs' | 'sm';
}) {
  const { can, team } = useSession();
  if (!team || !can('mcp.installations.create') || server.status === 'deleted') return null;
  return (
    <Button
      component={Link}
      to={`/installations?install=${encodeURIComponent(server.id)}`}
      size={size}
      variant={size === 'xs' ? 'light' : 'filled'}
      aria-label={`Install ${server.name}`}
    >
      Install
    </Button>
  );
}
