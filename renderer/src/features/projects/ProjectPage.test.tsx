import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, unleashError } from '../../test-utils/fake-server';
import { currentPath, renderWithConsole } from '../../test-utils/render';
import { ProjectsScreen } from './ProjectsScreen';

const ROLES = [
  { id: 4, type: 'project', name: 'Owner' },
  { id: 5, type: 'project', name: 'Member' },
];

function projectPageServer() {
  const overview = {
    version: 1,
    name: 'Checkout',
    description: 'Payment flows',
    mode: 'open',
    defaultStickiness: 'default',
    featureLimit: null as number | null,
    featureNaming: { pattern: null },
    linkTemplates: [],
    members: 2,
    health: 88,
    technicalDebt: 12,
    favorite: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: null,
    archivedAt: null as string | null,
    environments: [{ environment: 'development' }],
    featureTypeCounts: [],
    stats: {},
    onboardingStatus: { status: 'onboarded' },
  };
  const access = {
    roles: ROLES,
    users: [{ id: 7, name: 'Grace Hopper', email: 'grace@example.com', roleId: 4, roles: [4] }],
    groups: [{ id: 3, name: 'Payments team', roleId: 5, roles: [5] }],
  };
  const server = createFakeServer()
    .on('GET', '/api/admin/projects/checkout/overview', () => ({ body: overview }))
    .on('GET', '/api/admin/projects', () => ({
      body: {
        version: 1,
        projects: [
          {
            id: 'checkout',
            name: overview.name,
            description: overview.description,
            featureCount: 2,
            staleFeatureCount: 1,
            potentiallyStaleFeatureCount: 1,
            memberCount: 2,
            health: 88,
            mode: 'open',
          },
        ],
      },
    }))
    .on('GET', '/api/admin/projects/checkout/features', {
      version: 1,
      features: [
        {
          name: 'new-checkout',
          type: 'release',
          description: 'The new checkout',
          stale: false,
          environments: [{ name: 'development', enabled: true }],
        },
        { name: 'old-banner', type: 'release', description: null, stale: true, environments: [] },
      ],
    })
    .on('GET', '/api/admin/search/features', {
      total: 2,
      features: [
        {
          name: 'new-checkout',
          project: 'checkout',
          type: 'release',
          description: 'The new checkout',
          stale: false,
          createdAt: '2026-01-01T00:00:00.000Z',
          environments: [{ name: 'development', enabled: true }],
        },
        {
          name: 'old-banner',
          project: 'checkout',
          type: 'release',
          description: null,
          stale: true,
          createdAt: '2026-01-01T00:00:00.000Z',
          environments: [],
        },
      ],
    })
    .on('GET', '/api/admin/environments', {
      version: 1,
      environments: [
        { name: 'development', type: 'development', enabled: true, sortOrder: 1 },
        { name: 'production', type: 'production', enabled: true, sortOrder: 2 },
      ],
    })
    .on('GET', '/api/admin/context', [
      { name: 'userId', stickiness: true, legalValues: [] },
      { name: 'tenant', stickiness: true, legalValues: [] },
      { name: 'appName', stickiness: false, legalValues: [] },
    ])
    .on('GET', '/api/admin/projects/checkout/access', () => ({ body: access }))
    .on('GET', '/api/admin/user-admin/access', {
      users: [
        { id: 7, name: 'Grace Hopper', email: 'grace@example.com' },
        { id: 9, name: 'Alan Turing', email: 'alan@example.com' },
      ],
      groups: [{ id: 3, name: 'Payments team' }],
    })
    .on('PUT', '/api/admin/projects/checkout', (request) => {
      const body = request.body as { name: string; description: string };
      overview.name = body.name;
      overview.description = body.description;
      return { status: 200 };
    })
    .on('PUT', '/api/admin/projects/checkout/settings', (request) => {
      const body = request.body as { featureLimit: number | null };
      if (body.featureLimit === 1) {
        return unleashError(400, 'BadDataError', 'Request validation failed', [
          { path: '/body/featureLimit', message: 'The project has more flags than that' },
        ]);
      }
      Object.assign(overview, body);
      return { status: 200 };
    })
    .on('PUT', '/api/admin/projects/checkout/users/7/roles', (request) => {
      access.users[0]!.roles = (request.body as { roles: number[] }).roles;
      return { status: 200 };
    })
    .on('DELETE', '/api/admin/projects/checkout/groups/3/roles', () => {
      access.groups = [];
      return { status: 200 };
    })
    .on('POST', '/api/admin/projects/checkout/access', { status: 200 })
    .on('POST', '/api/admin/projects/checkout/environments', (request) => {
      overview.environments.push({ environment: (request.body as { environment: string }).environment });
      return { status: 200 };
    })
    .on('DELETE', '/api/admin/projects/checkout', () =>
      unleashError(403, 'InvalidOperationError', 'You can not delete a project with active feature flags'),
    );
  return { server, overview, access };
}

