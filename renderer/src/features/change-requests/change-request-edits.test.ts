import { describe, expect, it } from 'vitest';
import {
  flagEnabledEdit,
  removeDependencyEdit,
  setDependencyEdit,
  variantsEdit,
} from '../flag-page/flag-edits';
import type { FeatureStrategy } from '../strategies/strategies-api';
import {
  createStrategyEdit,
  deleteStrategyEdit,
  type StrategyBody,
  strategyOrderEdit,
  updateStrategyEdit,
} from '../strategies/strategy-edits';
import { clampApprovals, configEdit, DRAFT_CHANGE_KIND, toDraftChange } from './change-request-edits';

const flag = { project: 'shop', name: 'new-checkout' };
const location = { project: 'shop', flagName: 'new-checkout', environment: 'production' };
const production = (environment: string | null) => (environment === 'production' ? environment : null);
const body: StrategyBody = {
  name: 'flexibleRollout',
  title: null,
  disabled: false,
  parameters: { rollout: '25', stickiness: 'default', groupId: 'new-checkout' },
  constraints: [],
  segments: [],
  variants: [],
};
const existing: FeatureStrategy = { ...body, id: 'abc-1', sortOrder: 0 };
const DRAFT = '/api/admin/projects/shop/environments/production/change-requests';

describe('direct edits as change-request changes', () => {
  it('turns the on/off switch into updateEnabled for the draft of that environment', () => {
    const change = toDraftChange(flagEnabledEdit(flag, 'production', true), production);
    expect(change).toMatchObject({
      kind: DRAFT_CHANGE_KIND,
      target: 'shop/production/flag-environment/shop/new-checkout/production',
      request: {
        method: 'POST',
        path: DRAFT,
        body: { feature: 'new-checkout', action: 'updateEnabled', payload: { enabled: true } },
      },
      base: null,
    });
    expect(change?.summary).toBe(
      'Add to your change request draft in production: Turn new-checkout on in production',
    );
  });

  it('leaves edits in environments without change requests as they are', () => {
    expect(toDraftChange(flagEnabledEdit(flag, 'development', true), production)).toBeNull();
  });

  it('maps strategy additions, updates, deletions and reordering to Unleash actions', () => {
    const payloadOf = (draft: ReturnType<typeof createStrategyEdit>) =>
      toDraftChange(draft, production)?.request.body as { action: string; payload: unknown };
    expect(payloadOf(createStrategyEdit(location, body, 'local1'))).toEqual({
      feature: 'new-checkout',
      action: 'addStrategy',
      payload: body,
    });
    expect(payloadOf(updateStrategyEdit(location, existing, { ...body, disabled: true }))).toEqual({
      feature: 'new-checkout',
      action: 'updateStrategy',
      payload: { ...body, disabled: true, id: 'abc-1' },
    });
    expect(payloadOf(deleteStrategyEdit(location, existing))).toEqual({
      feature: 'new-checkout',
      action: 'deleteStrategy',
      payload: { id: 'abc-1' },
    });
    expect(payloadOf(strategyOrderEdit(location, ['a', 'b'], ['b', 'a']))).toEqual({
      feature: 'new-checkout',
      action: 'reorderStrategy',
      payload: [
        { id: 'b', sortOrder: 0 },
        { id: 'a', sortOrder: 1 },
      ],
    });
  });

  it('sends variants as patchVariant with the whole list', () => {
    const variants = [{ name: 'red', weight: 1000, weightType: 'variable' as const, stickiness: 'default' }];
    expect(toDraftChange(variantsEdit(flag, 'production', [], variants), production)?.request.body).toEqual({
      feature: 'new-checkout',
      action: 'patchVariant',
      payload: { variants },
    });
  });
});

describe('project-wide edits as change-request changes', () => {
  it('puts a dependency change into the draft of the first governed environment', () => {
    const firstGoverned = (environment: string | null) => (environment === null ? 'production' : null);
    const add = toDraftChange(
      setDependencyEdit(flag, 'payments', null, { enabled: true, variants: ['stripe'] }),
      firstGoverned,
    );
    expect(add?.request).toEqual({
      method: 'POST',
      path: DRAFT,
      body: {
        feature: 'new-checkout',
        action: 'addDependency',
        payload: { feature: 'payments', enabled: true, variants: ['stripe'] },
      },
    });
    const remove = toDraftChange(
      removeDependencyEdit(flag, 'payments', { enabled: true, variants: [] }),
      firstGoverned,
    );
    expect(remove?.request.body).toEqual({ feature: 'new-checkout', action: 'deleteDependency' });
    expect(toDraftChange(flagEnabledEdit(flag, 'production', true), firstGoverned)).toBeNull();
  });
});

describe('change-request configuration', () => {
  it('clamps required approvals to 1..10 as Unleash does', () => {
    expect([0, 1, 4, 10, 11, -3, Number.NaN, 2.6].map(clampApprovals)).toEqual([1, 1, 4, 10, 10, 1, 1, 3]);
  });

  it('writes the environment setting with its snapshot', () => {
    const current = {
      environment: 'production',
      type: 'production',
      changeRequestEnabled: false,
      requiredApprovals: null,
    };
    expect(configEdit('shop', current, true, 14)).toMatchObject({
      kind: 'change-request-config',
      target: 'shop/production',
      request: {
        method: 'PUT',
        path: `${DRAFT}/config`,
        body: { changeRequestsEnabled: true, requiredApprovals: 10 },
      },
      base: { enabled: false, requiredApprovals: null },
      mine: { enabled: true, requiredApprovals: 10 },
    });
  });
});
