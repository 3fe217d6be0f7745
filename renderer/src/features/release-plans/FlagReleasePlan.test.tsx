import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithConsole } from '../../test-utils/render';
import { ChangeRequestRouting } from '../change-requests/ChangeRequestMode';
import { FlagReleasePlan } from './FlagReleasePlan';
import { ENV, PLANS, plan, planServer } from './release-plan-test-server';
import type { ReleasePlanProgress } from './release-plans-api';

const panel = <FlagReleasePlan project="default" flagName="checkout" environment="development" />;

describe('flag release plan panel', () => {
  it('applies a template after previewing its milestones', async () => {
    const server = planServer();
    await renderWithConsole(panel, { server });
    expect(await screen.findByText('No release plan in development.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Apply release plan' }));
    const dialog = within(await screen.findByRole('dialog'));
    const preview = await dialog.findByTestId('template-preview');
    expect(preview.textContent).toContain('Internal');
    expect(preview.textContent).toContain('Gradual rollout · 50%');
    expect(preview.textContent).toContain('Everyone');
    fireEvent.click(dialog.getByRole('button', { name: 'Apply plan' }));
    await waitFor(() => expect(server.calls('POST', PLANS)[0]?.body).toEqual({ templateId: 'tpl-1' }));
    expect(await screen.findByText('Release plan applied.')).toBeTruthy();
    expect(await screen.findByText('Not started')).toBeTruthy();
    expect(screen.getByTestId('plan-milestone-1').textContent).toContain('1. Internal');
  }, 30_000);

  it('starts a milestone, highlights it, and sets, shows and removes its progression', async () => {
    const server = planServer([plan()]);
    await renderWithConsole(panel, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'Start Half' }));
    await waitFor(() => expect(server.calls('POST', `${PLANS}/plan-1/milestones/m2/start`)).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByTestId('plan-milestone-2').getAttribute('aria-current')).toBe('step'),
    );
    expect(screen.getByText('At Half')).toBeTruthy();
    expect(within(screen.getByTestId('plan-milestone-2')).getByText('Active')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Advance Half automatically' }));
    const form = within(screen.getByRole('form', { name: 'Automatic progression of Half' }));
    fireEvent.change(form.getByLabelText('Advance to Everyone after'), { target: { value: '2' } });
    fireEvent.change(form.getByLabelText('Unit'), { target: { value: 'hours' } });
    fireEvent.click(form.getByRole('button', { name: 'Save progression' }));
    await waitFor(() =>
      expect(server.calls('PUT', `${ENV}/progressions/m2`)[0]?.body).toEqual({
        targetMilestone: 'm3',
        transitionCondition: { intervalMinutes: 120 },
      }),
    );
    expect((await screen.findByTestId('progression-2')).textContent).toBe(
      'Advances to Everyone after 2 hours',
    );
    const next = await screen.findByTestId('next-progression');
    const due = Date.parse(within(next).getByTestId('relative-time').getAttribute('datetime') ?? '');
    expect(Math.abs(due - (Date.now() + 120 * 60_000))).toBeLessThan(60_000);

    fireEvent.click(screen.getByRole('button', { name: 'Remove progression of Half' }));
    await waitFor(() => expect(server.calls('DELETE', `${ENV}/progressions/m2`)).toHaveLength(1));
  }, 30_000);

  it("previews a milestone's blast radius before it is started, without starting it", async () => {
    const preview = {
      sampled: 200,
      evaluated: 200,
      offToOn: 80,
      onToOff: 0,
      unchanged: 120,
      enabledBefore: 20,
      enabledAfter: 100,
      reasons: [
        { kind: 'rollout', label: 'flexibleRollout: rollout or parameters', offToOn: 80, onToOff: 0 },
      ],
      examples: [],
      samplingEnabled: true,
    };
    const server = planServer([plan()]).on('POST', `${ENV}/blast-radius`, () => ({ body: preview }));
    await renderWithConsole(panel, { server });
    const toggle = await screen.findByRole('button', { name: 'Preview impact of starting Half' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const row = within(screen.getByTestId('plan-milestone-2'));
    const summary = await row.findByTestId('blast-radius-summary', undefined, { timeout: 5000 });
    expect(summary.textContent).toBe(
      'Of 200 recently seen contexts, 80 (40%) would turn on and 0 would turn off; 120 unchanged (20 on now, 100 after).',
    );
    expect(row.getByRole('heading', { name: 'Blast radius' })).toBeTruthy();
    expect(server.calls('POST', `${ENV}/blast-radius`)[0]?.body).toEqual({
      kind: 'start-milestone',
      planId: 'plan-1',
      milestoneId: 'm2',
    });
    expect(server.calls('POST', `${PLANS}/plan-1/milestones/m2/start`)).toHaveLength(0);
  }, 30_000);

  it('shows a triggered safeguard and resumes paused progressions', async () => {
    const paused: ReleasePlanProgress = {
      ...plan(),
      activeMilestoneId: 'm1',
      progressionsPaused: true,
      safeguards: [
        {
          id: 'sg-1',
          action: { type: 'pauseReleasePlanProgressions', id: 'plan-1' },
          triggerCondition: { operator: '>', threshold: 5 },
          impactMetric: {
            id: 'im-1',
            metricName: 'errors',
            timeRange: 'hour',
            aggregationMode: 'count',
            labelSelectors: {},
          },
          triggeredAt: new Date(Date.now() - 60_000).toISOString(),
        },
      ],
    };
    const server = planServer([paused]);
    await renderWithConsole(panel, { server });
    expect(await screen.findByText('Progressions paused')).toBeTruthy();
    const safeguards = screen.getByTestId('plan-safeguards');
    expect(safeguards.textContent).toContain('errors (count over the last hour) > 5');
    expect(safeguards.textContent).toContain('Triggered');
    fireEvent.click(screen.getByRole('button', { name: 'Resume progressions' }));
    await waitFor(() => expect(server.calls('POST', `${ENV}/progressions/plan-1/resume`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Progressions paused')).toBeNull());
  }, 30_000);

  it('removes the plan only after asking', async () => {
    const server = planServer([plan()]);
    await renderWithConsole(panel, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove plan' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Keep it' }));
    expect(server.calls('DELETE', `${PLANS}/plan-1`)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Remove plan' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove plan' }));
    await waitFor(() => expect(server.calls('DELETE', `${PLANS}/plan-1`)).toHaveLength(1));
    expect(await screen.findByText('No release plan in development.')).toBeTruthy();
  }, 30_000);

  it('drafts plan actions into the change request where one is required', async () => {
    const draft = '/api/admin/projects/default/environments/development/change-requests';
    const server = planServer([plan()])
      .on('GET', '/api/admin/projects/default/change-requests/config', [
        { environment: 'development', type: 'development', changeRequestEnabled: true, requiredApprovals: 1 },
      ])
      .on('POST', draft, { id: 1 });
    await renderWithConsole(
      <ChangeRequestRouting project="default" environment="development">
        {panel}
      </ChangeRequestRouting>,
      { server },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Start Internal' }));
    await waitFor(() =>
      expect(server.calls('POST', draft)[0]?.body).toEqual({
        feature: 'checkout',
        action: 'startMilestone',
        payload: { planId: 'plan-1', milestoneId: 'm1' },
      }),
    );
    expect(server.calls('POST', `${PLANS}/plan-1/milestones/m1/start`)).toHaveLength(0);
    expect(await screen.findByText(/Added to your change request in development/)).toBeTruthy();
  }, 30_000);
});
