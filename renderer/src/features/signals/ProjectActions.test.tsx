import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, unleashError } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { ProjectActions } from './ProjectActions';

const at = '2026-11-25T10:00:00Z';
const params = { project: 'checkout', environment: 'production', featureName: 'banner' };
const set = {
  id: 4,
  name: 'incident banner',
  description: 'Shows the banner during incidents',
  enabled: true,
  project: 'checkout',
  actorId: 9,
  match: {
    source: 'signal-endpoint',
    sourceId: 1,
    payload: {
      status: { operator: 'IN', values: ['open', 'ack'] },
      count: { operator: 'NUM_GT', value: '3', inverted: true },
    },
  },
  actions: [
    {
      id: 11,
      action: 'ENABLE_FEATURE',
      sortOrder: 0,
      executionParams: params,
      createdAt: at,
      createdByUserId: 1,
    },
    {
      id: 12,
      action: 'DISABLE_FEATURE',
      sortOrder: 1,
      executionParams: { ...params, environment: 'development' },
      createdAt: at,
      createdByUserId: 1,
    },
  ],
  createdAt: at,
  createdByUserId: 1,
};

function actionServer() {
  return createFakeServer()
    .on('GET', '/api/admin/projects/checkout/actions', { actions: [set] })
    .on('GET', '/api/admin/signal-endpoints', {
      signalEndpoints: [
        {
          id: 1,
          name: 'pagerduty',
          enabled: true,
          description: null,
          createdAt: at,
          createdByUserId: 1,
          tokens: [],
        },
      ],
    })
    .on('GET', '/api/admin/service-account', {
      serviceAccounts: [{ id: 9, name: 'Incident bot', username: 'incident-bot' }],
    })
    .on('GET', '/api/admin/projects/checkout/features', { features: [{ name: 'banner' }] })
    .on('GET', '/api/admin/environments', { environments: [{ name: 'development' }, { name: 'production' }] })
    .on('POST', '/api/admin/projects/checkout/actions/4/off', { ...set, enabled: false })
    .on('POST', '/api/admin/projects/checkout/actions', (request) => ({
      status: 201,
      body: { ...set, id: 5, ...(request.body as object) },
    }))
    .on('PUT', '/api/admin/projects/checkout/actions/4', (request) => {
      const body = request.body as { name: string };
      if (body.name === 'eleventh') {
        return unleashError(
          400,
          'ExceedsLimitError',
          "You can't create more than the established limit of 10.",
        );
      }
      return { body: { ...set, ...body } };
    })
    .on('GET', '/api/admin/projects/checkout/actions/4/events', {
      actionSetEvents: [
        {
          id: 1,
          actionSetId: 4,
          signalId: 3,
          createdAt: at,
          state: 'failed',
          signal: {
            id: 3,
            source: 'signal-endpoint',
            sourceId: 1,
            createdAt: at,
            createdBySourceTokenId: 2,
            tokenName: 'pd',
            payload: { status: 'open' },
          },
          actionSet: {
            ...set,
            actions: [{ ...set.actions[0], state: 'failed', details: 'needs UPDATE_FEATURE_ENVIRONMENT' }],
          },
        },
      ],
    });
}

