import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, unleashError } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { legalValueProblems, nameProblem } from './ContextFieldForm';
import { ContextFieldsScreen } from './ContextFieldsScreen';

interface Field {
  name: string;
  description: string | null;
  stickiness: boolean;
  sortOrder: number;
  createdAt: string | null;
  usedInFeatures?: number;
  legalValues: Array<{ value: string; description?: string }>;
}

function contextServer() {
  const fields: Field[] = [
    {
      name: 'userId',
      description: 'Allows you to constrain on userId',
      stickiness: true,
      sortOrder: 1,
      createdAt: null,
      legalValues: [],
    },
    {
      name: 'region',
      description: 'Where the user is',
      stickiness: false,
      sortOrder: 2,
      createdAt: null,
      usedInFeatures: 3,
      legalValues: [{ value: 'eu', description: 'Europe' }, { value: 'us' }],
    },
  ];
  const server = createFakeServer()
    .on('GET', '/api/admin/context', () => ({ body: fields }))
    .on('POST', '/api/admin/context/validate', (request) => {
      const { name } = request.body as { name: string };
      if (name === 'tenant') {
        return unleashError(409, 'NameExistsError', 'A context field with that name already exist');
      }
      return { status: 200 };
    })
    .on('POST', '/api/admin/context', (request) => {
      const body = request.body as Field;
      fields.push({ ...body, description: body.description ?? null, sortOrder: 0, createdAt: null });
      return { status: 201, body };
    })
    .on('PUT', '/api/admin/context/region', (request) => {
      const body = request.body as Field;
      if (body.legalValues.some((legal) => legal.value === 'xx')) {
        return unleashError(400, 'BadDataError', 'Request validation failed', [
          { path: '/body/description', message: 'The description is too long' },
        ]);
      }
      Object.assign(fields[1]!, body);
      return { status: 200 };
    })
    .on('DELETE', '/api/admin/context/region', () => {
      fields.splice(1, 1);
      return { status: 200 };
    });
  return server;
}

