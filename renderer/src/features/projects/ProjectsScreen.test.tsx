import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, unleashError } from '../../test-utils/fake-server';
import { currentPath, renderWithConsole } from '../../test-utils/render';
import { slugifyProjectId, validateProjectDraft } from './CreateProjectForm';
import { ProjectsScreen } from './ProjectsScreen';

function projectServer() {
  const projects = [
    {
      id: 'default',
      name: 'Default',
      description: 'Default project',
      featureCount: 12,
      staleFeatureCount: 1,
      memberCount: 3,
      health: 95,
      mode: 'open',
    },
  ];
  const server = createFakeServer()
    .on('GET', '/api/admin/projects', () => ({ body: { version: 1, projects } }))
    .on('POST', '/api/admin/projects', (request) => {
      const body = request.body as { id: string; name: string; description?: string };
      if (body.name === 'x') {
        return unleashError(400, 'BadDataError', 'Request validation failed', [
          { path: '/body/name', message: 'The /body/name property must NOT have fewer than 2 characters' },
        ]);
      }
      projects.push({
        ...body,
        description: body.description ?? '',
        featureCount: 0,
        staleFeatureCount: 0,
        memberCount: 1,
        health: 100,
        mode: 'open',
      });
      return { status: 201, body };
    });
  return server;
}

async function openCreate() {
  fireEvent.click(await screen.findByRole('button', { name: 'New project' }));
  return screen.findByRole('dialog');
}

describe('projects screen', () => {
  it('lists projects with their counts', async () => {
    await renderWithConsole(<ProjectsScreen />, { server: projectServer() });
    const row = await screen.findByTestId('project-default');
    expect(within(row).getByRole('link', { name: 'Default' }).getAttribute('href')).toBe('/projects/default');
    expect(within(row).getByRole('link', { name: '12' }).getAttribute('href')).toBe(
      '/features?project=default',
    );
    expect(row.textContent).toContain('Default project');
    expect(row.textContent).toContain('95%');
  });

  it('creates a project, deriving its id from the name, and opens it', async () => {
    const server = projectServer();
    await renderWithConsole(<ProjectsScreen />, { server });
    const dialog = await openCreate();
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Checkout Web' } });
    expect((within(dialog).getByLabelText(/^Id/) as HTMLInputElement).value).toBe('checkout-web');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create project' }));
    await waitFor(() => expect(currentPath()).toBe('/projects/checkout-web'));
    expect(server.calls('POST', '/api/admin/projects')[0]?.body).toEqual({
      id: 'checkout-web',
      name: 'Checkout Web',
      mode: 'open',
    });
  });

  it("shows the server's validation message next to the field it names", async () => {
    await renderWithConsole(<ProjectsScreen />, { server: projectServer() });
    const dialog = await openCreate();
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create project' }));
    const message = await within(dialog).findByText(
      'The /body/name property must NOT have fewer than 2 characters',
    );
    const nameInput = within(dialog).getByLabelText(/^Name/);
    expect(nameInput.getAttribute('aria-invalid')).toBe('true');
    expect(nameInput.getAttribute('aria-describedby')).toContain(message.id);
  });

  it('validates as you type and refuses an existing id', async () => {
    await renderWithConsole(<ProjectsScreen />, { server: projectServer() });
    const dialog = await openCreate();
    fireEvent.change(within(dialog).getByLabelText(/^Id/), { target: { value: 'default' } });
    expect(await within(dialog).findByText('A project with the id default already exists')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Id/), { target: { value: 'bad id!' } });
    expect(await within(dialog).findByText('Use letters, digits and _ ~ . - only')).toBeTruthy();
  });

  it('queues a project created offline and shows it as pending', async () => {
    const server = projectServer();
    const { console: app } = await renderWithConsole(<ProjectsScreen />, { server });
    await screen.findByTestId('project-default');
    server.offline = true;
    const dialog = await openCreate();
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Mobile' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create project' }));
    expect(await screen.findByText(/Project Mobile is pending/)).toBeTruthy();
    const row = await screen.findByTestId('project-mobile');
    expect(within(row).getByTestId('pending-badge').textContent).toBe('Pending');
    expect(app.store.getState().outbox[0]).toMatchObject({ kind: 'project', target: 'mobile', base: null });

    server.offline = false;
    await app.checkConnection();
    await waitFor(() => expect(app.store.getState().outbox).toEqual([]));
    expect(server.calls('POST', '/api/admin/projects')).toHaveLength(1);
    await waitFor(() =>
      expect(within(screen.getByTestId('project-mobile')).queryByTestId('pending-badge')).toBeNull(),
    );
  });
});

describe('project form rules', () => {
  it('derives URL-safe ids', () => {
    expect(slugifyProjectId('  Checkout / Web 2.0 ')).toBe('checkout-web-2.0');
    expect(validateProjectDraft({ id: '', name: ' ' })).toEqual({
      name: 'A project needs a name',
      id: 'A project needs an id',
    });
    expect(validateProjectDraft({ id: 'ok_id~.-', name: 'Ok' })).toEqual({});
  });
});
