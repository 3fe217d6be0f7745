import { Button, MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../../app/theme';
import { Guarded } from './Guarded';

function renderGuarded(reason: string | null, onClick: () => void) {
  render(
    <MantineProvider theme={theme} env="test">
      <Guarded reason={reason}>
        <Button onClick={onClick}>New user</Button>
      </Guarded>
    </MantineProvider>,
  );
  return screen.getByRole('button', { name: 'New user' });
}

describe('Guarded', () => {
  it('leaves an allowed control as it is', () => {
    const onClick = vi.fn();
    const button = renderGuarded(null, onClick);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(button.getAttribute('aria-disabled')).toBeNull();
  });

  it('disables the control, keeps it focusable and describes why to screen readers', () => {
    const onClick = vi.fn();
    const button = renderGuarded('You need the ADMIN permission.', onClick);
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.hasAttribute('disabled')).toBe(false);
    const description = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('You need the ADMIN permission.');
  });
});
