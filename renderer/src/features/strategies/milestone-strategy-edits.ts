import type { ReleasePlanMilestoneStrategy, ReleasePlanTemplate } from '../../../../server/contract';
import type { AdminApi } from '../../api/admin-api';
import { isApiError } from '../../api/client';
import { normaliseConstraint } from '../../components/ConstraintEditor/constraint-operators';
import type { Edit, Snapshot } from '../../offline/outbox';
import { type MilestoneStrategyLocation, milestoneStrategiesPath } from './strategies-api';
import { type StrategyBody, strategySnapshot } from './strategy-edits';

/**
 * Edits of a release template milestone's strategies for the outbox (issue 14), so the strategy
 * form saves them as it saves a flag's: online now, offline queued and replayed with conflicts shown.
 */

type EditDraft = Omit<Edit, 'profileId'>;

export const MILESTONE_STRATEGY_KIND = 'milestone-strategy';
const NEW_PREFIX = 'new:';
const enc = encodeURIComponent;

/** A milestone strategy as the strategy form edits it (the server may leave lists out). */
export function milestoneStrategyBody(strategy: ReleasePlanMilestoneStrategy): StrategyBody {
  return {
    name: strategy.strategyName || strategy.name,
    title: strategy.title ?? null,
    disabled: strategy.disabled === true,
    parameters: { ...(strategy.parameters ?? {}) },
    constraints: (strategy.constraints ?? []).map(normaliseConstraint),
    segments: [...(strategy.segments ?? [])],
    variants: [...(strategy.variants ?? [])],
  };
}

const targetOf = (location: MilestoneStrategyLocation, id: string) =>
  [location.templateId, location.milestoneId, id].map(enc).join('/');

const describe = (body: Pick<StrategyBody, 'name' | 'title'>) => (body.title ? `"${body.title}"` : body.name);

export function createMilestoneStrategyEdit(
  location: MilestoneStrategyLocation,
  body: StrategyBody,
  localId: string,
): EditDraft {
  return {
    kind: MILESTONE_STRATEGY_KIND,
    target: targetOf(location, `${NEW_PREFIX}${localId}`),
    summary: `Add the strategy ${describe(body)} to a milestone of ${location.groupName}`,
    request: { method: 'POST', path: milestoneStrategiesPath(location), body },
    base: null,
    mine: strategySnapshot(body),
  };
}

export function updateMilestoneStrategyEdit(
  location: MilestoneStrategyLocation,
  id: string,
  current: StrategyBody,
  body: StrategyBody,
): EditDraft {
  return {
    kind: MILESTONE_STRATEGY_KIND,
    target: targetOf(location, id),
    summary: `Change the strategy ${describe(body)} of a milestone of ${location.groupName}`,
    request: { method: 'PUT', path: `${milestoneStrategiesPath(location)}/${enc(id)}`, body },
    base: strategySnapshot(current),
    mine: strategySnapshot(body),
  };
}

export function deleteMilestoneStrategyEdit(
  location: MilestoneStrategyLocation,
  id: string,
  current: StrategyBody,
): EditDraft {
  return {
    kind: MILESTONE_STRATEGY_KIND,
    target: targetOf(location, id),
    summary: `Delete the strategy ${describe(current)} of a milestone of ${location.groupName}`,
    request: { method: 'DELETE', path: `${milestoneStrategiesPath(location)}/${enc(id)}` },
    base: strategySnapshot(current),
    mine: null,
  };
}

/** Outbox replay reader (gathered in app/resource-readers.ts): the strategy as the template holds it now, or null when gone. */
export const MILESTONE_STRATEGY_READERS: Record<
  string,
  (api: AdminApi, target: string) => Promise<Snapshot | null>
> = {
  [MILESTONE_STRATEGY_KIND]: async (api, target) => {
    const [templateId = '', milestoneId = '', id = ''] = target.split('/').map(decodeURIComponent);
    if (id.startsWith(NEW_PREFIX)) return null;
    try {
      const template = await api.client.get<ReleasePlanTemplate>(
        `/api/admin/release-plan-templates/${enc(templateId)}`,
      );
      const milestone = template.milestones?.find((candidate) => candidate.id === milestoneId);
      const strategy = milestone?.strategies?.find((candidate) => candidate.id === id);
      return strategy ? strategySnapshot(milestoneStrategyBody(strategy)) : null;
    } catch (error) {
      if (isApiError(error, 'NotFoundError')) return null;
      throw error;
    }
  },
};