describe('project actions', () => {
  it('shows each action set with its source, filters, actions and actor, and switches one off', async () => {
    const server = actionServer();
    await renderWithConsole(<ProjectActions projectId="checkout" />, { server });
    const row = await screen.findByTestId('action-set-incident banner');
    await waitFor(() => expect(row.textContent).toContain('pagerduty'));
    expect(row.textContent).toContain('status IN open, ack');
    expect(row.textContent).toContain('Enable flag banner in production');
    await waitFor(() => expect(row.textContent).toContain('Incident bot'));
    fireEvent.click(within(row).getByRole('switch', { name: 'Enable incident banner' }));
    await waitFor(() =>
      expect(server.calls('POST', '/api/admin/projects/checkout/actions/4/off')).toHaveLength(1),
    );
  });

  it('shows the execution log with each action outcome and the signal payload', async () => {
    await renderWithConsole(<ProjectActions projectId="checkout" />, { server: actionServer() });
    fireEvent.click(await screen.findByRole('button', { name: 'Log' }));
    const event = await screen.findByTestId('action-set-event');
    expect(event.textContent).toContain('failed');
    expect(event.textContent).toContain('needs UPDATE_FEATURE_ENVIRONMENT');
    expect(event.textContent).toContain('"status": "open"');
  });

  it('creates an action set from the chosen source, filter, action and actor', async () => {
    const server = actionServer();
    await renderWithConsole(<ProjectActions projectId="checkout" />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'New action set' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByLabelText(/^Source/, { selector: 'input' });
    const pick = async (label: RegExp, option: string) => {
      fireEvent.click(within(dialog).getByLabelText(label, { selector: 'input' }));
      fireEvent.click(await screen.findByRole('option', { name: option }));
    };
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'rollback' } });
    await pick(/^Source/, 'pagerduty');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add filter' }));
    fireEvent.change(within(dialog).getByLabelText('Filter 1 path'), { target: { value: 'severity' } });
    fireEvent.change(within(dialog).getByLabelText('Filter 1 values'), {
      target: { value: 'high, critical' },
    });
    await pick(/^Action 1 flag/, 'banner');
    await pick(/^Action 1 environment/, 'production');
    await pick(/^Run as service account/, 'Incident bot');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create action set' }));
    await waitFor(() => expect(server.calls('POST', '/api/admin/projects/checkout/actions')).toHaveLength(1));
    expect(server.calls('POST', '/api/admin/projects/checkout/actions')[0]?.body).toEqual({
      name: 'rollback',
      actorId: 9,
      match: {
        source: 'signal-endpoint',
        sourceId: 1,
        payload: { severity: { operator: 'IN', values: ['high', 'critical'] } },
      },
      actions: [{ action: 'ENABLE_FEATURE', sortOrder: 0, executionParams: params }],
    });
    // Many Mantine selects to open on a shared two-core machine.
  }, 20_000);

  it('edits an action set in the creation form, pre-filled, and saves the whole set with PUT', async () => {
    const server = actionServer();
    await renderWithConsole(<ProjectActions projectId="checkout" />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit incident banner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit incident banner' });
    const field = (label: string | RegExp) =>
      within(dialog).getByLabelText(label, { selector: 'input, textarea' }) as HTMLInputElement;
    await waitFor(() => expect(field(/^Source/).value).toBe('pagerduty'));
    expect(field(/^Name/).value).toBe('incident banner');
    expect(field('Description').value).toBe('Shows the banner during incidents');
    expect(field('Filter 1 path').value).toBe('status');
    expect(field('Filter 1 values').value).toBe('open, ack');
    expect(field('Filter 2 path').value).toBe('count');
    expect(field('Filter 2 operator').value).toBe('NUM_GT');
    expect(field('Filter 2 values').value).toBe('3');
    expect(field('Action 1').value).toBe('Enable flag');
    expect(field('Action 1 environment').value).toBe('production');
    expect(field('Action 2').value).toBe('Disable flag');
    expect(field('Action 2 environment').value).toBe('development');
    expect(field(/^Run as service account/).value).toBe('Incident bot');
    expect(within(dialog).getByRole('button', { name: 'Move action 1 up' })).toHaveProperty('disabled', true);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Move action 2 up' }));
    expect(field('Action 1').value).toBe('Disable flag');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove filter 1' }));
    expect(field('Filter 1 path').value).toBe('count');
    fireEvent.change(field(/^Name/), { target: { value: 'eleventh' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save action set' }));
    expect(await within(dialog).findByText(/established limit of 10/)).toBeTruthy();
    expect(within(dialog).getByText('The action set was not saved')).toBeTruthy();

    fireEvent.change(field(/^Name/), { target: { value: 'incident banner v2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save action set' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const puts = server.calls('PUT', '/api/admin/projects/checkout/actions/4');
    expect(puts).toHaveLength(2);
    expect(puts[1]?.body).toEqual({
      name: 'incident banner v2',
      description: 'Shows the banner during incidents',
      enabled: true,
      actorId: 9,
      match: {
        source: 'signal-endpoint',
        sourceId: 1,
        payload: { count: { operator: 'NUM_GT', value: '3', inverted: true } },
      },
      actions: [
        {
          action: 'DISABLE_FEATURE',
          sortOrder: 0,
          executionParams: { ...params, environment: 'development' },
        },
        { action: 'ENABLE_FEATURE', sortOrder: 1, executionParams: params },
      ],
    });
    expect(server.calls('POST', '/api/admin/projects/checkout/actions')).toHaveLength(0);
  }, 20_000);
});
