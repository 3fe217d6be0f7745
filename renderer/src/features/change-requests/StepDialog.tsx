import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';

/**
 * The dialog of a change-request step that asks first (reject, schedule, cancel): what went
 * wrong last time, what the step asks, and a way back beside the button that takes the step.
 */
export function StepDialog({
  opened,
  onClose,
  title,
  intro,
  error,
  errorTitle,
  backLabel = 'Back',
  confirm,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** Shown above the error. */
  intro?: ReactNode;
  error: unknown;
  errorTitle: string;
  backLabel?: string;
  confirm: { label: ReactNode; color?: string; loading: boolean; disabled: boolean; onClick: () => void };
  children?: ReactNode;
}) {
  const { label, ...button } = confirm;
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <Stack gap="sm">
        {intro}
        {error ? <ErrorNotice error={error} title={errorTitle} /> : null}
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {backLabel}
          </Button>
          <Button {...button}>{label}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
