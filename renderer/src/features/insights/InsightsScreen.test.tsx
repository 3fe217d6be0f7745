import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InstanceInsights, LifecycleTrends } from '../../../../server/contract';
import { replaceQuery } from '../../router/navigation';
import { createFakeServer } from '../../test-utils/fake-server';
import { currentPath, renderWithConsole } from '../../test-utils/render';
import { InsightsScreen } from './InsightsScreen';
import { changeWeeks, flagWeeks, healthByProject, periodDates } from './insights-series';

const trend = (week: string, project: string, total: number, stale: number, potentiallyStale: number) => {
  const active = total - stale - potentiallyStale;
  const health = total === 0 ? 100 : Math.round((100 * active) / total);
  return {
    week,
    project,
    date: '2026-11-16T00:00:00.000Z',
    total,
    active,
    stale,
    potentiallyStale,
    health,
    technicalDebt: 100 - health,
  };
};

const insights: InstanceInsights = {
  userTrends: [{ date: '2026-11-21T00:00:00.000Z', total: 5, active: 3, inactive: 2 }],
  flagTrends: [],
  projectFlagTrends: [trend('2026-47', 'alpha', 4, 1, 1), trend('2026-47', 'beta', 4, 0, 0)],
  metricsSummaryTrends: [],
  environmentTypeTrends: [],
  lifecycleTrends: [
    { week: '2026-47', date: '2026-11-16T00:00:00.000Z', project: 'beta', newProductionFlags: 2 },
  ],
  creationArchiveTrends: [
    {
      week: '2026-47',
      date: '2026-11-16T00:00:00.000Z',
      project: 'alpha',
      createdFlags: { release: 2, experiment: 1 },
      archivedFlags: 1,
    },
  ],
};
const stage = (totalFlags: number) => ({
  totalFlags,
  medianDaysInCurrentStage: 4,
  medianDaysHistorically: 2.5,
  categories: {
    experimental: { flagsOlderThanWeek: 0, newFlagsThisWeek: 0 },
    permanent: { flagsOlderThanWeek: 0, newFlagsThisWeek: 0 },
    release: { flagsOlderThanWeek: totalFlags, newFlagsThisWeek: 0 },
  },
});
const lifecycle: LifecycleTrends = {
  lifecycleTrends: { develop: stage(3), production: stage(1), cleanup: stage(0) },
};

function insightsServer() {
  return createFakeServer()
    .on('GET', '/api/admin/projects', {
      version: 1,
      projects: [
        { id: 'alpha', name: 'Alpha' },
        { id: 'beta', name: 'Beta' },
      ],
    })
    .on('GET', '/api/admin/insights', insights)
    .on('GET', '/api/admin/insights/lifecycle', lifecycle)
    .on('GET', '/api/admin/search/features', {
      total: 1,
      features: [
        {
          name: 'old-switch',
          project: 'alpha',
          type: 'operational',
          stale: true,
          potentiallyStale: true,
          createdAt: '2026-01-01T00:00:00.000Z',
        },
      ],
    });
}

describe('insights series', () => {
  it('sums the chosen projects per week and scores their health together', () => {
    expect(flagWeeks(insights, [])).toEqual([
      { week: '2026-47', total: 8, active: 6, stale: 1, potentiallyStale: 1, health: 75 },
    ]);
    expect(flagWeeks(insights, ['alpha'])[0]?.health).toBe(50);
    expect(healthByProject(insights, ['beta'])).toEqual({
      projects: ['beta'],
      rows: [{ week: '2026-47', beta: 100 }],
    });
    expect(changeWeeks(insights, [])).toEqual([
      { week: '2026-47', created: 3, archived: 1, newInProduction: 2 },
    ]);
    expect(changeWeeks(insights, ['alpha'])[0]?.newInProduction).toBe(0);
    expect(periodDates('1m', Date.parse('2026-11-25T10:00:00Z'))).toEqual({
      from: '2026-10-26',
      to: '2026-11-25',
    });
  });
});

describe('insights screen', () => {
  it('shows the figures, lifecycle and the flags to clean up, linking to them', async () => {
    const server = insightsServer();
    await renderWithConsole(<InsightsScreen />, { server, path: '/insights' });
    expect(await screen.findByText('Flags to clean up')).toBeTruthy();
    expect(within(screen.getByTestId('stat-Flags')).getByText('8')).toBeTruthy();
    expect(within(screen.getByTestId('stat-Health')).getByText('75%')).toBeTruthy();
    expect(within(screen.getByTestId('stat-Technical debt')).getByText('25%')).toBeTruthy();
    expect(within(screen.getByTestId('stat-Active users')).getByText('3 of 5')).toBeTruthy();
    expect(within(screen.getByTestId('lifecycle-develop')).getByText('3 flags')).toBeTruthy();
    const link = within(screen.getByTestId('flag-health-table')).getByRole('link', { name: 'old-switch' });
    expect(link.getAttribute('href')).toBe('/projects/alpha/features/old-switch');
    expect(within(screen.getByTestId('flag-health-table')).getByText('Stale')).toBeTruthy();
    expect(
      screen.getByRole('img', {
        name: /^Created and archived flags: 3 created, 1 archived, 2 new in production/,
      }),
    ).toBeTruthy();
    // The default period: the last three months.
    const asked = server.calls('GET', '/api/admin/insights')[0]!.query;
    expect(Number(new Date(asked.get('to')!)) - Number(new Date(asked.get('from')!))).toBe(91 * 86_400_000);
    expect(server.calls('GET', '/api/admin/insights/lifecycle')[0]!.query.get('projects')).toBeNull();
  });

  it('filters by the projects and period in the URL', async () => {
    const server = insightsServer();
    await renderWithConsole(<InsightsScreen />, { server, path: '/insights?period=1m&projects=alpha' });
    await waitFor(() => expect(within(screen.getByTestId('stat-Health')).getByText('50%')).toBeTruthy());
    expect(server.calls('GET', '/api/admin/insights/lifecycle')[0]!.query.get('projects')).toBe('alpha');
    const search = server.calls('GET', '/api/admin/search/features')[0]!.query;
    expect([search.get('project'), search.get('state')]).toEqual([
      'IS_ANY_OF:alpha',
      'IS_ANY_OF:stale,potentially-stale',
    ]);
    const asked = server.calls('GET', '/api/admin/insights')[0]!.query;
    expect(Number(new Date(asked.get('to')!)) - Number(new Date(asked.get('from')!))).toBe(30 * 86_400_000);
    replaceQuery('/insights', { period: '12m' });
    await waitFor(() => expect(server.calls('GET', '/api/admin/insights')).toHaveLength(2));
    expect(currentPath()).toBe('/insights?period=12m');
    await waitFor(() => expect(within(screen.getByTestId('stat-Health')).getByText('75%')).toBeTruthy());
  });
});
