import { Badge } from '@mantine/core';
import type { InstanceStatus } from './data';

interface Shown {
  label: string;
  color: string;
  /** What it means for the member, in a sentence. */
  hint: string;
}

const SHOWN: Record<InstanceStatus, Shown> = {
  provisioning: {
    label: 'Provisioning',
    color: 'blue',
    hint: 'A satellite takes it up; it starts the server the first time an MCP client uses it.',
  },
  command_received: {
    label: 'Command received',
    color: 'blue',
    hint: 'The satellite received the change and is applying it.',
  },
  connecting: { label: 'Connecting', color: 'blue', hint: 'The satellite is connecting to it.' },
  discovering_tools: {
    label: 'Discovering tools',
    color: 'blue',
    hint: 'The server has started; its tools are being listed.',
  },
  syncing_tools: {
    label: 'Syncing tools',
    color: 'blue',
    hint: 'The server’s tools are being recorded.',
  },
  online: { label: 'Online', color: 'cyan', hint: 'Running: your MCP client can use its tools.' },
  restarting: { label: 'Restarting', color: 'blue', hint: 'The server is starting again.' },
  offline: {
    label: 'Offline',
    color: 'gray',
    hint: 'Not running now; it starts again when it is used.',
  },
  error: { label: 'Error', color: 'red', hint: 'The server failed; see the message.' },
  requires_reauth: {
    label: 'Sign in again',
    color: 'violet',
    hint: 'The server no longer accepts your sign-in: connect again.',
  },
  permanently_failed: {
    label: 'Failed',
    color: 'red',
    hint: 'The server crashed repeatedly and is no longer restarted.',
  },
  awaiting_user_config: {
    label: 'Needs your part',
    color: 'violet',
    hint: 'Fill in your configuration (or sign in) before it can start.',
  },
};

/** Statuses that change by themselves shortly: pages poll while they show one of these. */
const MOVING = new Set<InstanceStatus>([
  'provisioning',
  'command_received',
  'connecting',
  'discovering_tools',
  'syncing_tools',
  'restarting',
]);

export const isMoving = (status: InstanceStatus | undefined | null) =>
  !!status && MOVING.has(status);

/** Statuses that wait for the member: their configuration or their sign-in. */
export const needsMember = (status: InstanceStatus | undefined | null) =>
  status === 'awaiting_user_config' || status === 'requires_reauth';

export const statusHint = (status: InstanceStatus) => SHOWN[status].hint;
export const statusLabel = (status: InstanceStatus) => SHOWN[status].label;

/** How often a page asks again while something is still changing. */
export const POLL_MS = 2000;

export function StatusBadge({ status }: { status: InstanceStatus | null | undefined }) {
  if (!status)
    return (
      <Badge variant="light" color="gray">
        No instance
      </Badge>
    );
  const shown = SHOWN[status];
  return (
    <Badge variant="light" color={shown.color}>
      {shown.label}
    </Badge>
  );
}
