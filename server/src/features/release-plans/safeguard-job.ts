import type { Queryable } from '../../db/queryable';
import { SYSTEM_USER_ID, SYSTEM_USER_NAME } from '../../lib/caller';
import { type Actor, appendEvent } from '../events';
import type { JobKind } from '../scheduler';
import { getPlan, type PlanRow } from './plan-store';
import { setPlanProgressionsPaused } from './progression-store';
import { type BreachedSafeguard, breachedSafeguards } from './safeguard-evaluation';
import { claimDueSafeguards, type DueSafeguardCheck, stampSafeguardChecked } from './safeguard-store';

/** Safeguard checks and the pauses they cause are made by the system, as Unleash records them. */
export const SYSTEM_ACTOR: Actor = { name: SYSTEM_USER_NAME, userId: SYSTEM_USER_ID };

/**
 * How often each safeguard is measured. Impact metrics are kept per minute and SDKs report every
 * few seconds to a minute, so measuring more often would only repeat the same query.
 */
export const SAFEGUARD_CHECK_INTERVAL_MS = 60_000;

/**
 * Pauses the plan's automatic progressions because of `breached` safeguards, with one
 * `safeguard-triggered` event per safeguard and one `release-plan-progressions-paused` naming
 * the plan's owner (the console shows them; notifications, issue 19, will read them). Nothing
 * happens when nothing was left to pause, so a breach seen twice pauses and tells once.
 */
export async function pauseForBreaches(
  db: Queryable,
  plan: PlanRow,
  breached: readonly BreachedSafeguard[],
  now: Date,
): Promise<boolean> {
  if (breached.length === 0 || (await setPlanProgressionsPaused(db, plan.id, now)) === 0) return false;
  const record = (type: string, data: unknown) =>
    appendEvent(db, {
      type,
      createdBy: SYSTEM_ACTOR.name,
      createdByUserId: SYSTEM_ACTOR.userId,
      featureName: plan.featureName,
      project: plan.project,
      environment: plan.environment,
      data,
    });
  for (const safeguard of breached) await record('safeguard-triggered', { planId: plan.id, ...safeguard });
  await record('release-plan-progressions-paused', {
    planId: plan.id,
    reason: 'safeguard-triggered',
    safeguardIds: breached.map((safeguard) => safeguard.id),
    ownerUserId: plan.createdByUserId,
  });
  return true;
}

/**
 * Continuous safeguard checks on the durable scheduler (issue 14): every safeguard of a plan
 * with automatic progressions pending is measured once per interval, by one instance (the claim
 * locks the safeguard row with SKIP LOCKED, the measurement and any pause commit with the
 * `checked_at` stamp). A breach pauses the plan at once, not only when a progression comes due;
 * resuming stays a manual act.
 */
export function releasePlanSafeguardJob(
  options: { clock?: () => Date; intervalMs?: number } = {},
): JobKind<DueSafeguardCheck> {
  const clock = options.clock ?? (() => new Date());
  const intervalMs = options.intervalMs ?? SAFEGUARD_CHECK_INTERVAL_MS;
  return {
    name: 'release-plan-safeguard',
    claimDue: (trx, limit) => claimDueSafeguards(trx, limit, clock(), intervalMs),
    async run(trx, due) {
      const now = clock();
      await stampSafeguardChecked(trx, due.safeguardId, now);
      // Locked, so the progression job and this check never both act on one plan at once.
      const plan = await getPlan(trx, due.planId, true);
      if (!plan) return;
      // A plan has one safeguard (safeguard-store.ts), so measuring the plan's is measuring this one.
      await pauseForBreaches(trx, plan, await breachedSafeguards(trx, plan, now), now);
    },
    async markFailed(trx, due) {
      // A check that fails (a metric query refused...) waits for the next interval, not the next tick.
      return stampSafeguardChecked(trx, due.safeguardId, clock());
    },
    describe: (due) => ({ planId: due.planId, safeguardId: due.safeguardId }),
  };
}
