import type {
  FeedbackCreate,
  FeedbackResponse,
  FeedbackUpdate,
  ProvidedFeedback,
  ProvideFeedback,
} from '../../../contract';
import type { Db } from '../../db/database';
import {
  insertProvidedFeedback,
  listProvidedFeedback,
  listUserFeedback,
  upsertUserFeedback,
} from './feedback-store';

/** `POST /api/admin/feedback`: the user answered a survey now. */
export function createUserFeedback(db: Db, userId: number, input: FeedbackCreate): Promise<FeedbackResponse> {
  return upsertUserFeedback(db, {
    userId,
    feedbackId: input.feedbackId,
    neverShow: input.neverShow ?? false,
    given: new Date(),
  });
}

/** `PUT /api/admin/feedback/{id}`: `given` changes only when sent (null clears it). */
export function updateUserFeedback(
  db: Db,
  userId: number,
  feedbackId: string,
  { given, neverShow }: FeedbackUpdate,
): Promise<FeedbackResponse> {
  return upsertUserFeedback(db, {
    userId,
    feedbackId,
    neverShow: neverShow ?? false,
    ...(given !== undefined ? { given: given === null ? null : new Date(given) } : {}),
  });
}

/** What the user answered or declined, for `GET /api/admin/user` (meSchema.feedback). */
export const feedbackOfUser = (db: Db, userId: number): Promise<FeedbackResponse[]> =>
  listUserFeedback(db, userId);

/** The public form's entries, for admins. */
export const providedFeedback = (db: Db): Promise<ProvidedFeedback[]> => listProvidedFeedback(db);

/** `POST /feedback`: an entry of the public form (the newest PROVIDED_FEEDBACK_KEPT are kept). */
export const provideFeedback = (db: Db, input: ProvideFeedback): Promise<ProvidedFeedback> =>
  insertProvidedFeedback(db, input);
