import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithConsole } from '../../test-utils/render';
import { ExperimentReadout } from './ExperimentReadout';
import { experiment, experimentsServer, FLAG_EXPERIMENTS, results } from './experiments-test-server';
import { formatLift, formatPValue, intervalScale, usersStillNeeded, verdictTone } from './readout-format';

describe('experiment readout', () => {
  it('shows per variant users, mean, lift with its interval, chance to win, p-value, the verdict and power', async () => {
    const server = experimentsServer();
    await renderWithConsole(<ExperimentReadout experiment={experiment()} />, { server });
    const purchase = await screen.findByTestId('readout-purchase');
    expect(within(purchase).getByTestId('verdict').textContent).toBe(
      'green beats control on purchase (99% chance to win)',
    );
    const green = within(purchase).getByTestId('variant-green');
    for (const text of ['4,988', '11.3%', '+11.9%', '99%', '0.024'])
      expect(green.textContent).toContain(text);
    expect(within(green).getByRole('img').getAttribute('aria-label')).toBe(
      'Lift +11.9%, interval +2.00% to +22.0%',
    );
    expect(within(purchase).getByTestId('variant-control').textContent).toContain('(control)');
    expect(purchase.textContent).toContain('About 3,012 more users per variant for 80% power');
    expect(within(purchase).queryByRole('alert')).toBeNull();

    const latency = screen.getByTestId('readout-latency_ms');
    expect(within(latency).getByTestId('verdict').textContent).toBe('No detectable difference yet');
    expect(latency.textContent).toContain('lower is better');
    expect(screen.getByTestId('lift-over-time').getAttribute('data-points')).toBe('2');
  }, 30_000);

  it('warns of a sample ratio mismatch', async () => {
    const server = experimentsServer().on('GET', `${FLAG_EXPERIMENTS}/1/results`, results(0.00001));
    await renderWithConsole(<ExperimentReadout experiment={experiment()} />, { server });
    const purchase = await screen.findByTestId('readout-purchase');
    expect(within(purchase).getByRole('alert').textContent).toContain('Sample ratio mismatch');
    expect(within(purchase).getByTestId('verdict').textContent).toBe(
      'Sample ratio mismatch: results untrustworthy',
    );
  }, 30_000);
});

describe('readout formatting', () => {
  it('writes lifts, p-values and verdict tones', () => {
    expect(formatLift(0.119)).toBe('+11.9%');
    expect(formatLift(-0.02)).toBe('-2.00%');
    expect(formatLift(null)).toBe('—');
    expect(formatPValue(0.0001)).toBe('< 0.001');
    expect(formatPValue(0.0241)).toBe('0.024');
    expect(verdictTone('Sample ratio mismatch: results untrustworthy')).toBe('red');
    expect(verdictTone('B beats control on x (97% chance to win)')).toBe('teal');
    expect(verdictTone('B is worse than control on x')).toBe('orange');
    expect(verdictTone('No detectable difference yet')).toBe('gray');
  });

  it('places intervals on one axis around zero, and says the users still needed', () => {
    const readout = results().metrics[0]!;
    const scale = intervalScale(readout);
    const { left, width, point } = scale([0.02, 0.22], 0.119);
    // The widest end (0.22) sets the scale: ±0.242.
    expect(left).toBeCloseTo(54.13, 1);
    expect(left + width).toBeCloseTo(95.45, 1);
    expect(point).toBeCloseTo(74.59, 1);
    expect(usersStillNeeded(readout)).toContain('About 3,012 more users per variant');
    expect(usersStillNeeded({ ...readout, usersNeededFor80Power: 10 })).toContain('Enough users');
    expect(usersStillNeeded({ ...readout, usersNeededFor80Power: null })).toBeNull();
  });
});
