import { createFakeServer } from '../../test-utils/fake-server';
import type { Experiment, ExperimentResults } from './experiments-api';

/**
 * The experiments' fake server: flag `checkout` in project `default` with variants `control` and
 * `green` in production, one running experiment on it and one draft, and the routes the screen,
 * the flag page's section and the readout call.
 */
export const FLAG_EXPERIMENTS = '/api/admin/projects/default/features/checkout/experiments';

export function experiment(fields: Partial<Experiment> = {}): Experiment {
  return {
    id: 1,
    project: 'default',
    featureName: 'checkout',
    environment: 'production',
    name: 'Green button',
    hypothesis: 'Green converts better',
    controlVariant: 'control',
    variants: [
      { name: 'control', weight: 500 },
      { name: 'green', weight: 500 },
    ],
    metrics: [
      { eventName: 'purchase', role: 'primary', type: 'binomial', higherIsBetter: true, windowHours: 72 },
      { eventName: 'latency_ms', role: 'guardrail', type: 'mean', higherIsBetter: false, windowHours: 24 },
    ],
    method: 'sequential',
    alpha: 0.05,
    status: 'running',
    startedAt: '2026-11-20T10:00:00.000Z',
    stoppedAt: null,
    decision: null,
    decisionVariant: null,
    decisionReason: null,
    createdByUserId: 1,
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...fields,
  };
}

const control = {
  name: 'control',
  users: 5012,
  mean: 0.101,
  lift: null,
  liftInterval: null,
  pValue: null,
  adjustedPValue: null,
  chanceToWin: null,
  risk: null,
};

export function results(srmPValue = 0.61): ExperimentResults {
  const running = experiment();
  return {
    experiment: running,
    metrics: [
      {
        metric: running.metrics[0]!,
        result: {
          srmPValue,
          variants: [
            control,
            {
              name: 'green',
              users: 4988,
              mean: 0.113,
              lift: 0.119,
              liftInterval: [0.02, 0.22],
              pValue: 0.012,
              adjustedPValue: 0.024,
              chanceToWin: 0.99,
              risk: 0.0002,
            },
          ],
        },
        verdict:
          srmPValue < 0.001
            ? 'Sample ratio mismatch: results untrustworthy'
            : 'green beats control on purchase (99% chance to win)',
        usersNeededFor80Power: 8000,
      },
      {
        metric: running.metrics[1]!,
        result: {
          srmPValue,
          variants: [
            { ...control, mean: 120 },
            {
              name: 'green',
              users: 4988,
              mean: 121,
              lift: 0.008,
              liftInterval: [-0.03, 0.05],
              pValue: 0.4,
              adjustedPValue: 0.8,
              chanceToWin: 0.3,
              risk: 0.01,
            },
          ],
        },
        verdict: 'No detectable difference yet',
        usersNeededFor80Power: null,
      },
    ],
    liftOverTime: [
      { takenAt: '2026-11-21T10:00:00.000Z', lifts: { green: 0.05 } },
      { takenAt: '2026-11-22T10:00:00.000Z', lifts: { green: 0.119 } },
    ],
  };
}

const flag = {
  name: 'checkout',
  project: 'default',
  type: 'experiment',
  description: null,
  stale: false,
  impressionData: false,
  archived: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  environments: [
    { name: 'development', enabled: true, type: 'development', sortOrder: 1, strategies: [], variants: [] },
    {
      name: 'production',
      enabled: true,
      type: 'production',
      sortOrder: 2,
      strategies: [],
      variants: [
        { name: 'control', weight: 500, weightType: 'variable', stickiness: 'default' },
        { name: 'green', weight: 500, weightType: 'variable', stickiness: 'default' },
      ],
    },
  ],
};

export function experimentsServer(
  initial: Experiment[] = [
    experiment(),
    experiment({ id: 2, name: 'Big font', status: 'draft', variants: [], startedAt: null }),
  ],
) {
  let experiments = initial;
  return createFakeServer()
    .on('GET', '/api/admin/experiments', () => ({ body: { experiments } }))
    .on('GET', FLAG_EXPERIMENTS, () => ({ body: { experiments } }))
    .on('GET', '/api/admin/projects', { version: 1, projects: [{ id: 'default', name: 'Default' }] })
    .on('GET', '/api/admin/search/features', {
      features: [{ name: 'checkout', project: 'default', type: 'experiment' }],
      total: 1,
    })
    .on('GET', '/api/admin/projects/default/features/checkout', flag)
    .on('GET', `${FLAG_EXPERIMENTS}/1/results`, results())
    .on('POST', FLAG_EXPERIMENTS, (request) => {
      const created = experiment({
        ...(request.body as Partial<Experiment>),
        id: 3,
        status: 'draft',
        variants: [],
      });
      experiments = [created, ...experiments];
      return { status: 201, body: created };
    })
    .on('POST', `${FLAG_EXPERIMENTS}/2/start`, () => {
      experiments = experiments.map((e) => (e.id === 2 ? { ...e, status: 'running' as const } : e));
      return { body: experiments.find((e) => e.id === 2) };
    })
    .on('POST', `${FLAG_EXPERIMENTS}/1/stop`, () => {
      experiments = experiments.map((e) => (e.id === 1 ? { ...e, status: 'stopped' as const } : e));
      return { body: experiments.find((e) => e.id === 1) };
    });
}
