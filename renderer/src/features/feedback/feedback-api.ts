import type { FeedbackResponse, ProvidedFeedback, ProvideFeedback } from '../../../../server/contract';
import type { AdminApi } from '../../api/admin-api';

const enc = encodeURIComponent;

/** The console's survey (a feedbackId): a new id asks everyone once more. */
export const CONSOLE_SURVEY_ID = 'switchyard-console-2026';

/** Records that the user was asked, so the prompt is shown at most once per survey. */
export const recordShown = (api: AdminApi, surveyId: string) =>
  api.client.put<FeedbackResponse>(`/api/admin/feedback/${enc(surveyId)}`, { neverShow: false });

/** The user declined: never ask again (Unleash's `neverShow`). */
export const neverShowAgain = (api: AdminApi, surveyId: string) =>
  api.client.put<FeedbackResponse>(`/api/admin/feedback/${enc(surveyId)}`, { neverShow: true });

/** Sends the answer through the public form, then records it as given for this user. */
export async function sendFeedback(
  api: AdminApi,
  surveyId: string,
  answer: Omit<ProvideFeedback, 'category'>,
) {
  await api.client.post<ProvidedFeedback>('/feedback', { category: surveyId, ...answer });
  return api.client.post<FeedbackResponse>('/api/admin/feedback', { feedbackId: surveyId });
}

export const listFeedback = (api: AdminApi, signal?: AbortSignal) =>
  api.client.get<ProvidedFeedback[]>('/api/admin/feedback', undefined, signal);
