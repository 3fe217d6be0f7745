import { describe, expect, it } from 'vitest';
import { describeInterval, directRequest, draftRequest, splitInterval } from './release-plans-api';

const place = { project: 'web shop', flagName: 'new/checkout', environment: 'development' };
const ENV = '/api/admin/projects/web%20shop/features/new%2Fcheckout/environments/development';

describe('release plan requests', () => {
  it('maps each plan action to its own route, names encoded', () => {
    expect(directRequest(place, { action: 'addReleasePlan', payload: { templateId: 't1' } })).toEqual({
      method: 'POST',
      path: `${ENV}/release-plans`,
      body: { templateId: 't1' },
    });
    expect(directRequest(place, { action: 'deleteReleasePlan', payload: { planId: 'p1' } })).toEqual({
      method: 'DELETE',
      path: `${ENV}/release-plans/p1`,
    });
    expect(
      directRequest(place, { action: 'startMilestone', payload: { planId: 'p1', milestoneId: 'm 2' } }),
    ).toEqual({ method: 'POST', path: `${ENV}/release-plans/p1/milestones/m%202/start` });
    expect(
      directRequest(place, {
        action: 'changeMilestoneProgression',
        payload: {
          sourceMilestone: 'm1',
          targetMilestone: 'm2',
          transitionCondition: { intervalMinutes: 30 },
        },
      }),
    ).toEqual({
      method: 'PUT',
      path: `${ENV}/progressions/m1`,
      body: { targetMilestone: 'm2', transitionCondition: { intervalMinutes: 30 } },
    });
    expect(
      directRequest(place, { action: 'deleteMilestoneProgression', payload: { sourceMilestone: 'm1' } }),
    ).toEqual({ method: 'DELETE', path: `${ENV}/progressions/m1` });
    expect(directRequest(place, { action: 'resumeMilestoneProgression', payload: { planId: 'p1' } })).toEqual(
      {
        method: 'POST',
        path: `${ENV}/progressions/p1/resume`,
      },
    );
  });

  it('maps safeguard actions to the one-per-plan safeguard routes', () => {
    const safeguard = {
      impactMetric: { metricName: 'errors', timeRange: 'hour', aggregationMode: 'count', labelSelectors: {} },
      triggerCondition: { operator: '>', threshold: 5 },
    } as const;
    expect(directRequest(place, { action: 'changeSafeguard', payload: { planId: 'p1', safeguard } })).toEqual(
      {
        method: 'PUT',
        path: `${ENV}/release-plans/p1/safeguards`,
        body: safeguard,
      },
    );
    expect(
      directRequest(place, { action: 'deleteSafeguard', payload: { planId: 'p1', safeguardId: 'sg 1' } }),
    ).toEqual({ method: 'DELETE', path: `${ENV}/release-plans/p1/safeguards/sg%201` });
  });

  it('drafts the same action, unchanged, into the environment change request', () => {
    expect(
      draftRequest(place, { action: 'startMilestone', payload: { planId: 'p1', milestoneId: 'm2' } }),
    ).toEqual({
      method: 'POST',
      path: '/api/admin/projects/web%20shop/environments/development/change-requests',
      body: {
        feature: 'new/checkout',
        action: 'startMilestone',
        payload: { planId: 'p1', milestoneId: 'm2' },
      },
    });
  });

  it('shows an interval in the largest unit that divides it', () => {
    expect(splitInterval(2880)).toEqual({ amount: 2, unit: 'days' });
    expect(splitInterval(120)).toEqual({ amount: 2, unit: 'hours' });
    expect(splitInterval(90)).toEqual({ amount: 90, unit: 'minutes' });
    expect(describeInterval(60)).toBe('1 hour');
    expect(describeInterval(1)).toBe('1 minute');
    expect(describeInterval(45)).toBe('45 minutes');
  });
});
