import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, unleashError } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { SegmentsScreen } from './SegmentsScreen';

const betaUsers = {
  id: 1,
  name: 'beta-users',
  description: 'People who opted in',
  constraints: [
    { contextName: 'userId', operator: 'IN', values: ['u1', 'u2'], inverted: false, caseInsensitive: false },
  ],
  usedInFeatures: 1,
  usedInProjects: 1,
  project: null,
  createdBy: 'admin',
  createdAt: '2026-11-01T10:00:00.000Z',
};

const europe = {
  ...betaUsers,
  id: 2,
  name: 'europe',
  description: null,
  constraints: [],
  usedInFeatures: 0,
  project: 'default',
};

function segmentServer() {
  const segments = [betaUsers, europe];
  return createFakeServer()
    .on('GET', '/api/admin/segments', () => ({ body: { segments } }))
    .on('GET', '/api/admin/context', [
      { name: 'userId', description: null, stickiness: true, sortOrder: 1, createdAt: null, legalValues: [] },
      {
        name: 'region',
        description: null,
        stickiness: false,
        sortOrder: 2,
        createdAt: null,
        legalValues: [{ value: 'eu' }, { value: 'us' }],
      },
    ])
    .on('GET', '/api/admin/projects', {
      version: 1,
      projects: [{ id: 'default', name: 'Default project', description: '', mode: 'open' }],
    })
    .on('GET', '/api/admin/segments/1/strategies', {
      strategies: [
        {
          id: 's1',
          featureName: 'checkout',
          projectId: 'default',
          environment: 'production',
          strategyName: 'flexibleRollout',
        },
      ],
      changeRequestStrategies: [],
    })
    .on('GET', '/api/admin/segments/2/strategies', { strategies: [], changeRequestStrategies: [] })
    .on('POST', '/api/admin/segments', (request) => {
      const body = request.body as { name: string };
      if (body.name === 'europe')
        return unleashError(409, 'NameExistsError', 'There is already a segment with that name.');
      return { status: 201, body: { ...betaUsers, ...body, id: 3 } };
    })
    .on('PUT', '/api/admin/segments/1', { status: 204 })
    .on(
      'DELETE',
      '/api/admin/segments/1',
      unleashError(
        409,
        'ConflictError',
        'The segment "beta-users" is in use by 1 strategy and cannot be deleted',
      ),
    )
    .on('DELETE', '/api/admin/segments/2', { status: 204 });
}

async function openNew() {
  fireEvent.click(await screen.findByRole('button', { name: 'New segment' }));
  return screen.findByRole('dialog');
}

async function addUserIdConstraint(dialog: HTMLElement, value: string) {
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add constraint' }));
  const row = within(await within(dialog).findByTestId('constraint-0'));
  await waitFor(() =>
    expect((row.getByLabelText('Context field') as HTMLSelectElement).value).toBe('userId'),
  );
  const input = row.getByRole('combobox', { name: 'Values' });
  input.focus();
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter' });
  return row;
}

