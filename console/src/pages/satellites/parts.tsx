import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorNotice } from '../../ui/feedback';
import type { StreamStatus } from '../../ui/stream';

/** A satellite's state as a badge: disabled first, then what its heartbeats say. */
export function SatelliteStatus({ status, disabled }: { status: string; disabled: boolean }) {
  if (disabled)
    return (
      <Badge color="gray" variant="dot">
        Disabled
      </Badge>
    );
  const color = status === 'online' ? 'green' : status === 'offline' ? 'red' : 'yellow';
  return (
    <Badge color={color} variant="dot">
      {status}
    </Badge>
  );
}

const HEALTH: Record<string, string> = { healthy: 'green', degraded: 'yellow', unhealthy: 'red' };

/** A heartbeat's health (healthy, degraded, unhealthy) or a process's state as a badge. */
export function HealthBadge({ status }: { status: string }) {
  const color =
    HEALTH[status] ??
    (['running', 'online'].includes(status)
      ? 'green'
      : /fail|crash|error/.test(status)
        ? 'red'
        : 'gray');
  return (
    <Badge color={color} variant="dot">
      {status}
    </Badge>
  );
}

const STREAM_WORDS: Record<StreamStatus, [string, string]> = {
  connecting: ['Connecting…', 'gray'],
  live: ['Live', 'green'],
  reconnecting: ['Reconnecting…', 'yellow'],
  ended: ['Stream ended', 'red'],
};

/** Whether a live list is following its stream, announced politely to screen readers. */
export function StreamBadge({ status, paused }: { status: StreamStatus; paused?: boolean }) {
  const [words, color] = paused ? ['Paused', 'blue'] : STREAM_WORDS[status];
  return (
    <Badge color={color} variant="dot" role="status" aria-live="polite">
      {words}
    </Badge>
  );
}

/**
 * A button that asks before it acts: the question in a dialog, the API's error there if the
 * action fails, and the dialog closed once it succeeded.
 */
export function ConfirmButton({
  label,
  title,
  children,
  confirmLabel,
  color = 'red',
  onConfirm,
  onDone,
  buttonProps,
}: {
  label: string;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  color?: string;
  onConfirm: () => Promise<unknown>;
  onDone?: () => void;
  buttonProps?: { 'aria-label'?: string; size?: string; variant?: string };
}) {
  const [opened, { open, close }] = useDisclosure(false);
  const action = useMutation({
    mutationFn: onConfirm,
    onSuccess: () => {
      close();
      onDone?.();
    },
  });
  const dismiss = () => {
    action.reset();
    close();
  };
  return (
    <>
      <Button variant="default" size="xs" {...buttonProps} onClick={open}>
        {label}
      </Button>
      <Modal opened={opened} onClose={dismiss} title={title}>
        <Stack>
          <Text size="sm" component="div">
            {children}
          </Text>
          <ErrorNotice error={action.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={dismiss}>
              Cancel
            </Button>
            <Button color={color} loading={action.isPending} onClick={() => action.mutate()}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** A labelled value in a details grid. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}
