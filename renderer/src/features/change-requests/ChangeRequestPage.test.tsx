import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, unleashError } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { ProjectsScreen } from '../projects/ProjectsScreen';
import { BASE, changeRequestServer, newRequest } from './change-request-test-server';
import type { ChangeRequest } from './change-request-types';

const CR = `${BASE}/change-requests/3`;

/** The signed-in user (id 1) approves and applies in production unless `grants` says otherwise. */
const REVIEWER_GRANTS = [
  { permission: 'APPROVE_CHANGE_REQUEST', project: 'default', environment: 'production' },
  { permission: 'APPLY_CHANGE_REQUEST', project: 'default', environment: 'production' },
];

/** Change request #3 in production: turn on, change the rollout, set variants; by `author`. */
function reviewServer(
  state: ChangeRequest['state'],
  author = { id: 2, username: 'grace' },
  grants: Array<{ permission: string; project?: string; environment?: string }> = REVIEWER_GRANTS,
) {
  const setup = changeRequestServer();
  setup.server.on('GET', '/api/admin/user', {
    user: { id: 1, name: 'Ada', username: 'admin' },
    permissions: grants,
  });
  const request: ChangeRequest = {
    ...newRequest(3, 'production', state),
    title: 'Launch checkout in the Nordics',
    createdBy: author,
    stateTimestamps: { Draft: '2026-11-22T09:00:00.000Z', 'In review': '2026-11-22T09:30:00.000Z' },
    features: [
      {
        name: 'checkout',
        changes: [
          { id: 11, action: 'updateEnabled', payload: { enabled: true } },
          {
            id: 12,
            action: 'updateStrategy',
            payload: { ...setup.rollout, parameters: { ...setup.rollout.parameters, rollout: '50' } },
            conflict: 'The strategy was changed after this change was drafted.',
          },
          {
            id: 13,
            action: 'patchVariant',
            payload: {
              variants: [
                { name: 'blue', weight: 500, weightType: 'variable', stickiness: 'default' },
                {
                  name: 'green',
                  weight: 500,
                  weightType: 'variable',
                  stickiness: 'default',
                  payload: { type: 'string', value: 'hi' },
                },
              ],
            },
          },
        ],
      },
    ],
    comments: [
      {
        id: 1,
        text: 'Ready when you are',
        createdBy: { username: 'grace' },
        createdAt: '2026-11-22T09:31:00.000Z',
      },
    ],
  };
  setup.server
    .on('GET', CR, () => ({ body: request }))
    .on('PUT', `${CR}/state`, (call) => {
      const body = call.body as { state: ChangeRequest['state']; scheduledAt?: string; comment?: string };
      request.state = body.state;
      if (body.scheduledAt) request.schedule = { status: 'pending', scheduledAt: body.scheduledAt };
      return { body: request };
    })
    .on('POST', `${CR}/comments`, answer(204))
    .on('PUT', `${CR}/title`, answer(204))
    .on('GET', `${CR}/approvers`, { reviewers: [] })
    .on('GET', `${BASE}/change-requests/available-reviewers/production`, {
      reviewers: [{ id: 5, email: 'linus@example.com', name: 'Linus' }],
    });
  return { ...setup, request };
}

const open = (server: ReturnType<typeof reviewServer>['server']) =>
  renderWithConsole(<ProjectsScreen />, { server, path: '/projects/default/change-requests/3' });

