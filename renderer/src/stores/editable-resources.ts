import type { AdminApi } from '../api/admin-api';
import { isApiError } from '../api/client';
import type { Environment, FeatureType } from '../api/types';
import type { Edit, Snapshot } from '../offline/outbox';

/**
 * The objects the console can edit offline, each with the snapshot the outbox compares (only the
 * fields the console edits, so a changed counter is not a conflict) and how to read it back from
 * the server when replaying. Edits are built here so a screen cannot forget a snapshot.
 */
export type EditDraft = Omit<Edit, 'profileId'>;

export const featureTypeSnapshot = (type: Pick<FeatureType, 'lifetimeDays'>) => ({
  // Unleash treats 0 and null alike: never potentially stale.
  lifetimeDays: type.lifetimeDays ? type.lifetimeDays : null,
});

export const environmentSnapshot = (environment: Pick<Environment, 'enabled'>) => ({
  enabled: environment.enabled,
});

export function environmentOrder(environments: readonly Environment[]): string[] {
  return [...environments]
    .sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name))
    .map((environment) => environment.name);
}

export function featureTypeLifetimeEdit(type: FeatureType, lifetimeDays: number | null): EditDraft {
  const days = lifetimeDays ? lifetimeDays : null;
  return {
    kind: 'feature-type',
    target: type.id,
    summary: `Set the lifetime of ${type.name} to ${days === null ? 'never stale' : `${days} day${days === 1 ? '' : 's'}`}`,
    request: {
      method: 'PUT',
      path: `/api/admin/feature-types/${encodeURIComponent(type.id)}/lifetime`,
      body: { lifetimeDays: days },
    },
    base: featureTypeSnapshot(type),
    mine: featureTypeSnapshot({ lifetimeDays: days }),
  };
}

export function environmentEnabledEdit(environment: Environment, enabled: boolean): EditDraft {
  return {
    kind: 'environment',
    target: environment.name,
    summary: `${enabled ? 'Enable' : 'Disable'} the environment ${environment.name}`,
    request: {
      method: 'POST',
      path: `/api/admin/environments/${encodeURIComponent(environment.name)}/${enabled ? 'on' : 'off'}`,
    },
    base: environmentSnapshot(environment),
    mine: environmentSnapshot({ enabled }),
  };
}

/** `sortOrderSchema`: a map from environment name to its position. */
export function environmentOrderEdit(current: readonly string[], next: readonly string[]): EditDraft {
  const body = Object.fromEntries(next.map((name, index) => [name, index + 1]));
  return {
    kind: 'environment-order',
    target: '*',
    summary: `Order environments: ${next.join(', ')}`,
    request: { method: 'PUT', path: '/api/admin/environments/sort-order', body },
    base: [...current],
    mine: [...next],
  };
}

/**
 * How replay reads an object of one kind back from the server, as the snapshot its edits compare.
 * Each feature keeps the readers of the kinds it edits; app/ passes them all to `createConsole`
 * (stores/ is below features/ and cannot import them).
 */
export type ResourceReader = (api: AdminApi, target: string) => Promise<Snapshot | null>;
export type ResourceReaders = Readonly<Record<string, ResourceReader>>;

async function orNullIfMissing<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (isApiError(error, 'NotFoundError')) return null;
    throw error;
  }
}

/** The readers of the kinds this module edits (feature types and environments). */
export const CORE_RESOURCE_READERS: ResourceReaders = {
  'feature-type': async (api, id) => {
    const { types } = await api.listFeatureTypes();
    const type = types.find((candidate) => candidate.id === id);
    return type ? featureTypeSnapshot(type) : null;
  },
  environment: async (api, name) => {
    const environment = await orNullIfMissing(() => api.getEnvironment(name));
    return environment ? environmentSnapshot(environment) : null;
  },
  'environment-order': async (api) => environmentOrder((await api.listEnvironments()).environments),
};
