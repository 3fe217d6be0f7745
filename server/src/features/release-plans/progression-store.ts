import { type SqlBool, sql } from 'kysely';
import type { TransitionCondition } from '../../../contract';
import type { Queryable } from '../../db/queryable';

export type { TransitionCondition };

/**
 * Automatic milestone progressions (issue 14): one row per source milestone, "once the source
 * milestone has run for `intervalMinutes`" (a time condition) or "once the flag has been
 * evaluated `minimumExposures` times in the plan's environment since the source milestone
 * started" (an exposure condition, counted from SDK metrics' yes/no counts, which are kept per
 * hour: the hour the milestone started counts whole). A progression is due when its source is
 * the plan's active milestone, it has not run (`executed_at`), it is not paused (`paused_at`,
 * set by a safeguard or by hand), and its condition is met.
 */

/** A stored condition, normalised: exposure conditions keep their type, time ones are plain. */
export function normaliseCondition(raw: unknown): TransitionCondition {
  const condition = (raw ?? {}) as { type?: unknown; intervalMinutes?: unknown; minimumExposures?: unknown };
  if (condition.type === 'exposure') {
    return { type: 'exposure', minimumExposures: Number(condition.minimumExposures ?? 0) };
  }
  return { intervalMinutes: Number(condition.intervalMinutes ?? 0) };
}

export interface ProgressionRow {
  sourceMilestone: string;
  targetMilestone: string;
  transitionCondition: TransitionCondition;
  executedAt: Date | null;
  pausedAt: Date | null;
}

/** A due progression, claimed: what the scheduler's job kind carries. */
export interface DueProgression {
  sourceMilestone: string;
  targetMilestone: string;
  planId: string;
}

function toProgression(row: {
  source_milestone: string;
  target_milestone: string;
  transition_condition: unknown;
  executed_at: Date | null;
  paused_at: Date | null;
}): ProgressionRow {
  return {
    sourceMilestone: row.source_milestone,
    targetMilestone: row.target_milestone,
    transitionCondition: normaliseCondition(row.transition_condition),
    executedAt: row.executed_at,
    pausedAt: row.paused_at,
  };
}

const COLUMNS = [
  'source_milestone',
  'target_milestone',
  'transition_condition',
  'executed_at',
  'paused_at',
] as const;

export async function getProgressionsOfMilestones(
  db: Queryable,
  milestoneIds: readonly string[],
): Promise<ProgressionRow[]> {
  if (milestoneIds.length === 0) return [];
  const rows = await db
    .selectFrom('milestone_progressions')
    .select(COLUMNS)
    .where('source_milestone', 'in', milestoneIds)
    .execute();
  return rows.map(toProgression);
}

export async function getProgression(
  db: Queryable,
  sourceMilestone: string,
  lock = false,
): Promise<ProgressionRow | undefined> {
  const row = await db
    .selectFrom('milestone_progressions')
    .select(COLUMNS)
    .where('source_milestone', '=', sourceMilestone)
    .$if(lock, (query) => query.forUpdate())
    .executeTakeFirst();
  return row ? toProgression(row) : undefined;
}

/** Creates or replaces the progression out of `sourceMilestone`; a changed one runs again. */
export async function upsertProgression(
  db: Queryable,
  progression: { sourceMilestone: string; targetMilestone: string; transitionCondition: TransitionCondition },
): Promise<void> {
  const condition = JSON.stringify(normaliseCondition(progression.transitionCondition));
  await db
    .insertInto('milestone_progressions')
    .values({
      source_milestone: progression.sourceMilestone,
      target_milestone: progression.targetMilestone,
      transition_condition: condition,
    })
    .onConflict((oc) =>
      oc.column('source_milestone').doUpdateSet({
        target_milestone: progression.targetMilestone,
        transition_condition: condition,
        executed_at: null,
      }),
    )
    .execute();
}