describe('change request page', () => {
  it('shows every change as a readable before/after with its conflict', async () => {
    const { server } = reviewServer('In review');
    await open(server);
    expect(await screen.findByRole('heading', { name: '#3 Launch checkout in the Nordics' })).toBeTruthy();
    const enable = await screen.findByTestId('change-11');
    expect(within(enable).getByText('Turn on')).toBeTruthy();
    expect(within(enable).getByRole('group', { name: 'Before' }).textContent).toContain('Off');
    expect(within(enable).getByRole('group', { name: 'After' }).textContent).toContain('On');

    const strategy = screen.getByTestId('change-12');
    expect(within(strategy).getByText('Change strategy Gradual rollout')).toBeTruthy();
    await waitFor(() =>
      expect(within(strategy).getByRole('group', { name: 'Before' }).textContent).toContain('Rollout 25%'),
    );
    const after = within(strategy).getByRole('group', { name: 'After' }).textContent ?? '';
    expect(after).toContain('Rollout 50%');
    expect(after).toContain('Constraint: country is one of NO, SE');
    expect(after).toContain('Segments: Beta testers');
    expect(after).not.toContain('{');
    expect(within(strategy).getByTestId('change-conflict').textContent).toContain(
      'The strategy was changed after this change was drafted.',
    );

    const variants = screen.getByTestId('change-13');
    const rows = within(within(variants).getByRole('group', { name: 'After' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'VariantWeightTypeStickinessPayload',
      'blue50%variabledefault–',
      'green50%variabledefaultstring: hi',
    ]);
    expect(screen.getByTestId('approval-count').textContent).toBe('0 of 1 approval');
    expect(screen.getAllByTestId('comment')[0]?.textContent).toContain('Ready when you are');
  });

  it('approves someone else’s request, which then offers to apply it', async () => {
    const { server } = reviewServer('In review');
    await open(server);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(server.calls('PUT', `${CR}/state`)).toHaveLength(1));
    expect(server.calls('PUT', `${CR}/state`)[0]?.body).toEqual({ state: 'Approved' });
    expect(await screen.findByRole('button', { name: 'Apply changes' })).toBeTruthy();
  });

  it('does not let the author approve their own request', async () => {
    const { server } = reviewServer('In review', { id: 1, username: 'admin' });
    await open(server);
    const approve = (await screen.findByRole('button', { name: 'Approve' })) as HTMLButtonElement;
    expect(approve.getAttribute('aria-disabled')).toBe('true');
    expect(approve.getAttribute('data-disabled-reason')).toBe('You cannot approve your own change request.');
  });

  it('lets an admin approve their own request', async () => {
    const { server } = reviewServer('In review', { id: 1, username: 'admin' }, [{ permission: 'ADMIN' }]);
    await open(server);
    const approve = (await screen.findByRole('button', { name: 'Approve' })) as HTMLButtonElement;
    await waitFor(() => expect(approve.getAttribute('aria-disabled')).toBeNull());
    fireEvent.click(approve);
    await waitFor(() => expect(server.calls('PUT', `${CR}/state`)).toHaveLength(1));
    expect(server.calls('PUT', `${CR}/state`)[0]?.body).toEqual({ state: 'Approved' });
  });

  it('rejects with a comment', async () => {
    const { server } = reviewServer('In review');
    await open(server);
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Why (shown to the author)'), {
      target: { value: 'Not before the holidays' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject changes' }));
    await waitFor(() => expect(server.calls('PUT', `${CR}/state`)).toHaveLength(1));
    expect(server.calls('PUT', `${CR}/state`)[0]?.body).toEqual({
      state: 'Rejected',
      comment: 'Not before the holidays',
    });
  });

  it('schedules an approved request for a time in the future', async () => {
    const { server } = reviewServer('Approved', { id: 1, username: 'admin' });
    await open(server);
    fireEvent.click(await screen.findByRole('button', { name: 'Schedule' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Apply at (your local time)'), {
      target: { value: '2099-01-02T03:04' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule changes' }));
    await waitFor(() => expect(server.calls('PUT', `${CR}/state`)).toHaveLength(1));
    expect(server.calls('PUT', `${CR}/state`)[0]?.body).toEqual({
      state: 'Scheduled',
      scheduledAt: new Date('2099-01-02T03:04').toISOString(),
    });
  });

  it('offers a scheduled request to apply now, reschedule or reject, and cancels after asking', async () => {
    const { server } = reviewServer('Scheduled', { id: 1, username: 'admin' });
    await open(server);
    const actions = await screen.findByTestId('change-request-actions');
    await within(actions).findByRole('button', { name: 'Apply now' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Apply now', 'Reschedule', 'Unschedule and reject', 'Cancel request']);
    fireEvent.click(within(actions).getByRole('button', { name: 'Cancel request' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Nothing of it is applied, and it cannot be reopened.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Keep it' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel request' }));
    await waitFor(() => expect(server.calls('PUT', `${CR}/state`)).toHaveLength(1));
    expect(server.calls('PUT', `${CR}/state`)[0]?.body).toEqual({ state: 'Cancelled' });
  });

  it('disables approving, rejecting and applying with the reason when the user lacks the permissions', async () => {
    const { server } = reviewServer('In review', undefined, []);
    await open(server);
    const approve = (await screen.findByRole('button', { name: 'Approve' })) as HTMLButtonElement;
    await waitFor(() => expect(approve.getAttribute('aria-disabled')).toBe('true'));
    const reason =
      'Approving and rejecting in production needs the APPROVE_CHANGE_REQUEST permission there: an admin grants it with a custom project role.';
    expect(approve.getAttribute('data-disabled-reason')).toBe(reason);
    const reject = screen.getByRole('button', { name: 'Reject' });
    expect(reject.getAttribute('data-disabled-reason')).toBe(reason);
  });

  it('disables applying and scheduling without APPLY_CHANGE_REQUEST', async () => {
    const { server } = reviewServer('Approved', undefined, [
      REVIEWER_GRANTS[0] as (typeof REVIEWER_GRANTS)[0],
    ]);
    await open(server);
    const apply = (await screen.findByRole('button', { name: 'Apply changes' })) as HTMLButtonElement;
    await waitFor(() => expect(apply.getAttribute('aria-disabled')).toBe('true'));
    expect(apply.getAttribute('data-disabled-reason')).toContain('needs the APPLY_CHANGE_REQUEST permission');
    expect(
      (screen.getByRole('button', { name: 'Schedule' }) as HTMLButtonElement).getAttribute('aria-disabled'),
    ).toBe('true');
    expect(
      (screen.getByRole('button', { name: 'Reject' }) as HTMLButtonElement).getAttribute('aria-disabled'),
    ).toBeNull();
  });

  it('lets the author, without review permissions, reject their scheduled request', async () => {
    const { server } = reviewServer('Scheduled', { id: 1, username: 'admin' }, []);
    await open(server);
    const reject = (await screen.findByRole('button', {
      name: 'Unschedule and reject',
    })) as HTMLButtonElement;
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Apply now' }).getAttribute('aria-disabled')).toBe('true'),
    );
    expect(reject.getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(reject);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject changes' }));
    await waitFor(() => expect(server.calls('PUT', `${CR}/state`)).toHaveLength(1));
    expect(server.calls('PUT', `${CR}/state`)[0]?.body).toEqual({ state: 'Rejected' });
  });

  it('shows why a scheduled application failed', async () => {
    const { server, request } = reviewServer('Scheduled');
    request.schedule = {
      status: 'failed',
      scheduledAt: '2026-11-22T12:00:00.000Z',
      reason: 'Apply failed',
      failureReason: 'The strategy str-1 no longer exists',
    };
    await open(server);
    const notice = await screen.findByTestId('schedule-notice');
    expect(notice.textContent).toContain('The scheduled application failed');
    expect(notice.textContent).toContain('Reason: The strategy str-1 no longer exists');
  });

  it('keeps review steps online-only, saying why while the server is unreachable', async () => {
    const { server } = reviewServer('Approved', { id: 1, username: 'admin' });
    const { console: app } = await open(server);
    await screen.findByRole('button', { name: 'Apply changes' });
    server.offline = true;
    await act(async () => {
      await app.checkConnection();
    });
    const apply = screen.getByRole('button', { name: 'Apply changes' }) as HTMLButtonElement;
    await waitFor(() => expect(apply.getAttribute('aria-disabled')).toBe('true'));
    expect(apply.getAttribute('data-disabled-reason')).toContain('The server is unreachable');
    // Said once on the card, and to screen readers by each disabled step (Guarded).
    const said = within(screen.getByTestId('change-request-actions')).getAllByText(/need it to answer/);
    expect(said.some((node) => !node.className.includes('VisuallyHidden'))).toBe(true);
  });

  it('shows the server’s refusal of a conflicting apply', async () => {
    const { server } = reviewServer('Approved', { id: 1, username: 'admin' });
    server.on('PUT', `${CR}/state`, unleashError(409, 'ConflictError', 'The change request has conflicts'));
    await open(server);
    fireEvent.click(await screen.findByRole('button', { name: 'Apply changes' }));
    expect(await screen.findByText('The change request has conflicts')).toBeTruthy();
  });

  it('adds a comment and renames the request', async () => {
    const { server } = reviewServer('In review');
    await open(server);
    fireEvent.change(await screen.findByLabelText('Add a comment'), { target: { value: 'Looks good' } });
    fireEvent.click(screen.getByRole('button', { name: 'Comment' }));
    await waitFor(() => expect(server.calls('POST', `${CR}/comments`)).toHaveLength(1));
    expect(server.calls('POST', `${CR}/comments`)[0]?.body).toEqual({ text: 'Looks good' });
    fireEvent.click(screen.getByRole('button', { name: 'Edit title' }));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Nordic launch' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save title' }));
    await waitFor(() => expect(server.calls('PUT', `${CR}/title`)).toHaveLength(1));
    expect(server.calls('PUT', `${CR}/title`)[0]?.body).toEqual({ title: 'Nordic launch' });
  });

  it('says an applied request is final and offers no step', async () => {
    const { server } = reviewServer('Applied');
    await open(server);
    expect((await screen.findByTestId('final-state')).textContent).toBe(
      'Applied: the changes are live for SDKs.',
    );
    expect(within(screen.getByTestId('change-request-actions')).queryAllByRole('button')).toHaveLength(0);
    // Once applied there is no "before" left to compare with.
    expect(within(screen.getByTestId('change-12')).queryByRole('group', { name: 'Before' })).toBeNull();
  });
});
