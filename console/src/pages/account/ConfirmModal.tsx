import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorNotice } from '../../ui/feedback';

/** What the dialog shows of the action it confirms: a TanStack Query mutation. */
interface ConfirmedAction {
  isPending: boolean;
  error: unknown;
  reset: () => void;
}

/**
 * Asks before something that cannot be undone; shows the API's refusal inside the dialog, and
 * forgets it when the dialog closes.
 */
export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  action,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  action: ConfirmedAction;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const close = () => {
    action.reset();
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      centered
      // The scroll lock would add a <style> without the CSP nonce (nothing sets get-nonce's).
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack>
        <ErrorNotice error={action.error} />
        <Text size="sm">{children}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color="red" loading={action.isPending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
