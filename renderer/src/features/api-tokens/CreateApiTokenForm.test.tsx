import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { ApiToken } from '../../api/types';
import { createFakeServer } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { CreateApiTokenForm } from './CreateApiTokenForm';

describe('CreateApiTokenForm', () => {
  it('takes the first environment when the list arrives after the form opened', async () => {
    const sent: unknown[] = [];
    const server = createFakeServer().on('POST', '/api/admin/api-tokens', (request) => {
      sent.push(request.body);
      return {
        status: 201,
        body: { ...(request.body as object), secret: 'x', createdAt: '2026-11-22T10:00:00Z' },
      };
    });
    const created: ApiToken[] = [];
    let provide: (environments: string[]) => void = () => {};
    function LateEnvironments() {
      const [environments, setEnvironments] = useState<string[]>([]);
      provide = setEnvironments;
      return (
        <CreateApiTokenForm
          environments={environments}
          projects={[{ id: 'default', name: 'Default' }]}
          onCreated={(token) => created.push(token)}
          onCancel={() => {}}
        />
      );
    }
    await renderWithConsole(<LateEnvironments />, { server });
    act(() => provide(['development', 'production']));
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'checkout-service' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      tokenName: 'checkout-service',
      type: 'client',
      environment: 'development',
    });
  });
});
