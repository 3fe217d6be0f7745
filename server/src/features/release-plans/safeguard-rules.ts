import { badData } from '../../lib/errors';
import { LABEL_NAME, METRIC_NAME } from './impact-metrics-validation';
import type { SafeguardInput } from './safeguard-store';

/** Bounds of a safeguard's metric selection: the same names SDKs may report (impact-metrics-validation.ts). */
export const MAX_LABEL_SELECTORS = 8;
export const MAX_SELECTOR_VALUES = 20;

/** Refuses, with a 400, a safeguard on a metric or label no SDK could report. */
export function assertStorableSafeguard(input: SafeguardInput): void {
  const { metricName, labelSelectors } = input.impactMetric;
  if (!METRIC_NAME.test(metricName)) {
    throw badData(
      `"${metricName.slice(0, 100)}" is not a valid impact metric name: letters, digits, "_" and ":", at most 100 characters.`,
    );
  }
  const labels = Object.entries(labelSelectors);
  if (labels.length > MAX_LABEL_SELECTORS) {
    throw badData(`A safeguard selects on at most ${MAX_LABEL_SELECTORS} labels.`);
  }
  for (const [label, values] of labels) {
    if (!LABEL_NAME.test(label)) throw badData(`"${label.slice(0, 64)}" is not a valid label name.`);
    if (values.length > MAX_SELECTOR_VALUES || values.some((v) => v.length > 100 || v.includes('\u0000'))) {
      throw badData(
        `Label "${label}" selects at most ${MAX_SELECTOR_VALUES} values of at most 100 characters.`,
      );
    }
  }
  if (!Number.isFinite(input.triggerCondition.threshold)) {
    throw badData('The trigger threshold must be a finite number.');
  }
}
