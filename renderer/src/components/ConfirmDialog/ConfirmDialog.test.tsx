import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../../app/theme';
import { ConfirmDialog } from './ConfirmDialog';

function renderDialog(onConfirm: () => Promise<void>, onClose: () => void) {
  render(
    <MantineProvider theme={theme} env="test">
      <ConfirmDialog
        opened
        title="Delete the role Auditor?"
        confirmLabel="Delete role"
        cancelLabel="Keep it"
        failure="The role was not deleted"
        onConfirm={onConfirm}
        onClose={onClose}
      >
        Users holding it lose its permissions.
      </ConfirmDialog>
    </MantineProvider>,
  );
}

describe('ConfirmDialog', () => {
  it('runs the call and closes once it succeeded', async () => {
    const onConfirm = vi.fn(async () => {});
    const onClose = vi.fn();
    renderDialog(onConfirm, onClose);
    expect(screen.getByText('Users holding it lose its permissions.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete role' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('keeps the server refusal in the dialog', async () => {
    const onClose = vi.fn();
    renderDialog(async () => {
      throw new Error('The role is still in use');
    }, onClose);
    fireEvent.click(screen.getByRole('button', { name: 'Delete role' }));
    expect(await screen.findByText('The role was not deleted')).toBeTruthy();
    expect(screen.getByText('The role is still in use')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('backs out without the call', () => {
    const onConfirm = vi.fn(async () => {});
    const onClose = vi.fn();
    renderDialog(onConfirm, onClose);
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(onClose).toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
