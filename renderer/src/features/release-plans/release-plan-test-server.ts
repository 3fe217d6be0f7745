import { createFakeServer } from '../../test-utils/fake-server';
import type { CreateSafeguard, ReleasePlanProgress } from './release-plans-api';

/**
 * The release-plan panel's fake server: flag `checkout` in `development`, one template of three
 * milestones, and the plan routes the panel calls, its plans kept in memory.
 */
export const ENV = '/api/admin/projects/default/features/checkout/environments/development';
export const PLANS = `${ENV}/release-plans`;

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

const milestone = (id: string, name: string, sortOrder: number, rollout: string) => ({
  id,
  name,
  sortOrder,
  releasePlanDefinitionId: 'plan-1',
  startedAt: null as string | null,
  transitionCondition: null as { intervalMinutes: number } | null,
  targetMilestone: null as string | null,
  progressionExecutedAt: null,
  pausedAt: null,
  strategies: [strategy(`s-${id}`, id, rollout)],
});

export function plan(): ReleasePlanProgress {
  return {
    id: 'plan-1',
    discriminator: 'plan',
    name: 'Gradual rollout',
    description: null,
    featureName: 'checkout',
    environment: 'development',
    createdByUserId: 1,
    createdAt: '2026-11-25T07:00:00.000Z',
    activeMilestoneId: null,
    releasePlanTemplateId: 'tpl-1',
    milestones: [
      milestone('m1', 'Internal', 0, '10'),
      milestone('m2', 'Half', 1, '50'),
      milestone('m3', 'Everyone', 2, '100'),
    ],
    safeguards: [],
    progressionsPaused: false,
    nextProgressionAt: null,
  };
}

type PlanSafeguard = NonNullable<ReleasePlanProgress['safeguards']>[number];

/** A safeguard as the server answers it, from the body that set it. */
export function safeguardOf(
  body: CreateSafeguard,
  id = 'sg-1',
  triggeredAt: string | null = null,
): PlanSafeguard {
  return {
    id,
    action: { type: 'pauseReleasePlanProgressions', id: 'plan-1' },
    triggerCondition: body.triggerCondition,
    impactMetric: { id: `im-${id}`, ...body.impactMetric },
    triggeredAt,
  };
}

const template = {
  id: 'tpl-1',
  discriminator: 'template',
  name: 'Gradual rollout',
  description: 'Staff, half, everyone',
  createdByUserId: 1,
  createdAt: '2026-11-25T07:00:00.000Z',
  milestones: plan().milestones.map(({ id, name, sortOrder, strategies }) => ({
    id: `t-${id}`,
    name,
    sortOrder,
    releasePlanDefinitionId: 'tpl-1',
    strategies,
  })),
};

export function planServer(initial: ReleasePlanProgress[] = []) {
  let plans = initial;
  const server = createFakeServer()
    .on('GET', PLANS, () => ({ body: plans }))
    .on('GET', '/api/admin/release-plan-templates', [template])
    .on('POST', PLANS, () => {
      plans = [plan()];
      return { body: plans[0] };
    })
    .on('POST', `${PLANS}/plan-1/milestones/m2/start`, () => {
      plans = plans.map((p) => ({
        ...p,
        activeMilestoneId: 'm2',
        milestones: p.milestones.map((m) =>
          m.id === 'm2' ? { ...m, startedAt: new Date().toISOString() } : m,
        ),
      }));
      return { status: 200 };
    })
    .on('PUT', `${ENV}/progressions/m2`, (request) => {
      const { intervalMinutes } = (request.body as { transitionCondition: { intervalMinutes: number } })
        .transitionCondition;
      plans = plans.map((p) => ({
        ...p,
        nextProgressionAt: new Date(Date.now() + intervalMinutes * 60_000).toISOString(),
        milestones: p.milestones.map((m) =>
          m.id === 'm2' ? { ...m, transitionCondition: { intervalMinutes }, targetMilestone: 'm3' } : m,
        ),
      }));
      return { status: 200 };
    })
    .on('DELETE', `${ENV}/progressions/m2`, () => ({ status: 204 }))
    .on('POST', `${ENV}/progressions/plan-1/resume`, () => {
      plans = plans.map((p) => ({ ...p, progressionsPaused: false }));
      return { status: 200 };
    })
    .on('PUT', `${PLANS}/plan-1/safeguards`, (request) => {
      const body = request.body as CreateSafeguard;
      // One safeguard per plan: the PUT replaces it, keeping its id as the server does.
      plans = plans.map((p) => ({ ...p, safeguards: [safeguardOf(body, p.safeguards?.[0]?.id ?? 'sg-1')] }));
      return { status: 204 };
    })
    .on('DELETE', `${PLANS}/plan-1/safeguards/sg-1`, () => {
      plans = plans.map((p) => ({ ...p, safeguards: [] }));
      return { status: 204 };
    })
    .on('DELETE', `${PLANS}/plan-1`, () => {
      plans = [];
      return { status: 200 };
    });
  return server;
}
