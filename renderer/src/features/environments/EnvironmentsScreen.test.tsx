import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Environment } from '../../api/types';
import { createFakeServer, unleashError } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { EnvironmentsScreen } from './EnvironmentsScreen';

function environmentServer() {
  const environments: Environment[] = [
    {
      name: 'development',
      type: 'development',
      enabled: true,
      protected: false,
      sortOrder: 1,
      projectCount: 1,
      requiredApprovals: null,
      enabledToggleCount: 2,
    },
    {
      name: 'production',
      type: 'production',
      enabled: true,
      protected: true,
      sortOrder: 2,
      projectCount: 1,
      requiredApprovals: null,
      enabledToggleCount: 0,
    },
    {
      name: 'staging',
      type: 'test',
      enabled: false,
      protected: false,
      sortOrder: 3,
      projectCount: 0,
      requiredApprovals: null,
      enabledToggleCount: 0,
    },
  ];
  const server = createFakeServer().on('GET', '/api/admin/environments', () => ({
    body: { version: 1, environments },
  }));
  for (const environment of environments) {
    server.on('GET', `/api/admin/environments/${environment.name}`, () => ({ body: environment }));
    for (const state of ['on', 'off'] as const) {
      server.on('POST', `/api/admin/environments/${environment.name}/${state}`, () => {
        environment.enabled = state === 'on';
        return { status: 204 };
      });
    }
  }
  server.on('PUT', '/api/admin/environments/sort-order', (request) => {
    for (const [name, order] of Object.entries(request.body as Record<string, number>)) {
      const environment = environments.find((e) => e.name === name);
      if (environment) environment.sortOrder = order;
    }
    return { status: 200 };
  });
  server
    .on('GET', '/api/admin/projects', {
      version: 1,
      projects: [
        { id: 'default', name: 'Default' },
        { id: 'web', name: 'Web' },
      ],
    })
    .on('POST', '/api/admin/environments/validate', (request) =>
      (request.body as { name: string }).name === 'taken'
        ? unleashError(409, 'NameExistsError', 'Environment with name taken already exists')
        : { status: 200 },
    )
    .on('POST', '/api/admin/environments', (request) => {
      const body = request.body as { name: string; type: string };
      if (body.name === 'racy')
        return unleashError(409, 'NameExistsError', 'Environment with name racy already exists');
      const created = { ...environments[0]!, ...body, protected: false, sortOrder: 9999 };
      environments.push(created);
      return { body: created };
    })
    .on('POST', '/api/admin/environments/development/clone', (request) => {
      const created = { ...environments[0]!, ...(request.body as { name: string; type: string }) };
      environments.push(created);
      return { body: created };
    })
    .on('PUT', '/api/admin/environments/update/staging', (request) => {
      Object.assign(environments[2]!, request.body);
      return { body: environments[2] };
    })
    .on('DELETE', '/api/admin/environments/staging', () => {
      environments.splice(2, 1);
      return { status: 200 };
    });
  return { server, environments };
}

/** Submits once the name check as typed has answered (the button is disabled while it runs). */
async function submitWhenChecked(dialog: HTMLElement, label: string) {
  const button = within(dialog).getByRole('button', { name: label }) as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false));
  fireEvent.click(button);
}

async function openDialog(button: string) {
  fireEvent.click(await screen.findByRole('button', { name: button }));
  return screen.findByRole('dialog');
}

const names = () =>
  screen
    .getAllByTestId(/^environment-/)
    .map((row) => row.getAttribute('data-testid')!.replace('environment-', ''));

