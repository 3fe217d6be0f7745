import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { PersonalDashboardScreen } from './PersonalDashboardScreen';

const dashboard = {
  admins: [{ id: 1, name: 'Ada Admin', email: 'ada@example.com' }],
  projectOwners: [],
  projects: [
    { id: 'web', name: 'Web shop', health: 92, technicalDebt: 8, memberCount: 3, featureCount: 12 },
    { id: 'mobile', name: 'Mobile', health: 100, technicalDebt: 0, memberCount: 1, featureCount: 1 },
  ],
  flags: [{ name: 'new-checkout', project: 'web', type: 'release' }],
};

const details = (totalFlags: number, roleName: string) => ({
  insights: {
    avgHealthCurrentWindow: null,
    avgHealthPastWindow: null,
    totalFlags,
    activeFlags: totalFlags - 1,
    staleFlags: 1,
    potentiallyStaleFlags: 0,
    health: 92,
    technicalDebt: 8,
  },
  onboardingStatus: { status: 'onboarded' },
  latestEvents: [
    {
      id: 7,
      summary: '**alice** created flag **new-checkout**',
      createdBy: 'alice',
      createdByImageUrl: '',
      createdAt: '2026-11-27T10:00:00Z',
    },
  ],
  owners: [{ ownerType: 'user', name: 'Alice' }],
  roles: [{ id: 4, name: roleName, type: 'project' }],
});

describe('personal dashboard', () => {
  it('lists the user’s projects and flags and shows the first project’s details, then the chosen one’s', async () => {
    const server = createFakeServer()
      .on('GET', '/api/admin/personal-dashboard', dashboard)
      .on('GET', '/api/admin/personal-dashboard/web', details(12, 'Owner'))
      .on('GET', '/api/admin/personal-dashboard/mobile', details(1, 'Member'));
    await renderWithConsole(<PersonalDashboardScreen />, { server });

    const projects = await screen.findByRole('list', { name: 'My projects' });
    expect(within(projects).getAllByRole('listitem')).toHaveLength(2);
    expect(within(projects).getByText(/12 flags · 3 members · health 92% · technical debt 8%/)).toBeTruthy();
    const flags = screen.getByRole('list', { name: 'My flags' });
    expect(within(flags).getByRole('link', { name: 'new-checkout' }).getAttribute('href')).toBe(
      '/projects/web/features/new-checkout',
    );

    const web = await screen.findByRole('region', { name: 'Project Web shop' });
    expect(await within(web).findByText('Owner')).toBeTruthy();
    expect(within(web).getByText(/alice created flag new-checkout/)).toBeTruthy();
    expect(within(web).getByText(/Onboarded/)).toBeTruthy();

    fireEvent.click(within(projects).getByRole('button', { name: /Mobile/ }));
    const mobile = await screen.findByRole('region', { name: 'Project Mobile' });
    expect(await within(mobile).findByText('Member')).toBeTruthy();
  });

  it('tells a user in no project whom to ask', async () => {
    const server = createFakeServer().on('GET', '/api/admin/personal-dashboard', {
      ...dashboard,
      projects: [],
      flags: [],
      projectOwners: [{ ownerType: 'user', name: 'Olga Owner', email: 'olga@example.com' }],
    });
    await renderWithConsole(<PersonalDashboardScreen />, { server });
    expect(await screen.findByText('You are not a member of any project yet.')).toBeTruthy();
    expect(screen.getByText(/Project owners who can add you: olga@example.com/)).toBeTruthy();
    expect(screen.getByText(/Administrators: ada@example.com/)).toBeTruthy();
    expect(screen.getByText('Flags you create or star show here.')).toBeTruthy();
  });
});
