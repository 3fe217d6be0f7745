import { type Static, Type } from 'typebox';
import { DateTimeSchema, Nullable } from './admin-common';

/**
 * Feedback (issue 19; shared/unleash/SCHEMAS.md): what one user answered or declined per survey
 * (feedbackCreateSchema, feedbackUpdateSchema, feedbackResponseSchema: the console's prompt shows
 * a survey at most once, and never again after `neverShow`), and the free-text feedback of the
 * public form (provideFeedbackSchema, feedbackSchema, feedbackListSchema), read by admins.
 */

/** A survey's name, e.g. `pnps`: short, as it is a path segment too. */
const FeedbackId = Type.String({ minLength: 1, maxLength: 100 });
const Text = (maxLength: number) => Nullable(Type.String({ maxLength }));

export const FeedbackCreateSchema = Type.Object({
  feedbackId: FeedbackId,
  neverShow: Type.Optional(Type.Boolean()),
});
export type FeedbackCreate = Static<typeof FeedbackCreateSchema>;

export const FeedbackUpdateSchema = Type.Object({
  userId: Type.Optional(Type.Integer()),
  neverShow: Type.Optional(Type.Boolean()),
  given: Type.Optional(Nullable(DateTimeSchema)),
});
export type FeedbackUpdate = Static<typeof FeedbackUpdateSchema>;

export const FeedbackIdParamsSchema = Type.Object({ id: FeedbackId });

export const FeedbackResponseSchema = Type.Object({
  userId: Type.Optional(Type.Integer()),
  neverShow: Type.Optional(Type.Boolean()),
  given: Type.Optional(Nullable(DateTimeSchema)),
  feedbackId: Type.Optional(Type.String()),
});
export type FeedbackResponse = Static<typeof FeedbackResponseSchema>;

export const ProvideFeedbackSchema = Type.Object({
  category: Type.String({ minLength: 1, maxLength: 100 }),
  userType: Type.Optional(Text(100)),
  difficultyScore: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 100 }))),
  positive: Type.Optional(Text(10_000)),
  areasForImprovement: Type.Optional(Text(10_000)),
});
export type ProvideFeedback = Static<typeof ProvideFeedbackSchema>;

export const ProvidedFeedbackSchema = Type.Object({
  id: Type.Integer(),
  createdAt: DateTimeSchema,
  category: Type.String(),
  userType: Nullable(Type.String()),
  difficultyScore: Nullable(Type.Number()),
  positive: Nullable(Type.String()),
  areasForImprovement: Nullable(Type.String()),
});
export type ProvidedFeedback = Static<typeof ProvidedFeedbackSchema>;

export const FeedbackListSchema = Type.Array(ProvidedFeedbackSchema);
export type FeedbackList = Static<typeof FeedbackListSchema>;
