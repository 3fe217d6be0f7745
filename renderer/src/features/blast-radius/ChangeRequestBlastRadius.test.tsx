import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { previewPath } from './blast-radius-api';
import { ChangeRequestBlastRadius } from './ChangeRequestBlastRadius';
import { proposalOfChange } from './change-request-proposals';

describe('proposalOfChange', () => {
  it('maps toggles and strategy changes, and leaves the rest out', () => {
    expect(proposalOfChange({ id: 1, action: 'updateEnabled', payload: { enabled: false } })).toEqual({
      kind: 'toggle',
      enabled: false,
    });
    expect(
      proposalOfChange({
        id: 2,
        action: 'updateStrategy',
        payload: { id: 'st-1', name: 'default', constraints: [] },
      }),
    ).toEqual({
      kind: 'strategy-update',
      strategyId: 'st-1',
      strategy: { name: 'default', constraints: [] },
    });
    expect(proposalOfChange({ id: 3, action: 'addStrategy', payload: { name: 'default' } })).toEqual({
      kind: 'strategy-add',
      strategy: { name: 'default' },
    });
    expect(proposalOfChange({ id: 4, action: 'deleteStrategy', payload: { id: 'st-2' } })).toEqual({
      kind: 'strategy-delete',
      strategyId: 'st-2',
    });
    expect(proposalOfChange({ id: 5, action: 'patchVariant', payload: {} })).toBeNull();
    expect(proposalOfChange({ id: 6, action: 'updateEnabled', payload: null })).toBeNull();
  });
});

const preview = (offToOn: number, onToOff: number) => ({
  sampled: 50,
  evaluated: 50,
  offToOn,
  onToOff,
  unchanged: 50 - offToOn - onToOff,
  enabledBefore: 12,
  enabledAfter: 12 + offToOn - onToOff,
  reasons: [],
  examples: [],
  samplingEnabled: true,
});

describe('ChangeRequestBlastRadius', () => {
  it('summarises all covered changes of each flag together, then each alone', async () => {
    const server = createFakeServer().on(
      'POST',
      previewPath('default', 'checkout', 'production'),
      (request) => {
        const kind = (request.body as { kind: string }).kind;
        return {
          body:
            kind === 'change-request' ? preview(5, 12) : kind === 'toggle' ? preview(0, 12) : preview(5, 0),
        };
      },
    );
    await renderWithConsole(
      <ChangeRequestBlastRadius
        request={{
          id: 42,
          project: 'default',
          environment: 'production',
          features: [
            {
              name: 'checkout',
              changes: [
                { id: 1, action: 'updateEnabled', payload: { enabled: false } },
                { id: 2, action: 'patchVariant', payload: {} },
                { id: 3, action: 'addStrategy', payload: { name: 'default' } },
              ],
            },
            { name: 'banner', changes: [{ id: 4, action: 'patchVariant', payload: {} }] },
          ],
        }}
      />,
      { server },
    );
    expect(
      await screen.findByText('checkout, all changes together: +5 on, −12 off of 50 recently seen contexts'),
    ).toBeTruthy();
    expect(
      await screen.findByText('updateEnabled alone: +0 on, −12 off of 50 recently seen contexts'),
    ).toBeTruthy();
    expect(
      await screen.findByText('addStrategy alone: +5 on, −0 off of 50 recently seen contexts'),
    ).toBeTruthy();
    const bodies = server.calls('POST', previewPath('default', 'checkout', 'production')).map((c) => c.body);
    expect(bodies).toContainEqual({ kind: 'change-request', changeRequestId: 42 });
    expect(bodies).toHaveLength(3);
    expect(screen.queryByText(/patchVariant|banner/)).toBeNull();
  });

  it('shows one line for a flag with a single covered change', async () => {
    const server = createFakeServer().on('POST', previewPath('default', 'checkout', 'production'), () => ({
      body: preview(0, 12),
    }));
    await renderWithConsole(
      <ChangeRequestBlastRadius
        request={{
          id: 7,
          project: 'default',
          environment: 'production',
          features: [
            { name: 'checkout', changes: [{ id: 1, action: 'updateEnabled', payload: { enabled: false } }] },
          ],
        }}
      />,
      { server },
    );
    expect(
      await screen.findByText('checkout, all changes together: +0 on, −12 off of 50 recently seen contexts'),
    ).toBeTruthy();
    expect(screen.queryByText(/alone/)).toBeNull();
    expect(server.calls('POST', previewPath('default', 'checkout', 'production'))).toHaveLength(1);
  });
});
