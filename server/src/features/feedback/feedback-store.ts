import { sql } from 'kysely';
import type { FeedbackResponse, ProvidedFeedback, ProvideFeedback } from '../../../contract';
import type { Queryable } from '../../db/queryable';

/** The public form's feedback kept: the newest, so an anonymous sender cannot grow the table. */
export const PROVIDED_FEEDBACK_KEPT = 1000;

function toResponse(row: {
  user_id: number;
  feedback_id: string;
  given: Date | null;
  never_show: boolean;
}): FeedbackResponse {
  return {
    userId: row.user_id,
    feedbackId: row.feedback_id,
    given: row.given?.toISOString() ?? null,
    neverShow: row.never_show,
  };
}

/**
 * Records a user's answer to one survey: `neverShow` always, `given` when told (left as it was
 * otherwise), as Unleash's update does.
 */
export async function upsertUserFeedback(
  db: Queryable,
  input: { userId: number; feedbackId: string; neverShow: boolean; given?: Date | null },
): Promise<FeedbackResponse> {
  const row = await db
    .insertInto('user_feedback')
    .values({
      user_id: input.userId,
      feedback_id: input.feedbackId,
      never_show: input.neverShow,
      given: input.given ?? null,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'feedback_id']).doUpdateSet(
        input.given === undefined
          ? { never_show: input.neverShow }
          : {
              never_show: input.neverShow,
              given: input.given,
            },
      ),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return toResponse(row);
}

/** What the user answered or declined, for `GET /api/admin/user` (meSchema.feedback). */
export async function listUserFeedback(db: Queryable, userId: number): Promise<FeedbackResponse[]> {
  const rows = await db
    .selectFrom('user_feedback')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('feedback_id')
    .execute();
  return rows.map(toResponse);
}

export async function insertProvidedFeedback(
  db: Queryable,
  input: ProvideFeedback,
): Promise<ProvidedFeedback> {
  const row = await db
    .insertInto('provided_feedback')
    .values({
      category: input.category,
      user_type: input.userType ?? null,
      difficulty_score: input.difficultyScore ?? null,
      positive: input.positive ?? null,
      areas_for_improvement: input.areasForImprovement ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await sql`
    delete from provided_feedback where id in (
      select id from provided_feedback order by id desc offset ${PROVIDED_FEEDBACK_KEPT})`.execute(db);
  return toProvided(row);
}

function toProvided(row: {
  id: number;
  created_at: Date;
  category: string;
  user_type: string | null;
  difficulty_score: number | null;
  positive: string | null;
  areas_for_improvement: string | null;
}): ProvidedFeedback {
  return {
    id: row.id,
    createdAt: row.created_at.toISOString(),
    category: row.category,
    userType: row.user_type,
    difficultyScore: row.difficulty_score,
    positive: row.positive,
    areasForImprovement: row.areas_for_improvement,
  };
}

/** Newest first. */
export async function listProvidedFeedback(db: Queryable): Promise<ProvidedFeedback[]> {
  const rows = await db
    .selectFrom('provided_feedback')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(PROVIDED_FEEDBACK_KEPT)
    .execute();
  return rows.map(toProvided);
}