describe('segments screen', () => {
  it('lists segments and filters them by the search', async () => {
    await renderWithConsole(<SegmentsScreen />, { server: segmentServer() });
    const row = await screen.findByTestId('segment-beta-users');
    expect(row.textContent).toContain('People who opted in');
    expect(row.textContent).toContain('All projects');
    expect(screen.getByTestId('segment-europe').textContent).toContain('default');
    fireEvent.change(screen.getByLabelText('Search segments'), { target: { value: 'opted' } });
    expect(screen.queryByTestId('segment-europe')).toBeNull();
    expect(screen.getByTestId('segment-beta-users')).toBeTruthy();
  });

  it('creates a segment with a project and a constraint', async () => {
    const server = segmentServer();
    await renderWithConsole(<SegmentsScreen />, { server });
    const dialog = await openNew();
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'testers' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'QA team' } });
    await within(dialog).findByRole('option', { name: 'Default project' });
    fireEvent.change(within(dialog).getByLabelText(/^Project/), { target: { value: 'default' } });
    await addUserIdConstraint(dialog, 'qa-1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create segment' }));
    expect(await screen.findByText('Segment testers created.')).toBeTruthy();
    expect(server.calls('POST', '/api/admin/segments')[0]?.body).toEqual({
      name: 'testers',
      description: 'QA team',
      project: 'default',
      constraints: [
        { contextName: 'userId', operator: 'IN', values: ['qa-1'], inverted: false, caseInsensitive: false },
      ],
    });
  });

  it('checks the name against the known segments and refuses a constraint without values', async () => {
    const server = segmentServer();
    await renderWithConsole(<SegmentsScreen />, { server });
    const dialog = await openNew();
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'europe ' } });
    expect(await within(dialog).findByText('A segment called europe already exists')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'later' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add constraint' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create segment' }));
    expect(await within(dialog).findByText('Add at least one value')).toBeTruthy();
    expect(server.calls('POST', '/api/admin/segments')).toHaveLength(0);
  });

  it("shows the server's refusal of a name next to the name field", async () => {
    const server = segmentServer().on('GET', '/api/admin/segments', { segments: [betaUsers] });
    await renderWithConsole(<SegmentsScreen />, { server });
    const dialog = await openNew();
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'europe' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create segment' }));
    const message = await within(dialog).findByText('There is already a segment with that name.');
    const nameInput = within(dialog).getByLabelText(/^Name/);
    expect(nameInput.getAttribute('aria-invalid')).toBe('true');
    expect(nameInput.getAttribute('aria-describedby')).toContain(message.id);
  });

  it("puts the server's constraint message under the constraint it concerns", async () => {
    const refusal = 'input values are not specified as a legal value on this context field';
    const server = segmentServer()
      .on(
        'POST',
        '/api/admin/segments',
        unleashError(400, 'BadDataError', `Request validation failed: ${refusal}`),
      )
      .on('POST', '/api/admin/constraints/validate', unleashError(400, 'BadDataError', refusal));
    await renderWithConsole(<SegmentsScreen />, { server });
    const dialog = await openNew();
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'new-one' } });
    await addUserIdConstraint(dialog, 'x');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create segment' }));
    expect(await within(dialog).findByTestId('constraint-0-server-error')).toHaveProperty(
      'textContent',
      refusal,
    );
    expect(server.calls('POST', '/api/admin/constraints/validate')[0]?.body).toMatchObject({
      contextName: 'userId',
    });
  });

  it('edits a segment, showing where it is used', async () => {
    const server = segmentServer();
    await renderWithConsole(<SegmentsScreen />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit beta-users' }));
    const dialog = await screen.findByRole('dialog');
    expect((await within(dialog).findByTestId('segment-usage')).textContent).toContain(
      'checkout in production',
    );
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Opted-in people' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save segment' }));
    expect(await screen.findByText('Segment beta-users saved.')).toBeTruthy();
    expect(server.calls('PUT', '/api/admin/segments/1')[0]?.body).toEqual({
      name: 'beta-users',
      description: 'Opted-in people',
      project: null,
      constraints: betaUsers.constraints,
    });
  });

  it("shows the server's refusal to delete a segment in use, and deletes an unused one", async () => {
    const server = segmentServer();
    await renderWithConsole(<SegmentsScreen />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete beta-users' }));
    let dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete segment' }));
    expect(await within(dialog).findByText(/is in use by 1 strategy and cannot be deleted/)).toBeTruthy();
    expect(server.calls('DELETE', '/api/admin/segments/1')).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(await screen.findByRole('button', { name: 'Delete europe' }));
    dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('No strategy uses this segment.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete segment' }));
    expect(await screen.findByText('Segment europe deleted.')).toBeTruthy();
    expect(server.calls('DELETE', '/api/admin/segments/2')).toHaveLength(1);
  });

  it('queues a segment created offline and shows it as pending', async () => {
    const server = segmentServer();
    const { console: app } = await renderWithConsole(<SegmentsScreen />, { server });
    await screen.findByTestId('segment-beta-users');
    server.offline = true;
    const dialog = await openNew();
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'offline-made' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create segment' }));
    const row = await screen.findByTestId('segment-offline-made');
    expect(within(row).getByTestId('pending-badge').textContent).toBe('Pending');
    expect(app.store.getState().outbox[0]).toMatchObject({ kind: 'segment', base: null });

    server.offline = false;
    await app.checkConnection();
    await waitFor(() => expect(app.store.getState().outbox).toEqual([]));
    expect(server.calls('POST', '/api/admin/segments')).toHaveLength(1);
  });
});
