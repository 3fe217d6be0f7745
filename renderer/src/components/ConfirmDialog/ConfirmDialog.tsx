import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { ErrorNotice } from '../ErrorNotice/ErrorNotice';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The button that backs out: "Cancel", or "Keep it" where the thing to delete is named. */
  cancelLabel?: string;
  /** What failed, for the error's title: "The role was not deleted". */
  failure: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

/**
 * Asks before a destructive call and closes once it succeeded; the server's refusal (a role in use,
 * say) stays in the dialog.
 */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  failure,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const close = () => {
    setError(null);
    onClose();
  };

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      close();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={opened} onClose={close} title={title}>
      <Stack gap="sm">
        {error ? <ErrorNotice error={error} title={failure} /> : null}
        <Text size="sm" component="div">
          {children}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {cancelLabel}
          </Button>
          <Button color="red" loading={busy} onClick={confirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