describe('environments screen', () => {
  it('lists environments in their order', async () => {
    await renderWithConsole(<EnvironmentsScreen />, environmentServer());
    await screen.findByTestId('environment-development');
    expect(names()).toEqual(['development', 'production', 'staging']);
    expect(within(screen.getByTestId('environment-production')).getByText('protected')).toBeTruthy();
  });

  it('enables and disables an environment', async () => {
    const { server, environments } = environmentServer();
    await renderWithConsole(<EnvironmentsScreen />, { server });
    const toggle = await screen.findByRole('switch', { name: 'staging enabled' });
    fireEvent.click(toggle);
    await waitFor(() => expect(environments[2]?.enabled).toBe(true));
    expect(server.calls('POST', '/api/admin/environments/staging/on')).toHaveLength(1);
    await waitFor(() =>
      expect((screen.getByRole('switch', { name: 'staging enabled' }) as HTMLInputElement).checked).toBe(
        true,
      ),
    );
  });

  it('reorders with the arrows', async () => {
    const { server } = environmentServer();
    await renderWithConsole(<EnvironmentsScreen />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'Move staging up' }));
    await waitFor(() => expect(names()).toEqual(['development', 'staging', 'production']));
    expect(server.calls('PUT', '/api/admin/environments/sort-order')[0]?.body).toEqual({
      development: 1,
      staging: 2,
      production: 3,
    });
    expect((screen.getByRole('button', { name: 'Move development up' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('shows offline changes as pending and sends them on reconnect', async () => {
    const { server, environments } = environmentServer();
    const { console: app } = await renderWithConsole(<EnvironmentsScreen />, { server });
    await screen.findByTestId('environment-development');
    server.offline = true;
    fireEvent.click(screen.getByRole('switch', { name: 'development enabled' }));
    expect(await screen.findByText(/your change is pending/)).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('switch', { name: 'development enabled' }) as HTMLInputElement).checked).toBe(
        false,
      ),
    );
    expect(within(screen.getByTestId('environment-development')).getByTestId('pending-badge')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Move staging up' }));
    await waitFor(() => expect(names()).toEqual(['development', 'staging', 'production']));
    expect(app.store.getState().outbox.map((e) => e.kind)).toEqual(['environment', 'environment-order']);
    expect(environments[0]?.enabled).toBe(true);

    server.offline = false;
    await app.checkConnection();
    await waitFor(() => expect(app.store.getState().outbox).toEqual([]));
    expect(environments[0]?.enabled).toBe(false);
    expect(environments.find((e) => e.name === 'staging')?.sortOrder).toBe(2);
  });

  it('creates an environment after checking its name as typed', async () => {
    const { server } = environmentServer();
    await renderWithConsole(<EnvironmentsScreen />, { server });
    const dialog = await openDialog('New environment');
    const name = within(dialog).getByLabelText(/^Name/);
    fireEvent.change(name, { target: { value: 'bad name' } });
    expect(await within(dialog).findByText('Letters, digits and - _ . ~ only')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'taken' } });
    expect(await within(dialog).findByText('Environment with name taken already exists')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'qa' } });
    fireEvent.change(within(dialog).getByLabelText(/^Type/), { target: { value: 'test' } });
    await waitFor(() => expect(within(dialog).queryByText(/already exists/)).toBeNull());
    await submitWhenChecked(dialog, 'Create environment');
    expect(await screen.findByText('Environment qa created.')).toBeTruthy();
    expect(server.calls('POST', '/api/admin/environments')[0]?.body).toEqual({ name: 'qa', type: 'test' });
    expect(await screen.findByTestId('environment-qa')).toBeTruthy();
  }, 20_000);

  it("shows the server's refusal next to the name", async () => {
    const { server } = environmentServer();
    await renderWithConsole(<EnvironmentsScreen />, { server });
    const dialog = await openDialog('New environment');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'racy' } });
    await waitFor(() =>
      expect(server.calls('POST', '/api/admin/environments/validate').length).toBeGreaterThan(0),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create environment' }));
    const message = await within(dialog).findByText('Environment with name racy already exists');
    expect(message.closest('.mantine-InputWrapper-root')?.querySelector('input')?.value).toBe('racy');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('clones an environment into chosen projects', async () => {
    const { server } = environmentServer();
    await renderWithConsole(<EnvironmentsScreen />, { server });
    const dialog = await openDialog('Clone development');
    expect((within(dialog).getByLabelText(/^Name/) as HTMLInputElement).value).toBe('development-copy');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'dev2' } });
    await submitWhenChecked(dialog, 'Clone environment');
    expect(await screen.findByText('Environment dev2 created as a clone.')).toBeTruthy();
    expect(server.calls('POST', '/api/admin/environments/development/clone')[0]?.body).toEqual({
      name: 'dev2',
      type: 'development',
      clonePermissions: true,
    });
  }, 20_000);

  it('edits the type and deletes an environment; a protected one offers neither', async () => {
    const { server, environments } = environmentServer();
    await renderWithConsole(<EnvironmentsScreen />, { server });
    expect((await screen.findByRole('button', { name: 'Edit production' })).hasAttribute('disabled')).toBe(
      true,
    );
    expect(screen.getByRole('button', { name: 'Delete production' }).hasAttribute('disabled')).toBe(true);
    const dialog = await openDialog('Edit staging');
    fireEvent.change(within(dialog).getByLabelText(/^Type/), { target: { value: 'preproduction' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save environment' }));
    await waitFor(() => expect(environments[2]?.type).toBe('preproduction'));
    expect(server.calls('PUT', '/api/admin/environments/update/staging')[0]?.body).toEqual({
      type: 'preproduction',
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete staging' }));
    const confirm = await screen.findByRole('dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete environment' }));
    expect(await screen.findByText('Environment staging deleted.')).toBeTruthy();
    expect(server.calls('DELETE', '/api/admin/environments/staging')).toHaveLength(1);
  }, 20_000);
});
