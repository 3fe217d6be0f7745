import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../../app/theme';
import { createFakeServer } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { EvaluationBars, EvaluationChart } from './EvaluationChart';
import { chartPoints, HOUR_MS, hasEvaluations, hourlyBuckets, variantNames } from './evaluation-buckets';

// The test console's clock: 2026-11-22T10:00:00Z.
const NOW = Date.parse('2026-11-22T10:00:00Z');

function row(
  environment: string,
  timestamp: string,
  yes: number,
  no: number,
  appName = 'web',
  variants?: Record<string, number>,
) {
  return {
    featureName: 'checkout',
    appName,
    environment,
    timestamp,
    yes,
    no,
    ...(variants ? { variants } : {}),
  };
}

const METRICS = {
  version: 1,
  maturity: 'stable',
  data: [
    row('production', '2026-11-22T09:00:00.000Z', 10, 2, 'web', { blue: 4, green: 1 }),
    row('production', '2026-11-22T09:00:00.000Z', 5, 1, 'mobile', { blue: 2 }),
    row('production', '2026-11-22T07:00:00.000Z', 3, 0),
    row('development', '2026-11-22T08:00:00.000Z', 1, 1),
  ],
};

describe('hourly buckets', () => {
  it('sums applications per hour of one environment and counts empty hours as zero', () => {
    const buckets = hourlyBuckets(METRICS, 'production', 4, NOW + 5 * 60_000);
    expect(buckets.map((bucket) => [new Date(bucket.start).toISOString(), bucket.yes, bucket.no])).toEqual([
      ['2026-11-22T07:00:00.000Z', 3, 0],
      ['2026-11-22T08:00:00.000Z', 0, 0],
      ['2026-11-22T09:00:00.000Z', 15, 3],
      ['2026-11-22T10:00:00.000Z', 0, 0],
    ]);
    expect(hasEvaluations(buckets)).toBe(true);
    expect(hasEvaluations(hourlyBuckets(METRICS, 'production', 2, NOW + 10 * HOUR_MS))).toBe(false);
  });

  it('sums variants per hour and gives the chart one point per hour, yes/no or per variant', () => {
    const buckets = hourlyBuckets(METRICS, 'production', 4, NOW + 5 * 60_000);
    expect(buckets[2]?.variants).toEqual({ blue: 6, green: 1 });
    expect(variantNames(buckets)).toEqual(['blue', 'green']);
    const yesNo = chartPoints(buckets, 'yes-no', false);
    expect(yesNo).toHaveLength(4);
    expect(yesNo[2]).toMatchObject({ yes: 15, no: 3 });
    expect(yesNo[2]).not.toHaveProperty('blue');
    const variants = chartPoints(buckets, 'variants', false);
    expect(variants[2]).toMatchObject({ blue: 6, green: 1 });
    expect(variants[0]).toMatchObject({ blue: 0, green: 0 });
    expect(variants[2]).not.toHaveProperty('yes');
    // Periods longer than a day carry the date on the time axis.
    expect(String(chartPoints(buckets, 'yes-no', true)[0]?.hour).length).toBeGreaterThan(
      String(yesNo[0]?.hour).length,
    );
  });
});

describe('evaluation chart', () => {
  it('draws the hours as a chart with axes, labelled with its totals', () => {
    render(
      <MantineProvider theme={theme} env="test">
        <EvaluationBars
          environment="production"
          buckets={[
            { start: NOW - HOUR_MS, yes: 15, no: 3, variants: {} },
            { start: NOW, yes: 0, no: 0, variants: {} },
          ]}
        />
      </MantineProvider>,
    );
    const chart = screen.getByRole('img', { name: 'Evaluations per hour in production: 15 yes, 3 no' });
    expect(chart.getAttribute('data-points')).toBe('2');
    expect(screen.getByTestId('evaluation-totals').textContent).toBe('15 yes · 3 no · peak 18/hour');
  });

  it('reads the raw metrics of the flag for the period chosen', async () => {
    const server = createFakeServer().on('GET', '/api/admin/client-metrics/features/checkout/raw', METRICS);
    await renderWithConsole(
      <EvaluationChart name="checkout" environments={['development', 'production']} />,
      {
        server,
      },
    );
    const chart = await screen.findByTestId('evaluation-chart');
    expect(chart.getAttribute('data-points')).toBe('48');
    // The environment that reported first in name order is shown first.
    expect(chart.getAttribute('aria-label')).toBe('Evaluations per hour in development: 1 yes, 1 no');
    expect(
      server.calls('GET', '/api/admin/client-metrics/features/checkout/raw')[0]?.query.get('hoursBack'),
    ).toBe('48');
    fireEvent.click(screen.getByRole('radio', { name: '24 hours' }));
    await waitFor(() =>
      expect(screen.getByTestId('evaluation-chart').getAttribute('data-points')).toBe('24'),
    );
    expect(
      server.calls('GET', '/api/admin/client-metrics/features/checkout/raw').at(-1)?.query.get('hoursBack'),
    ).toBe('24');
  });

  it('shows yes and no, or the variants the SDKs reported, of the environment chosen', async () => {
    const server = createFakeServer().on('GET', '/api/admin/client-metrics/features/checkout/raw', METRICS);
    await renderWithConsole(
      <EvaluationChart name="checkout" environments={['development', 'production']} />,
      {
        server,
      },
    );
    const chart = await screen.findByTestId('evaluation-chart');
    expect(chart.getAttribute('data-series')).toBe('yes,no');
    fireEvent.click(screen.getByRole('radio', { name: 'Variants' }));
    // development reported no variant: the totals say so.
    await waitFor(() => expect(screen.getByTestId('evaluation-chart').getAttribute('data-series')).toBe(''));
    expect(screen.getByTestId('evaluation-totals').textContent).toContain('no variant was reported');
    fireEvent.click(screen.getByLabelText('Environment', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'production' }));
    await waitFor(() =>
      expect(screen.getByTestId('evaluation-chart').getAttribute('data-series')).toBe('blue,green'),
    );
    expect(screen.getByTestId('evaluation-chart').getAttribute('aria-label')).toBe(
      'Evaluations per hour in production: 18 yes, 3 no',
    );
  });

  it('says so when no SDK reported evaluations', async () => {
    const server = createFakeServer().on('GET', '/api/admin/client-metrics/features/checkout/raw', {
      version: 1,
      maturity: 'stable',
      data: [],
    });
    await renderWithConsole(<EvaluationChart name="checkout" environments={['development']} />, { server });
    expect((await screen.findByTestId('no-evaluations')).textContent).toContain('in development');
    expect(screen.queryByTestId('evaluation-chart')).toBeNull();
  });
});
