import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithConsole } from '../../test-utils/render';
import { ExperimentsScreen } from './ExperimentsScreen';
import { experiment, experimentsServer, FLAG_EXPERIMENTS } from './experiments-test-server';
import { FlagExperiments } from './FlagExperiments';

async function choose(label: string, option: string | RegExp, scope: HTMLElement = document.body) {
  fireEvent.click(within(scope).getByRole('combobox', { name: new RegExp(`^${label}`) }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('Experiments screen', () => {
  it('lists experiments with status, flag, environment and primary metric, filtered by status', async () => {
    const server = experimentsServer();
    await renderWithConsole(<ExperimentsScreen />, { server, path: '/experiments' });
    const row = await screen.findByTestId('experiment-row-1');
    for (const text of ['Green button', 'checkout', 'production', 'running', 'purchase']) {
      expect(row.textContent).toContain(text);
    }
    expect(screen.getByTestId('experiment-row-2').textContent).toContain('draft');
    expect(within(row).getByRole('link', { name: 'checkout' }).getAttribute('href')).toBe(
      '/projects/default/features/checkout',
    );

    await choose('Status', 'Running');
    await waitFor(() =>
      expect(
        server.requests.some(
          (r) => r.path === '/api/admin/experiments' && r.query.get('status') === 'running',
        ),
      ).toBe(true),
    );
  }, 30_000);

  it('creates an experiment picking flag, environment, control and metrics', async () => {
    const server = experimentsServer();
    await renderWithConsole(<ExperimentsScreen />, { server, path: '/experiments' });
    fireEvent.click(await screen.findByRole('button', { name: 'New experiment' }));
    const form = await screen.findByRole('form', { name: 'New experiment' });
    fireEvent.click(within(form).getByRole('button', { name: 'Create experiment' }));
    expect(await within(form).findByText('Name the experiment.')).toBeTruthy();
    expect(server.calls('POST', FLAG_EXPERIMENTS)).toHaveLength(0);

    fireEvent.change(within(form).getByRole('textbox', { name: /^Name/ }), {
      target: { value: 'Bigger button' },
    });
    await choose('Flag', 'checkout (default)', form);
    await choose('Environment', 'production', form);
    await choose('Control variant', 'control', form);
    fireEvent.change(within(form).getByRole('textbox', { name: /^Event/ }), {
      target: { value: 'purchase' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Add metric' }));
    const second = within(form).getByRole('group', { name: 'Metric 2' });
    fireEvent.change(within(second).getByRole('textbox', { name: /^Event/ }), {
      target: { value: 'latency_ms' },
    });
    await choose('Role', 'Guardrail', second);
    fireEvent.click(within(second).getByRole('checkbox', { name: 'Higher is better' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Create experiment' }));

    await waitFor(() => expect(server.calls('POST', FLAG_EXPERIMENTS)).toHaveLength(1));
    expect(server.calls('POST', FLAG_EXPERIMENTS)[0]?.body).toEqual({
      name: 'Bigger button',
      environment: 'production',
      controlVariant: 'control',
      metrics: [
        { eventName: 'purchase', role: 'primary', type: 'binomial', higherIsBetter: true, windowHours: 72 },
        {
          eventName: 'latency_ms',
          role: 'guardrail',
          type: 'binomial',
          higherIsBetter: false,
          windowHours: 72,
        },
      ],
      method: 'sequential',
      alpha: 0.05,
    });
    expect(await screen.findByTestId('experiment-details')).toBeTruthy();
  }, 30_000);
});

describe("flag page's experiments", () => {
  it('starts a draft and stops a running experiment', async () => {
    const server = experimentsServer();
    await renderWithConsole(<FlagExperiments flag={{ project: 'default', name: 'checkout' }} />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'Start Big font' }));
    await waitFor(() => expect(server.calls('POST', `${FLAG_EXPERIMENTS}/2/start`)).toHaveLength(1));
    expect(await screen.findByText('Experiment started.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stop Green button' }));
    await waitFor(() => expect(server.calls('POST', `${FLAG_EXPERIMENTS}/1/stop`)).toHaveLength(1));
  }, 30_000);

  it('disables start and stop with the reason without the permission in that environment', async () => {
    const server = experimentsServer([
      experiment(),
      experiment({ id: 2, name: 'Big font', status: 'draft' }),
    ]).on('GET', '/api/admin/user', {
      user: { id: 2, name: 'Vera Viewer', username: 'vera' },
      permissions: [
        { permission: 'UPDATE_FEATURE_ENVIRONMENT', project: 'default', environment: 'development' },
      ],
    });
    await renderWithConsole(<FlagExperiments flag={{ project: 'default', name: 'checkout' }} />, { server });
    const stop = await screen.findByRole('button', { name: 'Stop Green button' });
    await waitFor(() => expect(stop.getAttribute('aria-disabled')).toBe('true'));
    expect(stop.getAttribute('data-disabled-reason')).toContain(
      'UPDATE_FEATURE_ENVIRONMENT permission in production',
    );
    fireEvent.click(stop);
    expect(server.calls('POST', `${FLAG_EXPERIMENTS}/1/stop`)).toHaveLength(0);
    expect(
      screen.getByRole('button', { name: 'New experiment' }).getAttribute('data-disabled-reason'),
    ).toContain('UPDATE_FEATURE');
  }, 30_000);
});
