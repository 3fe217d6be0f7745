import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReleasePlan } from '../../../../server/contract';
import type { FeatureEnvironment } from '../../api/flag-api';
import { createFakeServer } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { FlagEnvironment } from './FlagEnvironment';
import { initiallyExpanded } from './FlagSections';

const FLAG = '/api/admin/projects/default/features/checkout';
const NOBODY = /on for nobody/;

/** A plan on `development` whose first milestone runs: a quarter of users, then everyone. */
function runningPlan(): ReleasePlan {
  const strategy = (id: string, milestoneId: string, rollout: string) => ({
    id,
    milestoneId,
    sortOrder: 0,
    title: null,
    name: 'flexibleRollout',
    strategyName: 'flexibleRollout',
    parameters: { rollout, stickiness: 'default', groupId: 'checkout' },
    constraints: [],
    variants: [],
    segments: [],
    disabled: false,
  });
  return {
    id: 'plan-1',
    discriminator: 'plan',
    name: 'Careful rollout',
    description: null,
    featureName: 'checkout',
    environment: 'development',
    createdByUserId: 1,
    createdAt: '2026-11-21T10:00:00.000Z',
    activeMilestoneId: 'm1',
    releasePlanTemplateId: 'template-1',
    milestones: [
      {
        id: 'm1',
        name: 'A quarter',
        sortOrder: 0,
        releasePlanDefinitionId: 'plan-1',
        startedAt: '2026-11-21T10:00:00.000Z',
        strategies: [strategy('s1', 'm1', '25')],
      },
      {
        id: 'm2',
        name: 'Everyone',
        sortOrder: 1,
        releasePlanDefinitionId: 'plan-1',
        startedAt: null,
        strategies: [strategy('s2', 'm2', '100')],
      },
    ],
  };
}

function environmentServer() {
  const server = createFakeServer()
    .on('GET', '/api/admin/strategies', { version: 1, strategies: [] })
    .on('GET', '/api/admin/segments', { segments: [] });
  for (const environment of ['development', 'production']) {
    const path = `${FLAG}/environments/${environment}`;
    server
      .on('GET', `${path}/strategies`, [])
      .on('GET', `${path}/variants`, { version: 1, variants: [] })
      .on('GET', `${path}/release-plans`, []);
  }
  return server;
}

const environment = (name: string, releasePlans: ReleasePlan[]): FeatureEnvironment => ({
  name,
  type: name,
  enabled: true,
  sortOrder: 1,
  lastSeenAt: null,
  strategies: [],
  releasePlans,
});

/** Issue 31 §3: a running milestone's strategies are the ones that serve, and the page says so. */
describe('flag environment strategies', () => {
  it("shows the active milestone's strategies as the ones that serve", async () => {
    await renderWithConsole(
      <FlagEnvironment
        flag={{ project: 'default', name: 'checkout' }}
        environment={environment('development', [runningPlan()])}
      />,
      { server: environmentServer() },
    );
    const panel = await screen.findByTestId('strategies-development');
    const serving = await within(panel).findByTestId('milestone-strategies');
    expect(serving.textContent).toContain('Careful rollout');
    expect(serving.textContent).toContain('A quarter');
    expect(serving.textContent).toContain('Rollout 25%');
    // Only the running milestone serves: the next one's strategy is not shown here.
    expect(serving.textContent).not.toContain('Rollout 100%');
    // No "on for nobody": the flag has no strategies of its own, but the milestone's serve.
    await within(panel).findByText(/No strategies of its own/);
    expect(panel.textContent).not.toMatch(NOBODY);
  });

  it('says the flag is on for nobody without strategies or a running milestone', async () => {
    const waiting = { ...runningPlan(), activeMilestoneId: null };
    await renderWithConsole(
      <FlagEnvironment
        flag={{ project: 'default', name: 'checkout' }}
        environment={environment('production', [{ ...waiting, environment: 'production' }])}
      />,
      { server: environmentServer() },
    );
    const panel = await screen.findByTestId('strategies-production');
    await within(panel).findByText(NOBODY);
    expect(within(panel).queryByTestId('milestone-strategies')).toBeNull();
  });
});

/** Issue 33: one block per environment, a summary line that opens onto the strategies. */
describe('flag environment blocks', () => {
  const strategy = (id: string) => ({
    id,
    name: 'default',
    sortOrder: 0,
    title: null,
    disabled: false,
    constraints: [],
    parameters: {},
    variants: [],
    segments: [],
  });

  it('sums the environment up on one line: name, type, strategies, last seen and the switch', async () => {
    await renderWithConsole(
      <FlagEnvironment
        flag={{ project: 'default', name: 'checkout' }}
        environment={{
          ...environment('production', []),
          enabled: false,
          strategies: [strategy('a'), strategy('b')],
          lastSeenAt: '2026-11-21T10:00:00.000Z',
        }}
      />,
      { server: environmentServer() },
    );
    const block = await screen.findByTestId('environment-production');
    expect(within(block).getByTestId('strategy-count-production').textContent).toBe('2 strategies');
    expect(block.textContent).toContain('Last seen ');
    expect(block.textContent).not.toContain('Not seen by an SDK yet');
    const toggle = within(block).getByRole('switch', { name: 'checkout on in production' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
  });

  it('opens and closes on its summary, drawing the strategies only when open', async () => {
    await renderWithConsole(
      <FlagEnvironment
        flag={{ project: 'default', name: 'checkout' }}
        environment={{ ...environment('production', []), strategies: [strategy('a')] }}
        defaultExpanded={false}
      />,
      { server: environmentServer() },
    );
    const block = await screen.findByTestId('environment-production');
    expect(within(block).getByTestId('strategy-count-production').textContent).toBe('1 strategy');
    const summary = within(block).getByRole('button', { name: 'production' });
    expect(summary.getAttribute('aria-expanded')).toBe('false');
    expect(within(block).queryByTestId('strategies-production')).toBeNull();
    fireEvent.click(summary);
    expect(summary.getAttribute('aria-expanded')).toBe('true');
    await within(block).findByTestId('strategies-production');
    fireEvent.click(summary);
    expect(summary.getAttribute('aria-expanded')).toBe('false');
  });

  it("names the release plan in the summary and the last hour's evaluations in the block", async () => {
    await renderWithConsole(
      <FlagEnvironment
        flag={{ project: 'default', name: 'checkout' }}
        environment={{ ...environment('development', [runningPlan()]), yes: 750, no: 250 }}
      />,
      { server: environmentServer() },
    );
    const block = await screen.findByTestId('environment-development');
    expect(within(block).getByTestId('strategy-count-development').textContent).toBe(
      'no strategies · release plan Careful rollout',
    );
    expect((await within(block).findByTestId('evaluations-development')).textContent).toBe(
      'Last hour: 1,000 evaluations, 75% true',
    );
  });
});

describe('which environment blocks open at first', () => {
  const env = (name: string, enabled: boolean) => ({ ...environment(name, []), enabled });

  it('opens the enabled environments', () => {
    expect([
      ...initiallyExpanded([env('development', false), env('staging', true), env('production', true)]),
    ]).toEqual(['staging', 'production']);
  });

  it('opens the first environment when none is enabled', () => {
    expect([...initiallyExpanded([env('development', false), env('production', false)])]).toEqual([
      'development',
    ]);
    expect([...initiallyExpanded([])]).toEqual([]);
  });
});
