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

describe('ChangeRequestBlastRadius', () => {
  it('summarises each covered change of the request', async () => {
    const server = createFakeServer().on('POST', previewPath('default', 'checkout', 'production'), () => ({
      body: {
        sampled: 50,
        evaluated: 50,
        offToOn: 0,
        onToOff: 12,
        unchanged: 38,
        enabledBefore: 12,
        enabledAfter: 0,
        reasons: [],
        examples: [],
        samplingEnabled: true,
      },
    }));
    await renderWithConsole(
      <ChangeRequestBlastRadius
        request={{
          project: 'default',
          environment: 'production',
          features: [
            {
              name: 'checkout',
              changes: [
                { id: 1, action: 'updateEnabled', payload: { enabled: false } },
                { id: 2, action: 'patchVariant', payload: {} },
              ],
            },
          ],
        }}
      />,
      { server },
    );
    expect(
      await screen.findByText('checkout (updateEnabled): +0 on, −12 off of 50 recently seen contexts'),
    ).toBeTruthy();
    expect(screen.queryByText(/patchVariant/)).toBeNull();
  });
});