async function openProject() {
  const fake = projectPageServer();
  const test = await renderWithConsole(<ProjectsScreen />, {
    server: fake.server,
    path: '/projects/checkout/overview',
  });
  await screen.findByTestId('stat-Flags');
  return { ...test, ...fake };
}

const openTab = (name: string) => fireEvent.click(screen.getByRole('tab', { name }));

describe('project page', () => {
  it('shows the overview counts and links the flags to their pages', async () => {
    await openProject();
    expect(screen.getByRole('heading', { name: 'Checkout' })).toBeTruthy();
    expect(screen.getByTestId('stat-Flags').textContent).toContain('2');
    expect(screen.getByTestId('stat-Health').textContent).toContain('88%');
    expect(screen.getByTestId('stat-Potentially stale').textContent).toContain('1');
    expect(screen.getByTestId('stat-Stale').textContent).toContain('1');
    expect(screen.getByTestId('stat-Environments').textContent).toContain('1');
    expect(screen.getByTestId('stat-Members').textContent).toContain('2');
    openTab('Flags');
    const row = await screen.findByTestId('project-flag-new-checkout');
    expect(within(row).getByRole('link', { name: 'new-checkout' }).getAttribute('href')).toBe(
      '/projects/checkout/features/new-checkout',
    );
    expect(screen.getByTestId('project-flag-old-banner').textContent).toContain('stale');
  });

  it('saves the name and the settings with their own requests', async () => {
    const { server } = await openProject();
    openTab('Settings');
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Checkout web' } });
    fireEvent.change(screen.getByLabelText(/^Default stickiness/), { target: { value: 'tenant' } });
    fireEvent.change(screen.getByLabelText(/^Flag limit/), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(server.calls('PUT', '/api/admin/projects/checkout/settings')).toHaveLength(1));
    expect(server.calls('PUT', '/api/admin/projects/checkout')[0]?.body).toEqual({
      name: 'Checkout web',
      description: 'Payment flows',
    });
    expect(server.calls('PUT', '/api/admin/projects/checkout/settings')[0]?.body).toEqual({
      mode: 'open',
      defaultStickiness: 'tenant',
      featureLimit: 20,
    });
    expect(await screen.findByRole('heading', { name: 'Checkout web' })).toBeTruthy();
  });

  it('edits the flag naming pattern, checking the pattern and example as they are typed', async () => {
    const { server } = await openProject();
    openTab('Settings');
    const pattern = screen.getByLabelText(/^Flag naming pattern/);
    fireEvent.change(pattern, { target: { value: '[a-z' } });
    // The pattern engine (re2js) is a chunk of its own, loaded when a pattern is first checked.
    expect(await screen.findByText('Not a valid regular expression')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save settings' })).toHaveProperty('disabled', true);
    fireEvent.change(pattern, { target: { value: 'co-[a-z]+' } });
    fireEvent.change(screen.getByLabelText(/^Naming example/), { target: { value: 'checkout' } });
    expect(
      screen.getByText('The name does not match the project\'s naming pattern "co-[a-z]+"'),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Naming example/), { target: { value: 'co-cart' } });
    fireEvent.change(screen.getByLabelText(/^Naming description/), { target: { value: 'co- and a word' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(server.calls('PUT', '/api/admin/projects/checkout/settings')).toHaveLength(1));
    expect(server.calls('PUT', '/api/admin/projects/checkout/settings')[0]?.body).toEqual({
      mode: 'open',
      defaultStickiness: 'default',
      featureLimit: null,
      featureNaming: { pattern: 'co-[a-z]+', example: 'co-cart', description: 'co- and a word' },
    });
  });

  it("shows the server's refusal next to the field it names", async () => {
    await openProject();
    openTab('Settings');
    fireEvent.change(screen.getByLabelText(/^Flag limit/), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    const message = await screen.findByText('The project has more flags than that');
    expect(screen.getByLabelText(/^Flag limit/).getAttribute('aria-describedby')).toContain(message.id);
  });

  it("changes a member's role, removes a group and adds a user", async () => {
    const { server } = await openProject();
    openTab('Members');
    const grace = await screen.findByTestId('member-user-7');
    const role = within(grace).getByLabelText('Project role of Grace Hopper') as HTMLSelectElement;
    expect(role.value).toBe('4');
    fireEvent.change(role, { target: { value: '5' } });
    await waitFor(() =>
      expect(server.calls('PUT', '/api/admin/projects/checkout/users/7/roles')[0]?.body).toEqual({
        roles: [5],
      }),
    );
    await waitFor(() =>
      expect((screen.getByLabelText('Project role of Grace Hopper') as HTMLSelectElement).value).toBe('5'),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Remove Payments team from the project' }));
    await waitFor(() => expect(screen.queryByTestId('member-group-3')).toBeNull());
    expect(server.calls('DELETE', '/api/admin/projects/checkout/groups/3/roles')).toHaveLength(1);

    const memberChoice = screen.getByLabelText('User or group') as HTMLSelectElement;
    const offered = [...memberChoice.options].map((option) => option.textContent);
    expect(offered).toContain('Alan Turing (alan@example.com)');
    expect(offered).not.toContain('Grace Hopper (grace@example.com)');
    fireEvent.change(memberChoice, { target: { value: 'user:9' } });
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add member' }));
    await waitFor(() =>
      expect(server.calls('POST', '/api/admin/projects/checkout/access')[0]?.body).toEqual({
        roles: [5],
        users: [9],
        groups: [],
      }),
    );
  });

  it('adds an environment to the project', async () => {
    const { server } = await openProject();
    openTab('Environments');
    const production = screen.getByLabelText('Use production in this project') as HTMLInputElement;
    expect(production.checked).toBe(false);
    expect((screen.getByLabelText('Use development in this project') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(production);
    await waitFor(() =>
      expect(server.calls('POST', '/api/admin/projects/checkout/environments')[0]?.body).toEqual({
        environment: 'production',
      }),
    );
    await waitFor(() =>
      expect((screen.getByLabelText('Use production in this project') as HTMLInputElement).checked).toBe(
        true,
      ),
    );
  });

  it("shows the server's reason when it refuses to delete the project", async () => {
    const { server } = await openProject();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete project' }));
    expect(
      await within(dialog).findByText('You can not delete a project with active feature flags'),
    ).toBeTruthy();
    expect(server.calls('DELETE', '/api/admin/projects/checkout')).toHaveLength(1);
    expect(currentPath()).toBe('/projects/checkout/overview');
  });

  it('shows a member added offline as pending and adds it on reconnect', async () => {
    const { server, console: app } = await openProject();
    openTab('Members');
    await screen.findByTestId('member-user-7');
    server.offline = true;
    fireEvent.change(screen.getByLabelText('User or group'), { target: { value: 'user:9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add member' }));
    const queued = await screen.findByTestId('queued-member-checkout/user/9');
    expect(queued.textContent).toContain('Add Alan Turing (alan@example.com) to the project checkout');
    expect(within(queued).getByTestId('pending-badge').textContent).toBe('Pending');
    server.offline = false;
    await app.checkConnection();
    await waitFor(() => expect(app.store.getState().outbox).toEqual([]));
    expect(server.calls('POST', '/api/admin/projects/checkout/access')[0]?.body).toEqual({
      roles: [4],
      users: [9],
      groups: [],
    });
  });

  it('queues a settings change made offline', async () => {
    const { server, console: app } = await openProject();
    openTab('Settings');
    server.offline = true;
    fireEvent.change(screen.getByLabelText(/^Collaboration mode/), { target: { value: 'protected' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(/your change is pending/)).toBeTruthy();
    expect(app.store.getState().outbox[0]).toMatchObject({
      kind: 'project-settings',
      target: 'checkout',
      base: { mode: 'open', defaultStickiness: 'default', featureLimit: null },
      mine: { mode: 'protected', defaultStickiness: 'default', featureLimit: null },
    });
    server.offline = false;
    await app.checkConnection();
    await waitFor(() => expect(app.store.getState().outbox).toEqual([]));
    expect(server.calls('PUT', '/api/admin/projects/checkout/settings')[0]?.body).toMatchObject({
      mode: 'protected',
    });
  });
});
