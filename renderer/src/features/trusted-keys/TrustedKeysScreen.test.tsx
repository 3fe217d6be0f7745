import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { TrustedKeysScreen } from './TrustedKeysScreen';

const KEYS = '/api/admin/bundles/trusted-keys';
const OWN = 'MCowBQYDK2VwAyEAown-key-of-this-instance';

function keysServer() {
  const keys = [
    {
      id: 1,
      name: 'staging',
      publicKey: 'MCowBQYDK2VwAyEAstaging',
      fingerprint: `sha256:${'1'.repeat(64)}`,
      addedBy: 'alice',
      addedAt: '2026-11-25T10:00:00Z',
    },
  ];
  return createFakeServer()
    .on('GET', '/api/admin/bundles/signing-key', {
      algorithm: 'ed25519',
      publicKey: OWN,
      fingerprint: `sha256:${'9'.repeat(64)}`,
      source: 'database',
    })
    .on('GET', KEYS, () => ({ body: { keys } }))
    .on('POST', KEYS, (request) => {
      const body = request.body as { name: string; publicKey: string };
      const key = {
        id: keys.length + 1,
        name: body.name,
        publicKey: body.publicKey,
        fingerprint: `sha256:${'2'.repeat(64)}`,
        addedBy: 'admin',
        addedAt: '2026-11-25T11:00:00Z',
      };
      keys.push(key);
      return { status: 201, body: key };
    })
    .on('DELETE', `${KEYS}/1`, () => {
      keys.splice(
        keys.findIndex((key) => key.id === 1),
        1,
      );
      return { status: 200 };
    });
}

describe('trusted keys screen (issue 18)', { timeout: 20_000 }, () => {
  it('shows this instance’s public key with a copy button, and the trusted keys', async () => {
    await renderWithConsole(<TrustedKeysScreen />, { server: keysServer() });
    expect((await screen.findByTestId('own-public-key')).textContent).toBe(OWN);
    expect(screen.getByRole('button', { name: 'Copy public key' })).toBeTruthy();
    expect(screen.getByText(/generated here, kept encrypted/)).toBeTruthy();
    const row = await screen.findByTestId('trusted-key-1');
    expect(row.textContent).toContain('staging');
    expect(row.textContent).toContain('alice');
    expect(row.textContent).toContain('sha256:1111111');
  });

  it('adds a key and removes one after confirming', async () => {
    const server = keysServer();
    await renderWithConsole(<TrustedKeysScreen />, { server });
    await screen.findByTestId('trusted-key-1');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'laptop' } });
    fireEvent.change(screen.getByLabelText('Public key'), {
      target: { value: '  MCowBQYDK2VwAyEAlaptop \n' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Trust this key' }));
    expect(await screen.findByText(/Trusted laptop/)).toBeTruthy();
    expect(server.calls('POST', KEYS)[0]?.body).toEqual({
      name: 'laptop',
      publicKey: 'MCowBQYDK2VwAyEAlaptop',
    });
    expect((await screen.findByTestId('trusted-key-2')).textContent).toContain('laptop');

    fireEvent.click(screen.getByRole('button', { name: 'Delete staging' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove trusted key' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByTestId('trusted-key-1')).toBeNull());
    expect(server.calls('DELETE', `${KEYS}/1`)).toHaveLength(1);
  });
});
