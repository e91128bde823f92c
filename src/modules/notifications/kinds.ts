/**
 * Every notification the backend writes, built in one place so that types, severities and
 * wording stay consistent.
 */
export type Severity = 'info' | 'warning' | 'error';

export interface NewNotification {
  teamId: string;
  type: string;
  severity: Severity;
  title: string;
  message: string;
  data: Record<string, unknown>;
}

export const NOTIFICATION_TYPES = [
  'instance.error',
  'instance.requires_reauth',
  'instance.permanently_failed',
  'satellite.offline',
  'satellite.online',
  'installation.created',
  'installation.deleted',
  'tools.changed',
  // Written by registry syncs (src/modules/registry/notifications.ts).
  'server.deprecated',
  'server.deleted',
] as const;

/** Instance statuses the team hears about when an instance enters them. */
export const NOTIFIED_INSTANCE_STATUSES = ['error', 'requires_reauth', 'permanently_failed'];

export function instanceStatusNotification(input: {
  teamId: string;
  installationId: string;
  installationName: string;
  instanceId: string;
  userId: string;
  status: string;
  message: string | null;
}): NewNotification {
  const what = {
    error: ['error', 'reported an error'],
    requires_reauth: ['warning', 'needs to be signed in again'],
    permanently_failed: ['error', 'keeps crashing and was stopped'],
  }[input.status] as [Severity, string];
  return {
    teamId: input.teamId,
    type: `instance.${input.status}`,
    severity: what[0],
    title: `${input.installationName}: an instance ${what[1]}`,
    message: input.message ?? `An instance of ${input.installationName} is now ${input.status}.`,
    data: {
      installation_id: input.installationId,
      instance_id: input.instanceId,
      user_id: input.userId,
      status: input.status,
    },
  };
}

export function satelliteNotification(
  teamId: string,
  satellite: { id: string; name: string },
  status: 'offline' | 'online',
): NewNotification {
  return {
    teamId,
    type: `satellite.${status}`,
    severity: status === 'offline' ? 'warning' : 'info',
    title: `Satellite ${satellite.name} is ${status === 'offline' ? 'offline' : 'back online'}`,
    message:
      status === 'offline'
        ? `Satellite ${satellite.name} missed three heartbeats; the servers it runs may be unreachable.`
        : `Satellite ${satellite.name} is sending heartbeats again.`,
    data: { satellite_id: satellite.id },
  };
}

export function installationNotification(
  teamId: string,
  installation: { id: string; name: string },
  change: 'created' | 'deleted',
): NewNotification {
  return {
    teamId,
    type: `installation.${change}`,
    severity: 'info',
    title: `${installation.name} was ${change === 'created' ? 'installed' : 'removed'}`,
    message:
      change === 'created'
        ? `${installation.name} was installed for the team.`
        : `${installation.name} was removed from the team.`,
    data: { installation_id: installation.id },
  };
}

export function toolsChangedNotification(input: {
  teamId: string;
  installationId: string;
  installationName: string;
  added: string[];
  removed: string[];
}): NewNotification {
  const parts = [
    input.added.length ? `added ${input.added.join(', ')}` : '',
    input.removed.length ? `removed ${input.removed.join(', ')}` : '',
  ].filter(Boolean);
  return {
    teamId: input.teamId,
    type: 'tools.changed',
    severity: 'info',
    title: `${input.installationName}: tools changed`,
    message: `${input.installationName} ${parts.join('; ')}.`,
    data: {
      installation_id: input.installationId,
      added: input.added,
      removed: input.removed,
    },
  };
}
