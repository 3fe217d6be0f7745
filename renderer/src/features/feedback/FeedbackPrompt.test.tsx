import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { FeedbackPrompt } from './FeedbackPrompt';
import { FeedbackScreen } from './FeedbackScreen';

const SURVEY = 'test-survey';
const SURVEY_PATH = `/api/admin/feedback/${SURVEY}`;

/** A server that keeps the user's feedback records as the real one does. */
function feedbackServer(
  initial: Array<{ feedbackId: string; neverShow: boolean; given: string | null }> = [],
  usage = { flags: 4, changes: 12 },
) {
  const records = [...initial];
  const upsert = (feedbackId: string, change: { neverShow?: boolean; given?: string | null }) => {
    const existing = records.find((record) => record.feedbackId === feedbackId);
    const record = { feedbackId, neverShow: false, given: null as string | null, ...existing, ...change };
    records.splice(records.indexOf(existing!) >>> 0, existing ? 1 : 0, record);
    return { body: { userId: 1, ...record } };
  };
  const server = createFakeServer()
    .on('GET', '/api/admin/user', () => ({
      body: {
        user: { id: 1, name: 'Ada Admin', username: 'admin' },
        permissions: [],
        feedback: records,
        splash: {},
      },
    }))
    .on('PUT', SURVEY_PATH, (request) => upsert(SURVEY, request.body as { neverShow: boolean }))
    .on('POST', '/api/admin/feedback', (request) =>
      upsert((request.body as { feedbackId: string }).feedbackId, { given: '2026-11-22T10:00:00Z' }),
    )
    .on('POST', '/feedback', (request) => ({ body: { id: 1, ...(request.body as object) } }))
    .on('GET', '/api/admin/getting-started', {
      steps: { project: true, flag: true, apiToken: true, sdk: true, change: true },
      ...usage,
    });
  return { server, records };
}

describe('feedback prompt', () => {
  it('asks once: the display is recorded, and a later visit shows nothing', async () => {
    const { server, records } = feedbackServer();
    const first = await renderWithConsole(<FeedbackPrompt surveyId={SURVEY} />, { server });
    expect(await screen.findByRole('region', { name: 'How is Switchyard working for you?' })).toBeTruthy();
    await waitFor(() =>
      expect(server.calls('PUT', SURVEY_PATH).map((call) => call.body)).toEqual([{ neverShow: false }]),
    );
    expect(records).toEqual([expect.objectContaining({ feedbackId: SURVEY, neverShow: false, given: null })]);
    first.unmount();

    await renderWithConsole(<FeedbackPrompt surveyId={SURVEY} />, { server });
    await waitFor(() => expect(server.calls('GET', '/api/admin/user').length).toBeGreaterThanOrEqual(2));
    expect(screen.queryByRole('region', { name: 'How is Switchyard working for you?' })).toBeNull();
    expect(server.calls('PUT', SURVEY_PATH)).toHaveLength(1);
  });

  it('waits for real use: a few flags and changes, not a first visit', async () => {
    const { server } = feedbackServer([], { flags: 1, changes: 2 });
    await renderWithConsole(<FeedbackPrompt surveyId={SURVEY} />, { server });
    await waitFor(() => expect(server.calls('GET', '/api/admin/getting-started').length).toBeGreaterThan(0));
    await waitFor(() => expect(server.calls('GET', '/api/admin/user').length).toBeGreaterThan(0));
    expect(screen.queryByRole('region', { name: 'How is Switchyard working for you?' })).toBeNull();
    expect(server.calls('PUT', SURVEY_PATH)).toHaveLength(0);
  });

  it('is dismissible: closing it records neverShow and hides it', async () => {
    const { server, records } = feedbackServer();
    await renderWithConsole(<FeedbackPrompt surveyId={SURVEY} />, { server });
    fireEvent.click(await screen.findByRole('button', { name: "Don't ask me again" }));
    expect(screen.queryByRole('region', { name: 'How is Switchyard working for you?' })).toBeNull();
    await waitFor(() => expect(records[0]).toMatchObject({ neverShow: true }));
    expect(server.calls('PUT', SURVEY_PATH).at(-1)?.body).toEqual({ neverShow: true });
  });

  it('sends the answer through the public form and records it as given', async () => {
    const { server, records } = feedbackServer();
    await renderWithConsole(<FeedbackPrompt surveyId={SURVEY} />, { server });
    const send = await screen.findByRole('button', { name: 'Send feedback' });
    expect(send).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('What works well?'), { target: { value: 'Fast search' } });
    fireEvent.click(screen.getByRole('radio', { name: '4' }));
    fireEvent.click(send);
    expect(await screen.findByText(/your feedback reached the team/)).toBeTruthy();
    expect(server.calls('POST', '/feedback')[0]?.body).toEqual({
      category: SURVEY,
      positive: 'Fast search',
      areasForImprovement: null,
      difficultyScore: 4,
    });
    expect(records[0]?.given).toBe('2026-11-22T10:00:00Z');
  });

  it('shows nothing to a user who declined before', async () => {
    const { server } = feedbackServer([{ feedbackId: SURVEY, neverShow: true, given: null }]);
    await renderWithConsole(<FeedbackPrompt surveyId={SURVEY} />, { server });
    await waitFor(() => expect(server.calls('GET', '/api/admin/user').length).toBeGreaterThanOrEqual(1));
    expect(screen.queryByRole('button', { name: 'Send feedback' })).toBeNull();
    expect(server.calls('PUT', SURVEY_PATH)).toHaveLength(0);
  });
});

describe('feedback list', () => {
  it('lists what people sent, newest first', async () => {
    const server = createFakeServer().on('GET', '/api/admin/feedback', [
      {
        id: 2,
        createdAt: '2026-11-22T09:00:00Z',
        category: 'switchyard-console-2026',
        userType: null,
        difficultyScore: 5,
        positive: 'Quick',
        areasForImprovement: null,
      },
    ]);
    await renderWithConsole(<FeedbackScreen />, { server });
    expect(await screen.findByText('Quick')).toBeTruthy();
    expect(screen.getByText('switchyard-console-2026')).toBeTruthy();
  });
});
