import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { SecretsNotice } from './SecretsNotice';

const serverWhere = (canStoreSecrets: boolean) =>
  createFakeServer().on('GET', '/api/admin/ui-config', () => ({
    body: { version: '1', unleashUrl: 'http://127.0.0.1:4242', canStoreSecrets },
  }));

describe('the notice that secrets cannot be saved', () => {
  it('says so, naming the secrets and the variable, when the server has no key', async () => {
    await renderWithConsole(<SecretsNotice>Saving the client secret is refused.</SecretsNotice>, {
      server: serverWhere(false),
    });
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain('This server cannot save secrets');
    expect(notice.textContent).toContain(
      'Saving the client secret is refused. An administrator sets SECRETS_ENCRYPTION_KEY',
    );
  });

  it('shows nothing when the server can save them', async () => {
    const server = serverWhere(true);
    await renderWithConsole(<SecretsNotice>Saving the client secret is refused.</SecretsNotice>, { server });
    await expect.poll(() => server.calls('GET', '/api/admin/ui-config').length).toBe(1);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
