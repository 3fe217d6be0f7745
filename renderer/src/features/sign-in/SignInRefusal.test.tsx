import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SignInRefusal } from './SignInRefusal';

describe('SignInRefusal', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it("shows the server's reason for a refused single sign-on, and nothing otherwise", () => {
    const { unmount } = render(
      <MantineProvider>
        <SignInRefusal />
      </MantineProvider>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    unmount();
    window.history.replaceState(null, '', '/login?errorMsg=The%20e-mail%20domain%20is%20not%20allowed');
    render(
      <MantineProvider>
        <SignInRefusal />
      </MantineProvider>,
    );
    expect(screen.getByRole('alert').textContent).toContain('The e-mail domain is not allowed');
  });
});