describe('context fields screen', () => {
  it('lists fields with legal values and stickiness', async () => {
    await renderWithConsole(<ContextFieldsScreen />, { server: contextServer() });
    const region = await screen.findByTestId('context-field-region');
    expect(region.textContent).toContain('eu');
    expect(region.textContent).toContain('us');
    expect(within(screen.getByTestId('context-field-userId')).getByText('yes')).toBeTruthy();
  });

  it('checks the name with the server as you type and shows its answer next to the field', async () => {
    const server = contextServer();
    await renderWithConsole(<ContextFieldsScreen />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'New context field' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText(/^Name/);
    fireEvent.change(name, { target: { value: 'bad name' } });
    expect(
      within(dialog).getByText('Use a URL-friendly name: letters, digits and - _ . ~ only'),
    ).toBeTruthy();
    fireEvent.change(name, { target: { value: 'userId' } });
    expect(within(dialog).getByText('A context field named userId already exists')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'tenant' } });
    const message = await within(dialog).findByText('A context field with that name already exist');
    expect(name.getAttribute('aria-describedby')).toContain(message.id);
    expect(server.calls('POST', '/api/admin/context/validate').at(-1)?.body).toEqual({ name: 'tenant' });
    // Names that break the local rules never reach the server.
    expect(server.calls('POST', '/api/admin/context/validate').map((call) => call.body)).toEqual([
      { name: 'tenant' },
    ]);
    fireEvent.change(name, { target: { value: 'country' } });
    await waitFor(() => expect(within(dialog).queryByText(/already exist/)).toBeNull());
    await waitFor(() => expect(server.calls('POST', '/api/admin/context/validate')).toHaveLength(2));
  });

  it('creates a field with stickiness and legal values', async () => {
    const server = contextServer();
    await renderWithConsole(<ContextFieldsScreen />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'New context field' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'country' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'ISO country' } });
    fireEvent.click(within(dialog).getByLabelText(/^Custom stickiness/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add legal value' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add legal value' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add legal value' }));
    fireEvent.change(within(dialog).getByLabelText('Legal value 1'), { target: { value: 'SE' } });
    fireEvent.change(within(dialog).getByLabelText('Description of legal value 1'), {
      target: { value: 'Sweden' },
    });
    fireEvent.change(within(dialog).getByLabelText('Legal value 2'), { target: { value: 'SE' } });
    expect(within(dialog).getByText('SE is listed twice')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Legal value 2'), { target: { value: 'NO' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove legal value 3' }));
    await waitFor(() => expect(server.calls('POST', '/api/admin/context/validate')).toHaveLength(1));
    await waitFor(() =>
      expect(
        (within(dialog).getByRole('button', { name: 'Create context field' }) as HTMLButtonElement).disabled,
      ).toBe(false),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create context field' }));
    expect(await screen.findByText('Context field country created.')).toBeTruthy();
    expect(server.calls('POST', '/api/admin/context')[0]?.body).toEqual({
      name: 'country',
      description: 'ISO country',
      stickiness: true,
      legalValues: [{ value: 'SE', description: 'Sweden' }, { value: 'NO' }],
    });
    expect(await screen.findByTestId('context-field-country')).toBeTruthy();
  });

  it('edits a field with one PUT holding all of it, and shows field errors in place', async () => {
    const server = contextServer();
    await renderWithConsole(<ContextFieldsScreen />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit region' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText(/^Name/) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove legal value 2' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add legal value' }));
    fireEvent.change(within(dialog).getByLabelText('Legal value 2'), { target: { value: 'xx' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save context field' }));
    const message = await within(dialog).findByText('The description is too long');
    expect(within(dialog).getByLabelText('Description').getAttribute('aria-describedby')).toContain(
      message.id,
    );

    fireEvent.change(within(dialog).getByLabelText('Legal value 2'), { target: { value: 'apac' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save context field' }));
    expect(await screen.findByText('Context field region saved.')).toBeTruthy();
    expect(server.calls('PUT', '/api/admin/context/region').at(-1)?.body).toEqual({
      name: 'region',
      description: 'Where the user is',
      stickiness: false,
      legalValues: [{ value: 'eu', description: 'Europe' }, { value: 'apac' }],
    });
    await waitFor(() => expect(screen.getByTestId('context-field-region').textContent).toContain('apac'));
  });

  it('deletes a field after confirming', async () => {
    const server = contextServer();
    await renderWithConsole(<ContextFieldsScreen />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete region' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('used by 3 flag(s)');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete context field' }));
    expect(await screen.findByText('Context field region deleted.')).toBeTruthy();
    expect(server.calls('DELETE', '/api/admin/context/region')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByTestId('context-field-region')).toBeNull());
  });

  it('queues an edit made offline and replays it with a snapshot check', async () => {
    const server = contextServer();
    server.on('GET', '/api/admin/context/region', () => ({
      body: {
        name: 'region',
        description: 'Where the user is',
        stickiness: false,
        sortOrder: 2,
        createdAt: null,
        legalValues: [{ value: 'eu', description: 'Europe' }, { value: 'us' }],
      },
    }));
    const { console: app } = await renderWithConsole(<ContextFieldsScreen />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit region' }));
    const dialog = await screen.findByRole('dialog');
    server.offline = true;
    fireEvent.click(within(dialog).getByLabelText(/^Custom stickiness/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save context field' }));
    expect(await screen.findByText(/your change is pending/)).toBeTruthy();
    const row = await screen.findByTestId('context-field-region');
    expect(within(row).getByTestId('pending-badge').textContent).toBe('Pending');
    expect(app.store.getState().outbox[0]).toMatchObject({ kind: 'context-field', target: 'region' });
    server.offline = false;
    await app.checkConnection();
    await waitFor(() => expect(app.store.getState().outbox).toEqual([]));
    expect(server.calls('PUT', '/api/admin/context/region')[0]?.body).toMatchObject({ stickiness: true });
  });
});

describe('context field rules', () => {
  it('checks names and legal values locally', () => {
    expect(nameProblem('', [])).toBe('A context field needs a name');
    expect(nameProblem('a/b', [])).toMatch(/URL-friendly/);
    expect(nameProblem('tenant', ['tenant'])).toMatch(/already exists/);
    expect(nameProblem('tenant_id', [])).toBeNull();
    expect(
      legalValueProblems([
        { value: 'a', description: '' },
        { value: ' ', description: '' },
        { value: 'a', description: '' },
      ]),
    ).toEqual({ 1: 'A legal value cannot be empty', 2: 'a is listed twice' });
  });
});
