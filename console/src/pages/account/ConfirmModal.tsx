import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorNotice } from '../../ui/feedback';

/** Asks before something that cannot be undone; shows the API's refusal inside the dialog. */
export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      // The scroll lock would add a <style> without the CSP nonce (nothing sets get-nonce's).
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack>
        <ErrorNotice error={error} />
        <Text size="sm">{children}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
