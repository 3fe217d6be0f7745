import type {
  FeedbackResponse,
  GettingStarted,
  ProvidedFeedback,
  ProvideFeedback,
} from '../../../../server/contract';
import type { AdminApi } from '../../api/admin-api';

const enc = encodeURIComponent;

/** The console's survey (a feedbackId): a new id asks everyone once more. */
export const CONSOLE_SURVEY_ID = 'switchyard-console-2026';

/**
 * Issue 33 §1: asked only after real use, when the instance holds a few flags and has seen
 * changes to them (GET /api/admin/getting-started counts both), never on a first visit.
 */
export const REAL_USE = { flags: 3, changes: 10 };

export const hasRealUse = (usage: Pick<GettingStarted, 'flags' | 'changes'>) =>
  usage.flags >= REAL_USE.flags && usage.changes >= REAL_USE.changes;

export const readUsage = (api: AdminApi, signal?: AbortSignal) =>
  api.client.get<GettingStarted>('/api/admin/getting-started', undefined, signal);

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
