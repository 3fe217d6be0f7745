import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { FlagImpactMetrics } from './FlagImpactMetrics';
import type { CreateImpactMetricsConfig, ImpactMetricsConfig } from './impact-metrics-api';

const FLAG = { project: 'web', name: 'checkout' };
const CONFIG = '/api/admin/projects/web/features/checkout/impact-metrics/config';

const config = (id: string, body: CreateImpactMetricsConfig): ImpactMetricsConfig => ({
  id,
  metricName: body.metricName,
  timeRange: body.timeRange,
  aggregationMode: body.aggregationMode,
  labelSelectors: body.labelSelectors,
  type: 'counter',
  displayName: body.title ?? body.metricName,
  yAxisMin: body.yAxisMin,
  step: '15m',
  ...(body.title ? { title: body.title } : {}),
  mode: 'write',
});

const ERRORS = config('c1', {
  metricName: 'http_errors',
  timeRange: 'day',
  aggregationMode: 'count',
  yAxisMin: 'zero',
  labelSelectors: { route: ['/checkout'] },
  title: 'Checkout errors',
});

function points(values: (number | null)[]) {
  const start = Date.parse('2026-11-22T09:00:00Z');
  return values.map((value, i) => ({ time: new Date(start + i * 900_000).toISOString(), value }));
}

function impactServer(initial: ImpactMetricsConfig[], grants?: object[]) {
  let configs = initial;
  const server = createFakeServer()
    .on('GET', CONFIG, () => ({ body: { configs } }))
    .on('GET', `${CONFIG}/c1/series`, { configId: 'c1', step: '15m', points: points([1, null, 4, 2]) })
    .on('GET', `${CONFIG}/c2/series`, { configId: 'c2', step: '15m', points: points([null, null]) })
    .on('POST', CONFIG, (request) => {
      const saved = config('c2', request.body as CreateImpactMetricsConfig);
      configs = [...configs, saved];
      return { body: saved };
    })
    .on('DELETE', `${CONFIG}/c1`, () => {
      configs = configs.filter((c) => c.id !== 'c1');
      return { status: 204 };
    });
  if (grants)
    server.on('GET', '/api/admin/user', { user: { id: 2, username: 'viewer' }, permissions: grants });
  return server;
}

describe("a flag's impact metrics", () => {
  it('charts each configured metric, saying what it shows', async () => {
    await renderWithConsole(<FlagImpactMetrics flag={FLAG} />, { server: impactServer([ERRORS]) });
    const card = await screen.findByTestId('impact-config-c1');
    expect(within(card).getByRole('heading', { name: 'Checkout errors' })).toBeTruthy();
    expect(card.textContent).toContain('http_errors {route=/checkout}: count per 15m over the last day');
    const chart = await within(card).findByRole('img');
    expect(chart.getAttribute('aria-label')).toBe('Checkout errors: latest 2, peak 4 over the last day');
    expect(chart.getAttribute('data-points')).toBe('4');
  });

  it('adds a chart from the form and shows it, its empty period said in words', async () => {
    const server = impactServer([]);
    await renderWithConsole(<FlagImpactMetrics flag={FLAG} />, { server });
    expect(await screen.findByText(/No impact metric is charted for this flag/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add impact metric chart' }));
    const form = within(screen.getByRole('form', { name: 'New impact metric chart of checkout' }));
    fireEvent.click(form.getByRole('button', { name: 'Save chart' }));
    expect(await form.findByText(/Letters, digits/)).toBeTruthy();
    expect(server.calls('POST', CONFIG)).toHaveLength(0);
    fireEvent.change(form.getByLabelText(/Impact metric/), { target: { value: 'queue_depth' } });
    fireEvent.change(form.getByLabelText('Aggregation'), { target: { value: 'p95' } });
    fireEvent.change(form.getByLabelText('Period'), { target: { value: 'week' } });
    fireEvent.click(form.getByRole('button', { name: 'Save chart' }));
    await waitFor(() =>
      expect(server.calls('POST', CONFIG)[0]?.body).toEqual({
        metricName: 'queue_depth',
        aggregationMode: 'p95',
        timeRange: 'week',
        yAxisMin: 'zero',
        labelSelectors: {},
      }),
    );
    expect(await screen.findByText('Chart added.')).toBeTruthy();
    const card = await screen.findByTestId('impact-config-c2');
    expect(await within(card).findByText('No SDK reported queue_depth over the last week.')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('removes a chart only after asking', async () => {
    const server = impactServer([ERRORS]);
    await renderWithConsole(<FlagImpactMetrics flag={FLAG} />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove chart Checkout errors' }));
    expect(server.calls('DELETE', `${CONFIG}/c1`)).toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove chart' }));
    await waitFor(() => expect(server.calls('DELETE', `${CONFIG}/c1`)).toHaveLength(1));
    expect(await screen.findByText('Chart removed.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('impact-config-c1')).toBeNull());
  });

  it('tells a user who may not change the flag why adding and removing are disabled', async () => {
    const server = impactServer([ERRORS], [{ permission: 'UPDATE_FEATURE', project: 'other' }]);
    await renderWithConsole(<FlagImpactMetrics flag={FLAG} />, { server });
    const reason =
      'You need the UPDATE_FEATURE permission in project web. Ask an admin for a role that grants it.';
    const add = await screen.findByRole('button', { name: 'Add impact metric chart' });
    await waitFor(() => expect(add.getAttribute('data-disabled-reason')).toBe(reason));
    const remove = screen.getByRole('button', { name: 'Remove chart Checkout errors' });
    expect(remove.getAttribute('data-disabled-reason')).toBe(reason);
    fireEvent.click(add);
    fireEvent.click(remove);
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
