import { SYSTEM_USER_ID, SYSTEM_USER_NAME } from '../../lib/caller';
import { type Actor, appendEvent } from '../events';
import { applyFeatureOperation, getFeature } from '../feature-toggles';
import type { JobKind } from '../scheduler';
import {
  claimDueFlagSafeguards,
  markFlagSafeguardTriggered,
  stampFlagSafeguardChecked,
} from './flag-safeguard-store';
import { aggregateImpactMetric } from './impact-metrics-read-store';
import { isBreached } from './impact-metrics-rules';
import { toFlagSafeguardView } from './impact-metrics-view';

/** A safeguard's breach is the system's act, as Unleash records it. */
const SYSTEM_ACTOR: Actor = { name: SYSTEM_USER_NAME, userId: SYSTEM_USER_ID };

/** How often each flag safeguard is measured: as release-plan safeguards, once a minute. */
export const FLAG_SAFEGUARD_CHECK_INTERVAL_MS = 60_000;

/**
 * Safeguards of flag environments on the durable scheduler (issue 35 §1), beside the release-plan
 * kind: every safeguard whose flag is on in its environment, not yet triggered, is measured once
 * per interval by one instance (claimed FOR UPDATE SKIP LOCKED; the measurement, the stamp and
 * any action commit together). A breach records `safeguard-triggered` (with the measured value)
 * and disables the flag in that environment as the system (`feature-environment-disabled`), as
 * Unleash's `disableFeatureEnvironment` action does. Setting the safeguard again re-arms it.
 */
export function flagSafeguardJob(
  options: { clock?: () => Date; intervalMs?: number } = {},
): JobKind<{ safeguardId: string }> {
  const clock = options.clock ?? (() => new Date());
  const intervalMs = options.intervalMs ?? FLAG_SAFEGUARD_CHECK_INTERVAL_MS;
  return {
    name: 'flag-environment-safeguard',
    changesFlags: true,
    claimDue: (trx, limit) => claimDueFlagSafeguards(trx, limit, clock(), intervalMs),
    async run(trx, due) {
      const now = clock();
      const safeguard = await stampFlagSafeguardChecked(trx, due.safeguardId, now);
      if (!safeguard || safeguard.triggeredAt) return;
      const value = await aggregateImpactMetric(
        trx,
        {
          metricName: safeguard.metricName,
          environment: safeguard.environment,
          timeRange: safeguard.timeRange,
          aggregationMode: safeguard.aggregationMode,
          labelSelectors: safeguard.labelSelectors,
        },
        now,
      );
      if (!isBreached(value, safeguard.triggerCondition)) return;
      const feature = await getFeature(trx, safeguard.featureName, true);
      if (!feature || feature.archivedAt) return;
      const { project } = feature;
      await markFlagSafeguardTriggered(trx, safeguard.id, now);
      await appendEvent(trx, {
        type: 'safeguard-triggered',
        createdBy: SYSTEM_ACTOR.name,
        createdByUserId: SYSTEM_ACTOR.userId,
        featureName: safeguard.featureName,
        project,
        environment: safeguard.environment,
        data: { ...toFlagSafeguardView({ ...safeguard, triggeredAt: now }, project), measuredValue: value },
      });
      await applyFeatureOperation(
        trx,
        {
          kind: 'set-feature-environment-enabled',
          project,
          featureName: safeguard.featureName,
          environment: safeguard.environment,
          enabled: false,
        },
        SYSTEM_ACTOR,
        null,
      );
    },
    async markFailed(trx, due) {
      // A check that fails waits for the next interval, not the next tick.
      return (await stampFlagSafeguardChecked(trx, due.safeguardId, clock())) !== undefined;
    },
    describe: (due) => ({ safeguardId: due.safeguardId }),
  };
}
