import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../../app/theme';
import { createFakeServer } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { EvaluationBars, EvaluationChart } from './EvaluationChart';
import { HOUR_MS, hasEvaluations, hourlyBuckets } from './evaluation-buckets';

// The test console's clock: 2026-11-22T10:00:00Z.
const NOW = Date.parse('2026-11-22T10:00:00Z');

function row(environment: string, timestamp: string, yes: number, no: number, appName = 'web') {
  return { featureName: 'checkout', appName, environment, timestamp, yes, no };
}

const METRICS = {
  version: 1,
  maturity: 'stable',
  data: [
    row('production', '2026-11-22T09:00:00.000Z', 10, 2),
    row('production', '2026-11-22T09:00:00.000Z', 5, 1, 'mobile'),
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
});

describe('evaluation chart', () => {
  it('draws one stacked bar per hour with its counts', () => {
    render(
      <MantineProvider theme={theme} env="test">
        <EvaluationBars
          environment="production"
          buckets={[
            { start: NOW - HOUR_MS, yes: 15, no: 3 },
            { start: NOW, yes: 0, no: 0 },
          ]}
        />
      </MantineProvider>,
    );
    expect(screen.getByRole('img', { name: 'Evaluations per hour in production' })).toBeTruthy();
    const bars = screen.getAllByTestId('evaluation-bar');
    expect(bars).toHaveLength(2);
    expect(bars[0]?.querySelector('title')?.textContent).toContain('15 yes, 3 no');
    expect(screen.getByTestId('evaluation-totals').textContent).toContain('15 yes');
  });

  it('reads the raw metrics of the flag for the period chosen', async () => {
    const server = createFakeServer().on('GET', '/api/admin/client-metrics/features/checkout/raw', METRICS);
    await renderWithConsole(
      <EvaluationChart name="checkout" environments={['development', 'production']} />,
      {
        server,
      },
    );
    expect(await screen.findAllByTestId('evaluation-bar')).toHaveLength(48);
    expect(
      server.calls('GET', '/api/admin/client-metrics/features/checkout/raw')[0]?.query.get('hoursBack'),
    ).toBe('48');
    fireEvent.click(screen.getByRole('radio', { name: '24 hours' }));
    await waitFor(() => expect(screen.getAllByTestId('evaluation-bar')).toHaveLength(24));
    expect(
      server.calls('GET', '/api/admin/client-metrics/features/checkout/raw').at(-1)?.query.get('hoursBack'),
    ).toBe('24');
  });

  it('says so when no SDK reported evaluations', async () => {
    const server = createFakeServer().on('GET', '/api/admin/client-metrics/features/checkout/raw', {
      version: 1,
      maturity: 'stable',
      data: [],
    });
    await renderWithConsole(<EvaluationChart name="checkout" environments={['development']} />, { server });
    expect((await screen.findByTestId('no-evaluations')).textContent).toContain('in development');
    expect(screen.queryByTestId('evaluation-bar')).toBeNull();
  });
});
