import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EditingLockContext, MAINTENANCE_LOCK_REASON } from '../../stores/editing-lock';
import { createFakeServer } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { FlagLifecycle } from './FlagLifecycle';
import { LifecycleBadge } from './LifecycleBadge';
import { currentStage, type FeatureLifecycle } from './lifecycle-stages';

const FLAG = { project: 'web', name: 'new-nav' };
const BASE = '/api/admin/projects/web/features/new-nav/lifecycle';

/** A server holding the flag's stages, changed by complete / uncomplete as ours does. */
function lifecycleServer(initial: FeatureLifecycle) {
  let stages = initial;
  return createFakeServer()
    .on('GET', BASE, () => ({ body: stages }))
    .on('POST', `${BASE}/complete`, (request) => {
      const { status } = request.body as { status: string };
      stages = [...stages, { stage: 'completed', status, enteredStageAt: '2026-11-25T07:00:00Z' }];
      return { status: 200 };
    })
    .on('POST', `${BASE}/uncomplete`, () => {
      stages = stages.filter((stage) => stage.stage !== 'completed');
      return { status: 200 };
    });
}

describe('flag lifecycle', () => {
  it('takes the furthest stage a flag holds as its current one', () => {
    expect(
      currentStage([
        { stage: 'live', enteredStageAt: '2026-11-25T06:00:00Z' },
        { stage: 'initial', enteredStageAt: '2026-11-20T06:00:00Z' },
        { stage: 'pre-live', enteredStageAt: '2026-11-21T06:00:00Z' },
      ])?.stage,
    ).toBe('live');
    expect(currentStage([])).toBeUndefined();
  });

  it('names the stage, and whether a completed flag was kept', async () => {
    await renderWithConsole(
      <>
        <LifecycleBadge stage="pre-live" />
        <LifecycleBadge stage="completed" status="kept" />
      </>,
    );
    const badges = screen.getAllByTestId('lifecycle-badge').map((badge) => badge.textContent);
    expect(badges).toEqual(['Pre-live', 'Completed (kept)']);
    expect(screen.getAllByTestId('lifecycle-badge')[0]?.getAttribute('title')).toBe(
      'Lifecycle: seen by an SDK outside production',
    );
  });

  it('marks a live flag completed as discarded with a reason, then reopens it', async () => {
    const server = lifecycleServer([
      { stage: 'initial', enteredStageAt: '2026-11-20T06:00:00Z' },
      { stage: 'pre-live', enteredStageAt: '2026-11-21T06:00:00Z' },
      { stage: 'live', enteredStageAt: '2026-11-22T06:00:00Z' },
    ]);
    await renderWithConsole(<FlagLifecycle flag={FLAG} />, { server });
    expect((await screen.findByTestId('lifecycle-badge')).textContent).toBe('Live');

    fireEvent.click(screen.getByRole('button', { name: 'Mark completed' }));
    fireEvent.click(await screen.findByLabelText('Discarded the feature'));
    fireEvent.change(screen.getByLabelText(/Reason/), { target: { value: 'no uplift' } });
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(
      [...dialog.querySelectorAll('button')].find((button) => button.textContent === 'Mark completed')!,
    );
    await waitFor(() => expect(server.calls('POST', `${BASE}/complete`)).toHaveLength(1));
    expect(server.calls('POST', `${BASE}/complete`)[0]?.body).toEqual({
      status: 'discarded',
      statusValue: 'no uplift',
    });
    await waitFor(() =>
      expect(screen.getByTestId('lifecycle-badge').textContent).toBe('Completed (discarded)'),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Reopen (uncomplete)' }));
    await waitFor(() => expect(screen.getByTestId('lifecycle-badge').textContent).toBe('Live'));
    expect(server.calls('POST', `${BASE}/uncomplete`)).toHaveLength(1);
  });

  it('sends a kept decision without a value when none is given', async () => {
    const server = lifecycleServer([{ stage: 'initial', enteredStageAt: '2026-11-20T06:00:00Z' }]);
    await renderWithConsole(<FlagLifecycle flag={FLAG} />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'Mark completed' }));
    const dialog = await screen.findByRole('dialog');
    expect(screen.getByLabelText(/Variant or value kept/)).toBeTruthy();
    fireEvent.click(
      [...dialog.querySelectorAll('button')].find((button) => button.textContent === 'Mark completed')!,
    );
    await waitFor(() => expect(server.calls('POST', `${BASE}/complete`)).toHaveLength(1));
    expect(server.calls('POST', `${BASE}/complete`)[0]?.body).toEqual({ status: 'kept' });
  });

  it('disables completing and reopening while the server is in maintenance mode', async () => {
    const server = lifecycleServer([{ stage: 'live', enteredStageAt: '2026-11-22T06:00:00Z' }]);
    await renderWithConsole(
      <EditingLockContext.Provider value={MAINTENANCE_LOCK_REASON}>
        <FlagLifecycle flag={FLAG} />
      </EditingLockContext.Provider>,
      { server },
    );
    const complete = await screen.findByRole('button', { name: 'Mark completed' });
    expect(complete).toHaveProperty('disabled', true);
    fireEvent.click(complete);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
