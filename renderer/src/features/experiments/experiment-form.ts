import type { CreateExperiment, ExperimentMetric } from './experiments-api';

/** The create form's state and what it sends: pure, unit-tested. */

export interface MetricDraft {
  eventName: string;
  role: ExperimentMetric['role'];
  type: ExperimentMetric['type'];
  higherIsBetter: boolean;
  windowHours: number;
}

export interface ExperimentDraft {
  name: string;
  environment: string | null;
  hypothesis: string;
  controlVariant: string | null;
  metrics: MetricDraft[];
  method: CreateExperiment['method'];
  alpha: number;
}

export const newMetric = (role: MetricDraft['role']): MetricDraft => ({
  eventName: '',
  role,
  type: 'binomial',
  higherIsBetter: true,
  windowHours: 72,
});

export const emptyDraft = (): ExperimentDraft => ({
  name: '',
  environment: null,
  hypothesis: '',
  controlVariant: null,
  metrics: [newMetric('primary')],
  method: 'sequential',
  alpha: 0.05,
});

/** What keeps the draft from being sent, by field; empty when it can be. */
export function draftProblems(draft: ExperimentDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!draft.name.trim()) problems.name = 'Name the experiment.';
  if (!draft.environment) problems.environment = 'Pick the environment it runs in.';
  if (!draft.controlVariant?.trim()) problems.controlVariant = 'Pick the control variant.';
  const primaries = draft.metrics.filter((metric) => metric.role === 'primary').length;
  if (primaries !== 1) problems.metrics = 'Exactly one metric must be primary.';
  const names = draft.metrics.map((metric) => metric.eventName.trim());
  if (names.some((name) => !name)) problems.metrics = 'Every metric needs the event it reads.';
  else if (new Set(names).size !== names.length) problems.metrics = 'Each metric reads a different event.';
  if (!(draft.alpha > 0 && draft.alpha < 0.5)) problems.alpha = 'Between 0 and 0.5, e.g. 0.05.';
  return problems;
}

/** The POST body of a draft without problems. */
export function toCreateBody(draft: ExperimentDraft): CreateExperiment {
  return {
    name: draft.name.trim(),
    environment: draft.environment ?? '',
    ...(draft.hypothesis.trim() ? { hypothesis: draft.hypothesis.trim() } : {}),
    controlVariant: (draft.controlVariant ?? '').trim(),
    metrics: draft.metrics.map((metric) => ({
      eventName: metric.eventName.trim(),
      role: metric.role,
      type: metric.type,
      higherIsBetter: metric.higherIsBetter,
      windowHours: Math.round(metric.windowHours),
    })),
    ...(draft.method ? { method: draft.method } : {}),
    alpha: draft.alpha,
  };
}
