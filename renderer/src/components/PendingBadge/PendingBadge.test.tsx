import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../../app/theme';
import type { OutboxEntry } from '../../offline/outbox';
import { PendingBadge } from './PendingBadge';

const entry = (state: OutboxEntry['state']): OutboxEntry => ({
  id: 'e1',
  seq: 1,
  createdAt: '2026-11-22T10:00:00Z',
  attempts: 0,
  state,
  profileId: 'local',
  kind: 'environment',
  target: 'development',
  summary: 'Disable the environment development',
  request: { method: 'POST', path: '/api/admin/environments/development/off' },
  base: { enabled: true },
  mine: { enabled: false },
});

const wrap = (ui: React.ReactNode) =>
  render(
    <MantineProvider theme={theme} env="test">
      {ui}
    </MantineProvider>,
  );

describe('PendingBadge', () => {
  it('names the state of a queued edit', () => {
    wrap(
      <>
        <PendingBadge entry={entry({ status: 'pending' })} />
        <PendingBadge entry={entry({ status: 'conflict', server: null, detectedAt: '' })} />
        <PendingBadge
          entry={entry({ status: 'failed', error: { name: 'X', message: 'x', details: [] }, failedAt: '' })}
        />
        <PendingBadge entry={undefined} />
      </>,
    );
    expect(screen.getAllByTestId('pending-badge').map((badge) => badge.textContent)).toEqual([
      'Pending',
      'Conflict',
      'Refused',
    ]);
  });
});
