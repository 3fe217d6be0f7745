import { appendEvent } from '../events';
import type { JobKind } from '../scheduler';
import { executeProgression } from './plan-operations';
import { getPlan } from './plan-store';
import { claimDueProgressions, type DueProgression, pausePendingProgression } from './progression-store';
import { breachedSafeguards } from './safeguard-evaluation';
import { SYSTEM_ACTOR as PROGRESSION_ACTOR } from './safeguard-job';

/**
 * Release-plan milestone progressions on the durable scheduler (issue 14): a progression row is
 * due once its source milestone has been the active one for `intervalMinutes`; it is claimed with
 * FOR UPDATE SKIP LOCKED and run in that transaction, so across instances it runs once, and one
 * that came due while every instance was down runs at the first tick after start. Safeguards
 * are checked first: a breach pauses the plan instead of advancing it.
 */
export function releasePlanProgressionJob(clock: () => Date = () => new Date()): JobKind<DueProgression> {
  return {
    name: 'release-plan-progression',
    changesFlags: true,
    claimDue: (trx, limit) => claimDueProgressions(trx, limit, clock()),
    async run(trx, row) {
      const now = clock();
      await executeProgression(trx, row, {
        actor: PROGRESSION_ACTOR,
        now,
        breached: async () => {
          const plan = await getPlan(trx, row.planId);
          return plan ? breachedSafeguards(trx, plan, now) : [];
        },
      });
      // 'skipped' (the plan moved on meanwhile) leaves the row: it is no longer due by the claim's rule.
    },
    async markFailed(trx, row) {
      // A progression that cannot run (its target was deleted...) pauses rather than retrying every tick.
      return pausePendingProgression(trx, row.sourceMilestone, clock());
    },
    async onFailure(trx, row, reason) {
      const plan = await getPlan(trx, row.planId);
      if (!plan) return;
      await appendEvent(trx, {
        type: 'release-plan-progressions-paused',
        createdBy: PROGRESSION_ACTOR.name,
        createdByUserId: PROGRESSION_ACTOR.userId,
        featureName: plan.featureName,
        project: plan.project,
        environment: plan.environment,
        data: { planId: plan.id, reason: 'progression-failed', failureReason: reason },
      });
    },
    describe: (row) => ({ planId: row.planId, sourceMilestone: row.sourceMilestone }),
  };
}
