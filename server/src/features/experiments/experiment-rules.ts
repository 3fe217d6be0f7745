import type {
  Experiment,
  ExperimentDecisionBody,
  ExperimentMetric,
  ExperimentStatus,
} from '../../../contract';
import { badData, conflict } from '../../lib/errors';

/**
 * Pure decisions about experiments on a flag (issue 35 §3): what a definition must hold, which
 * split an experiment snapshots when it starts, and which transitions its status allows. No I/O.
 */

/** The split an experiment expects: a variant and its share (the flag's weight, out of 1000). */
export interface VariantWeight {
  name: string;
  weight: number;
}

/** A definition's metrics: exactly one primary, and no event read twice. */
export function assertValidMetrics(metrics: readonly ExperimentMetric[]): void {
  const primaries = metrics.filter((metric) => metric.role === 'primary').length;
  if (primaries !== 1) {
    throw badData(`An experiment needs exactly one primary metric; this one has ${primaries}.`, [
      { message: 'Exactly one metric must have the role "primary".', path: 'metrics' },
    ]);
  }
  const seen = new Set<string>();
  for (const [index, metric] of metrics.entries()) {
    if (seen.has(metric.eventName)) {
      throw badData(`The event "${metric.eventName}" is measured twice: give each metric its own event.`, [
        { message: 'Each metric reads a different event.', path: `metrics/${index}/eventName` },
      ]);
    }
    seen.add(metric.eventName);
  }
}

/**
 * The split to snapshot when an experiment starts: the flag environment's variants, else those of
 * its first strategy that has some (what the SDKs serve), keeping the variants that get traffic.
 */
export function variantSplit(
  environmentVariants: readonly VariantWeight[],
  strategyVariants: ReadonlyArray<readonly VariantWeight[]>,
): VariantWeight[] {
  const source =
    environmentVariants.length > 0
      ? environmentVariants
      : (strategyVariants.find((variants) => variants.length > 0) ?? []);
  return source.filter((variant) => variant.weight > 0).map(({ name, weight }) => ({ name, weight }));
}

/** Why an experiment cannot start with this split, or undefined when it can. */
export function startRefusal(
  experiment: Pick<Experiment, 'status' | 'controlVariant' | 'featureName' | 'environment'>,
  split: readonly VariantWeight[],
): string | undefined {
  if (experiment.status !== 'draft') {
    return `Only a draft experiment can start; this one is ${experiment.status}.`;
  }
  const where = `"${experiment.featureName}" in ${experiment.environment}`;
  if (split.length < 2) {
    return `The flag ${where} serves ${split.length} variant${split.length === 1 ? '' : 's'} with traffic: an experiment needs at least two.`;
  }
  if (!split.some((variant) => variant.name === experiment.controlVariant)) {
    return `The control variant "${experiment.controlVariant}" is not among the variants the flag ${where} serves (${split.map((v) => v.name).join(', ')}).`;
  }
  return undefined;
}

export function assertStartable(
  experiment: Pick<Experiment, 'status' | 'controlVariant' | 'featureName' | 'environment'>,
  split: readonly VariantWeight[],
): void {
  const refusal = startRefusal(experiment, split);
  if (refusal) throw conflict(refusal);
}

export function assertStatus(
  experiment: { status: ExperimentStatus },
  wanted: ExperimentStatus,
  action: string,
): void {
  if (experiment.status !== wanted) {
    throw conflict(`Only a ${wanted} experiment can be ${action}; this one is ${experiment.status}.`);
  }
}

/** A decision fits a stopped experiment; shipping names one of its variants. */
export function decisionOf(
  experiment: Pick<Experiment, 'status' | 'variants'>,
  body: ExperimentDecisionBody,
): { decision: ExperimentDecisionBody['decision']; variant: string | null; reason: string | null } {
  assertStatus(experiment, 'stopped', 'decided');
  const names = experiment.variants.map((variant) => variant.name);
  if (body.decision === 'ship' && body.variant === undefined) {
    throw badData('Shipping needs the variant to ship.', [
      { message: 'Required for "ship".', path: 'variant' },
    ]);
  }
  if (body.variant !== undefined && !names.includes(body.variant)) {
    throw badData(`"${body.variant}" is not a variant of this experiment (${names.join(', ')}).`, [
      { message: 'Must be one of the experiment variants.', path: 'variant' },
    ]);
  }
  return { decision: body.decision, variant: body.variant ?? null, reason: body.reason ?? null };
}
