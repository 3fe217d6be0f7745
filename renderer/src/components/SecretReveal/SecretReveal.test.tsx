import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../../app/theme';
import { SecretReveal } from './SecretReveal';

describe('SecretReveal', () => {
  it('shows the secret once and copies it to the clipboard', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const done = vi.fn();
    render(
      <MantineProvider theme={theme} env="test">
        <SecretReveal secret="*:development.abc123" onDone={done} />
      </MantineProvider>,
    );
    expect(screen.getByTestId('token-secret').textContent).toBe('*:development.abc123');
    fireEvent.click(screen.getByRole('button', { name: 'Copy secret' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('*:development.abc123'));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(done).toHaveBeenCalled();
  });
});
