import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { InstanceAdminScreen } from '../instance-admin/InstanceAdminScreen';

const HTML = '<html><body><h1>Welcome, Ada</h1><script>parent.hacked = 1</script></body></html>';

describe('e-mail previews', () => {
  it('shows the HTML in a frame without any permission, and the plain text of another template', async () => {
    const server = createFakeServer()
      .on('GET', '/api/admin/banners', { banners: [] })
      .on('GET', '/api/admin/email/preview/html/unleash-welcome', () => ({
        headers: { 'content-type': 'text/html; charset=utf-8' },
        body: HTML,
      }))
      .on('GET', '/api/admin/email/preview/text/reset-password', () => ({
        headers: { 'content-type': 'text/plain; charset=utf-8' },
        body: 'Hello Ada,\nreset your password: http://flags.test/reset-password?token=x',
      }));
    await renderWithConsole(<InstanceAdminScreen />, { server, path: '/admin/instance?tab=emails' });
    const frame = (await screen.findByTitle('Invitation e-mail (HTML)')) as HTMLIFrameElement;
    // An empty sandbox: no scripts, no same-origin access, no forms, no top navigation.
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(HTML);

    fireEvent.click(screen.getByRole('radio', { name: 'Password reset' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Plain text' }));
    await waitFor(() =>
      expect(screen.getByTestId('email-preview-text').textContent).toContain('reset your password'),
    );
    expect(screen.queryByTestId('email-preview-html')).toBeNull();
  });
});
