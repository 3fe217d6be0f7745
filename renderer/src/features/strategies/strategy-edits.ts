import type { AdminApi } from '../../api/admin-api';
import { isApiError } from '../../api/client';
import { normaliseConstraint } from '../../components/ConstraintEditor/constraint-operators';
import type { Edit, Snapshot } from '../../offline/outbox';
import {
  type CreateFeatureStrategy,
  createStrategiesApi,
  type FeatureStrategy,
  type StrategyLocation,
  strategiesPath,
  strategyPath,
} from './strategies-api';

/**
 * Strategy edits for the outbox (stores/editable-resources.ts): snapshots reduced to what the
 * editor changes, and readers that fetch the server's current version when an edit is replayed.
 */

type EditDraft = Omit<Edit, 'profileId'>;

/** What the editor sets on a strategy; the body of both POST and PUT. */
export type StrategyBody = Required<
  Pick<CreateFeatureStrategy, 'name' | 'parameters' | 'constraints' | 'segments' | 'variants'>
> & { title: string | null; disabled: boolean };

/** Pending creations have no server id yet: their target carries a local one with this prefix. */
const NEW_PREFIX = 'new:';

export function strategySnapshot(strategy: StrategyBody | FeatureStrategy) {
  return {
    name: strategy.name,
    title: strategy.title ? strategy.title : null,
    disabled: strategy.disabled === true,
    parameters: { ...strategy.parameters },
    constraints: strategy.constraints.map(normaliseConstraint),
    segments: [...new Set(strategy.segments)].sort((a, b) => a - b),
    // The server stores variants sorted by name.
    variants: [...strategy.variants].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
  };
}
export type StrategySnapshot = ReturnType<typeof strategySnapshot>;

/** The outbox target of the strategies of one flag in one environment. */
export function locationKey({ project, flagName, environment }: StrategyLocation): string {
  return [project, flagName, environment].map(encodeURIComponent).join('/');
}

export function strategyTarget(location: StrategyLocation, id: string): string {
  return `${locationKey(location)}/${encodeURIComponent(id)}`;
}

export function isPendingCreation(target: string): boolean {
  return decodeURIComponent(target.split('/')[3] ?? '').startsWith(NEW_PREFIX);
}

function parseTarget(target: string): { location: StrategyLocation; id: string | undefined } {
  const [project = '', flagName = '', environment = '', id] = target.split('/').map(decodeURIComponent);
  return { location: { project, flagName, environment }, id };
}

const describe = (body: Pick<StrategyBody, 'name' | 'title'>) => (body.title ? `"${body.title}"` : body.name);

export function createStrategyEdit(
  location: StrategyLocation,
  body: StrategyBody,
  localId: string,
): EditDraft {
  return {
    kind: 'strategy',
    target: strategyTarget(location, `${NEW_PREFIX}${localId}`),
    summary: `Add the strategy ${describe(body)} to ${location.flagName} in ${location.environment}`,
    request: { method: 'POST', path: strategiesPath(location), body },
    base: null,
    mine: strategySnapshot(body),
  };
}

export function updateStrategyEdit(
  location: StrategyLocation,
  current: FeatureStrategy,
  body: StrategyBody,
  summary?: string,
): EditDraft {
  return {
    kind: 'strategy',
    target: strategyTarget(location, current.id),
    summary:
      summary ?? `Change the strategy ${describe(body)} of ${location.flagName} in ${location.environment}`,
    request: { method: 'PUT', path: strategyPath(location, current.id), body },
    base: strategySnapshot(current),
    mine: strategySnapshot(body),
  };
}

export function deleteStrategyEdit(location: StrategyLocation, current: FeatureStrategy): EditDraft {
  return {
    kind: 'strategy',
    target: strategyTarget(location, current.id),
    summary: `Delete the strategy ${describe(current)} of ${location.flagName} in ${location.environment}`,
    request: { method: 'DELETE', path: strategyPath(location, current.id) },
    base: strategySnapshot(current),
    mine: null,
  };
}

/** `setStrategySortOrder`: each strategy id with its new position. */
export function strategyOrderEdit(
  location: StrategyLocation,
  current: readonly string[],
  next: readonly string[],
): EditDraft {
  return {
    kind: 'strategy-order',
    target: locationKey(location),
    summary: `Reorder the strategies of ${location.flagName} in ${location.environment}`,
    request: {
      method: 'POST',
      path: `${strategiesPath(location)}/set-sort-order`,
      body: next.map((id, sortOrder) => ({ id, sortOrder })),
    },
    base: [...current],
    mine: [...next],
  };
}

export function bodyOf(strategy: FeatureStrategy): StrategyBody {
  return {
    name: strategy.name,
    title: strategy.title,
    disabled: strategy.disabled === true,
    parameters: { ...strategy.parameters },
    constraints: strategy.constraints.map(normaliseConstraint),
    segments: [...strategy.segments],
    variants: [...strategy.variants],
  };
}

export function sortStrategies(strategies: readonly FeatureStrategy[]): FeatureStrategy[] {
  return [...strategies].sort((a, b) => a.sortOrder - b.sortOrder || a.id.localeCompare(b.id));
}

async function orNullIfMissing<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (isApiError(error, 'NotFoundError')) return null;
    throw error;
  }
}

/** Outbox replay readers for the kinds above (gathered in app/resource-readers.ts). */
export const STRATEGY_READERS: Record<string, (api: AdminApi, target: string) => Promise<Snapshot | null>> = {
  strategy: async (api, target) => {
    const { location, id } = parseTarget(target);
    // A queued creation: the strategy it makes cannot exist before it is sent.
    if (!id || id.startsWith(NEW_PREFIX)) return null;
    const strategy = await orNullIfMissing(() => createStrategiesApi(api.client).get(location, id));
    return strategy ? strategySnapshot(strategy) : null;
  },
  'strategy-order': async (api, target) => {
    const { location } = parseTarget(target);
    return sortStrategies(await createStrategiesApi(api.client).list(location)).map(
      (strategy) => strategy.id,
    );
  },
};
