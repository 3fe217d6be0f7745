import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProjectStatus } from '../../../../server/contract';
import { createFakeServer } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { activityByMonth, ProjectStatusDialog } from './ProjectStatusDialog';

const status: ProjectStatus = {
  activityCountByDate: [
    { date: '2026-10-07', count: 2 },
    { date: '2026-10-08', count: 1 },
    { date: '2026-11-02', count: 4 },
  ],
  health: { current: 33 },
  technicalDebt: { current: 67 },
  resources: { apiTokens: 1, members: 2, segments: 3 },
  staleFlags: { total: 2 },
  lifecycleSummary: {
    initial: { averageDays: 5, currentFlags: 1 },
    preLive: { averageDays: 50, currentFlags: 1 },
    live: { averageDays: 48, currentFlags: 1 },
    completed: { averageDays: null, currentFlags: 0 },
    archived: { currentFlags: 1, last30Days: 0 },
  },
};

describe('project status dialog', () => {
  it('sums activity per month', () => {
    expect(activityByMonth(status.activityCountByDate)).toEqual([
      { month: '2026-10', events: 3 },
      { month: '2026-11', events: 4 },
    ]);
  });

  it("shows the project's health, resources, activity and lifecycle", async () => {
    const server = createFakeServer().on('GET', '/api/admin/projects/alpha/status', status);
    await renderWithConsole(<ProjectStatusDialog projectId="alpha" opened onClose={() => {}} />, { server });
    expect(await screen.findByText('Activity in the last year')).toBeTruthy();
    expect(within(screen.getByTestId('stat-Health')).getByText('33%')).toBeTruthy();
    expect(within(screen.getByTestId('stat-Technical debt')).getByText('67%')).toBeTruthy();
    expect(within(screen.getByTestId('stat-Segments')).getByText('3')).toBeTruthy();
    expect(screen.getByRole('img', { name: '7 changes over 2 months' })).toBeTruthy();
    const rows = within(screen.getByTestId('project-lifecycle-summary')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'StageFlags nowAverage days in stage',
      'Initial15',
      'Pre-live150',
      'Live148',
      'Completed0–',
      'Archived10 in the last 30 days',
    ]);
  });

  it('asks nothing while closed', async () => {
    const server = createFakeServer();
    await renderWithConsole(<ProjectStatusDialog projectId="alpha" opened={false} onClose={() => {}} />, {
      server,
    });
    expect(server.calls('GET', '/api/admin/projects/alpha/status')).toHaveLength(0);
  });
});