export async function deleteProgression(db: Queryable, sourceMilestone: string): Promise<boolean> {
  const result = await db
    .deleteFrom('milestone_progressions')
    .where('source_milestone', '=', sourceMilestone)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function markProgressionExecuted(db: Queryable, sourceMilestone: string, now: Date) {
  await db
    .updateTable('milestone_progressions')
    .set({ executed_at: now })
    .where('source_milestone', '=', sourceMilestone)
    .execute();
}

/** Lets a restarted milestone's progression run again. */
export async function clearProgressionExecuted(db: Queryable, sourceMilestone: string): Promise<void> {
  await db
    .updateTable('milestone_progressions')
    .set({ executed_at: null })
    .where('source_milestone', '=', sourceMilestone)
    .execute();
}

/** Pauses one pending, unpaused progression; true when it was paused by this call. */
export async function pausePendingProgression(
  db: Queryable,
  sourceMilestone: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('milestone_progressions')
    .set({ paused_at: now })
    .where('source_milestone', '=', sourceMilestone)
    .where('executed_at', 'is', null)
    .where('paused_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Pauses (or, with null, resumes) every progression of a plan; returns how many changed. */
export async function setPlanProgressionsPaused(db: Queryable, planId: string, pausedAt: Date | null) {
  const result = await db
    .updateTable('milestone_progressions')
    .set({ paused_at: pausedAt })
    .where('source_milestone', 'in', (eb) =>
      eb.selectFrom('milestones').select('id').where('release_plan_definition_id', '=', planId),
    )
    .where('paused_at', pausedAt === null ? 'is not' : 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Whether any progression of the plan is paused. */
export async function isPlanPaused(db: Queryable, planId: string): Promise<boolean> {
  const row = await db
    .selectFrom('milestone_progressions as mp')
    .innerJoin('milestones as m', 'm.id', 'mp.source_milestone')
    .select('mp.source_milestone')
    .where('m.release_plan_definition_id', '=', planId)
    .where('mp.paused_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Locks up to `limit` due progressions, oldest due first, skipping rows another instance holds:
 * the source milestone is its plan's active one, started at least `intervalMinutes` ago, and the
 * progression has neither run nor been paused.
 */
export async function claimDueProgressions(
  db: Queryable,
  limit: number,
  now: Date,
): Promise<DueProgression[]> {
  const isExposure = sql<SqlBool>`(coalesce(mp.transition_condition->>'type', 'time') = 'exposure')`;
  const timeDue = sql<Date>`m.started_at + make_interval(mins => (mp.transition_condition->>'intervalMinutes')::int)`;
  // The flag's evaluations in the plan's environment since the hour the milestone started.
  const exposures = sql<number>`(select coalesce(sum(cm.yes + cm.no), 0) from client_metrics_env cm
    where cm.feature_name = p.feature_name and cm.environment = p.environment
      and cm.timestamp >= date_trunc('hour', m.started_at))`;
  const rows = await db
    .selectFrom('milestone_progressions as mp')
    .innerJoin('milestones as m', 'm.id', 'mp.source_milestone')
    .innerJoin('release_plan_definitions as p', 'p.id', 'm.release_plan_definition_id')
    .select(['mp.source_milestone', 'mp.target_milestone', 'p.id as plan_id'])
    .where('mp.executed_at', 'is', null)
    .where('mp.paused_at', 'is', null)
    .whereRef('p.active_milestone_id', '=', 'mp.source_milestone')
    .where('m.started_at', 'is not', null)
    .where((eb) =>
      eb.or([
        eb.and([eb.not(isExposure), eb(timeDue, '<=', now)]),
        eb.and([
          isExposure,
          eb(exposures, '>=', sql<number>`(mp.transition_condition->>'minimumExposures')::numeric`),
        ]),
      ]),
    )
    .orderBy(sql`case when ${isExposure} then m.started_at else ${timeDue} end`)
    .limit(limit)
    .forUpdate('mp')
    .skipLocked()
    .execute();
  return rows.map((row) => ({
    sourceMilestone: row.source_milestone,
    targetMilestone: row.target_milestone,
    planId: row.plan_id,
  }));
}

/** When the plan's active milestone's progression comes due, for the console; null when none. */
export function nextProgressionAt(
  startedAt: Date | null,
  progression: ProgressionRow | undefined,
): Date | null {
  if (!startedAt || !progression || progression.executedAt || progression.pausedAt) return null;
  const condition = progression.transitionCondition;
  // An exposure condition has no time: it comes due when enough SDK traffic has been seen.
  if (!('intervalMinutes' in condition)) return null;
  return new Date(startedAt.getTime() + condition.intervalMinutes * 60_000);
}
