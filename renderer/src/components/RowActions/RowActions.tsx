import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useEditingLock } from '../../stores/editing-lock';
import { OnlineOnlyButton } from '../OnlineOnlyButton/OnlineOnlyButton';

/** The buttons at the end of a list row, kept on one line at the right. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {children}
    </Group>
  );
}

interface RowButtonProps {
  /** The row's name: the button is announced as "Edit <label>". */
  label: string;
  onClick: () => void;
  disabled?: boolean;
}

export function RowEditButton({ label, onClick, disabled }: RowButtonProps) {
  const lock = useEditingLock();
  return (
    <Button
      size="xs"
      variant="subtle"
      disabled={disabled || lock !== null}
      title={lock ?? undefined}
      aria-label={`Edit ${label}`}
      onClick={onClick}
    >
      Edit
    </Button>
  );
}

/**
 * Opens the row's delete confirmation. With `needsServer` (what the deletion is, e.g. "Deleting a
 * role") the deletion cannot wait in the outbox, and the button is disabled offline with that reason.
 */
export function RowDeleteButton({
  label,
  onClick,
  disabled,
  needsServer,
}: RowButtonProps & { needsServer?: string }) {
  const lock = useEditingLock();
  const props = {
    size: 'xs',
    variant: 'subtle',
    color: 'red',
    disabled: disabled || lock !== null,
    'aria-label': `Delete ${label}`,
  } as const;
  return needsServer ? (
    <OnlineOnlyButton reason={needsServer} {...props} onClick={onClick}>
      Delete
    </OnlineOnlyButton>
  ) : (
    <Button {...props} onClick={onClick}>
      Delete
    </Button>
  );
}
