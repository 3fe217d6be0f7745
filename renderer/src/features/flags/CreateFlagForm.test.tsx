import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, createFakeServer, unleashError } from '../../test-utils/fake-server';
import { currentPath, renderWithConsole } from '../../test-utils/render';
import { FlagsScreen } from './FlagsScreen';

function createServer() {
  return createFakeServer()
    .on('GET', '/api/admin/search/features', { total: 0, features: [] })
    .on('GET', '/api/admin/projects', {
      version: 1,
      projects: [
        { id: 'default', name: 'Default' },
        { id: 'web', name: 'Web' },
      ],
    })
    .on('GET', '/api/admin/feature-types', {
      version: 1,
      types: [
        { id: 'release', name: 'Release', description: '', lifetimeDays: 40 },
        { id: 'experiment', name: 'Experiment', description: '', lifetimeDays: 40 },
      ],
    })
    .on('POST', '/api/admin/features/validate', (request) => {
      const { name } = request.body as { name: string };
      if (name === 'taken')
        return unleashError(409, 'NameExistsError', 'A flag with that name already exists');
      // The server's shape: a generic message, the specific one in `details` (without a path).
      if (name.includes(' ')) {
        return unleashError(
          400,
          'BadDataError',
          'Request validation failed: your request body or params contain invalid data. Refer to the `details` list for more information.',
          [{ message: `"name" must be URL friendly. You provided "${name}".` }],
        );
      }
      return answer(200);
    })
    .on('POST', '/api/admin/projects/web/features', (request) => answer(201, request.body));
}

async function openForm(path = '/features?project=web') {
  const server = createServer();
  const view = await renderWithConsole(<FlagsScreen />, { server, path });
  fireEvent.click(await screen.findByRole('button', { name: 'New flag' }));
  return { ...view, dialog: await screen.findByRole('dialog') };
}

const validations = (server: ReturnType<typeof createServer>) =>
  server.calls('POST', '/api/admin/features/validate').map((request) => request.body);

describe('create flag', () => {
  it('asks the server about the name once typing pauses and shows its answer under the field', async () => {
    const { server, dialog } = await openForm();
    const name = within(dialog).getByLabelText(/^Name/);
    fireEvent.change(name, { target: { value: 'ta' } });
    fireEvent.change(name, { target: { value: 'tak' } });
    fireEvent.change(name, { target: { value: 'taken' } });
    expect(
      await within(dialog).findByText('A flag with that name already exists', undefined, { timeout: 3000 }),
    ).toBeTruthy();
    expect(validations(server)).toEqual([{ name: 'taken', projectId: 'web' }]);
    expect(name.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(name, { target: { value: 'checkout v2' } });
    expect(
      await within(dialog).findByText('"name" must be URL friendly. You provided "checkout v2".', undefined, {
        timeout: 3000,
      }),
    ).toBeTruthy();

    fireEvent.change(name, { target: { value: 'checkout-v2' } });
    expect(await within(dialog).findByText('The name is free', undefined, { timeout: 3000 })).toBeTruthy();
    expect(validations(server)).toHaveLength(3);
  });

  it('refuses to submit a name the server called taken', async () => {
    const { server, dialog } = await openForm();
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'taken' } });
    await within(dialog).findByText('A flag with that name already exists', undefined, { timeout: 3000 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create flag' }));
    expect(server.calls('POST', '/api/admin/projects/web/features')).toHaveLength(0);
  });

  it('creates the flag in the chosen project and opens its page', async () => {
    const { server, dialog } = await openForm();
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'checkout-v2' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Second try' } });
    fireEvent.click(within(dialog).getByLabelText(/^Impression data/));
    await within(dialog).findByText('The name is free', undefined, { timeout: 3000 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create flag' }));
    await waitFor(() => expect(server.calls('POST', '/api/admin/projects/web/features')).toHaveLength(1));
    expect(server.calls('POST', '/api/admin/projects/web/features')[0]?.body).toEqual({
      name: 'checkout-v2',
      type: 'release',
      description: 'Second try',
      impressionData: true,
    });
    await waitFor(() => expect(currentPath()).toBe('/projects/web/features/checkout-v2'));
  });
});

describe("the project's naming pattern", () => {
  it('shows the rule and refuses a name that breaks it at each keystroke', async () => {
    const server = createServer().on('GET', '/api/admin/projects/web/overview', {
      featureNaming: { pattern: 'web-[a-z]+', example: 'web-checkout', description: 'web- then a word' },
    });
    await renderWithConsole(<FlagsScreen />, { server, path: '/features?project=web' });
    fireEvent.click(await screen.findByRole('button', { name: 'New flag' }));
    const dialog = await screen.findByRole('dialog');
    expect((await within(dialog).findByTestId('naming-rule')).textContent).toBe(
      'Naming pattern: web-[a-z]+ · for example web-checkout · web- then a word',
    );
    const name = within(dialog).getByLabelText(/^Name/);
    fireEvent.change(name, { target: { value: 'checkout' } });
    // The pattern engine (re2js) is a chunk of its own, loaded when a pattern is first checked.
    expect(
      await within(dialog).findByText(
        'The name does not match the project\'s naming pattern "web-[a-z]+" (for example "web-checkout")',
      ),
    ).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create flag' }));
    expect(server.calls('POST', '/api/admin/projects/web/features')).toHaveLength(0);

    fireEvent.change(name, { target: { value: 'web-checkout' } });
    expect(within(dialog).queryByText(/does not match the project's naming pattern/)).toBeNull();
    expect(await within(dialog).findByText('The name is free', undefined, { timeout: 3000 })).toBeTruthy();
  });
});
