import { Badge, Group } from '@mantine/core';
import type { Server } from './api';

/** Status worth noticing at a glance: deprecated or deleted upstream, featured, OAuth. */
export function ServerBadges({
  server,
}: {
  server: Pick<Server, 'status' | 'featured' | 'requires_oauth'>;
}) {
  const badges = [
    server.status === 'deprecated' ? (
      <Badge key="status" color="orange" variant="dot">
        Deprecated
      </Badge>
    ) : null,
    server.status === 'deleted' ? (
      <Badge key="status" color="red" variant="light">
        Deleted upstream
      </Badge>
    ) : null,
    server.featured ? (
      <Badge key="featured" color="grape" variant="light">
        Featured
      </Badge>
    ) : null,
    server.requires_oauth ? (
      <Badge key="oauth" color="indigo" variant="light">
        OAuth sign-in
      </Badge>
    ) : null,
  ].filter(Boolean);
  if (badges.length === 0) return null;
  return (
    <Group gap={4} wrap="wrap">
      {badges}
    </Group>
  );
}
