import {
  normaliseVariantWeights,
  TOTAL_WEIGHT,
  variantWeightProblems,
} from '../../../../server/contract/variant-weights';
import type { AdminApi } from '../../api/admin-api';
import { isApiError } from '../../api/client';
import {
  type CreateFeature,
  createFlagPageApi,
  type Feature,
  type FlagRef,
  flagDependenciesPath,
  flagEnvironmentPath,
  flagPath,
  flagTagsPath,
  type Variant,
} from '../../api/flag-api';
import type { Edit, Snapshot } from '../../offline/outbox';

/**
 * The flag page's routine edits as outbox entries (stores/editable-resources.ts explains the
 * snapshots): each kind snapshots only the field it changes, so turning a flag on in one
 * environment does not conflict with someone editing its description meanwhile.
 */
type FlagEditDraft = Omit<Edit, 'profileId'>;
type Reader = (api: AdminApi, target: string) => Promise<Snapshot | null>;

const enc = encodeURIComponent;

/** Flag names, project ids and environment names are URL-friendly, so `/` and `:` never occur in them. */
export const flagTarget = (flag: FlagRef) => `${flag.project}/${flag.name}`;
export const flagEnvironmentTarget = (flag: FlagRef, environment: string) =>
  `${flag.project}/${flag.name}/${environment}`;
export const flagDependencyTarget = (flag: FlagRef, parent: string) =>
  `${flag.project}/${flag.name}/${parent}`;
export const flagTagTarget = (name: string, tag: { type: string; value: string }) =>
  `${name}:${tag.type}:${tag.value}`;

function splitPath(target: string): [string, string, string] {
  const [project = '', name = '', rest = ''] = target.split('/');
  return [project, name, rest];
}

function splitTag(target: string): { name: string; type: string; value: string } {
  const first = target.indexOf(':');
  const second = target.indexOf(':', first + 1);
  return {
    name: target.slice(0, first),
    type: target.slice(first + 1, second),
    value: target.slice(second + 1),
  };
}

// Snapshots

export type NewFlag = Required<Pick<CreateFeature, 'name' | 'type' | 'impressionData'>> & {
  project: string;
  description: string | null;
};

export const createdFlagSnapshot = (flag: NewFlag) => ({
  project: flag.project,
  name: flag.name,
  type: flag.type,
  description: flag.description ? flag.description : null,
  impressionData: flag.impressionData,
});

export const descriptionSnapshot = (description: string | null | undefined) => ({
  description: description ? description : null,
});
export const impressionDataSnapshot = (impressionData: boolean) => ({ impressionData });
export const staleSnapshot = (stale: boolean) => ({ stale });
export const enabledSnapshot = (enabled: boolean) => ({ enabled });
export const taggedSnapshot = (tagged: boolean) => ({ tagged });

export interface DependencyState {
  enabled: boolean;
  variants: string[];
}

/** The server keeps no variants for a disabled parent. */
export const dependencySnapshot = (dependency: DependencyState | null): DependencyState | null =>
  dependency
    ? { enabled: dependency.enabled, variants: dependency.enabled ? [...dependency.variants].sort() : [] }
    : null;

const byName = <T extends { name: string }>(a: T, b: T) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** Variants as the server stores them, with the defaults spelled out so two copies compare. */
export function variantsSnapshot(variants: readonly Variant[]) {
  return [...variants].sort(byName).map((variant) => ({
    name: variant.name,
    weight: variant.weight,
    weightType: variant.weightType ?? 'variable',
    stickiness: variant.stickiness ?? 'default',
    payload: variant.payload ?? null,
    overrides: variant.overrides ?? [],
  }));
}

export { TOTAL_WEIGHT };

/** The variants as the server will store them (server/contract/variant-weights.ts). */
export function normaliseVariants(variants: readonly Variant[]): Variant[] {
  return normaliseVariantWeights(variants);
}

/** What the server would refuse, said before sending. */
export function variantProblems(variants: readonly Variant[]): string[] {
  const problems: string[] = [];
  if (variants.length === 0) return problems;
  const names = variants.map((variant) => variant.name.trim());
  if (names.some((name) => !name)) problems.push('Every variant needs a name.');
  if (new Set(names).size !== names.length) problems.push('Variant names must be unique.');
  const weightProblems = variantWeightProblems(variants);
  if (weightProblems.includes('no-variable-variant'))
    problems.push('There must be at least one variable variant.');
  if (weightProblems.includes('fixed-over-total'))
    problems.push('The fixed weights add up to more than 100%.');
  for (const variant of variants) {
    if (variant.payload?.type === 'json') {
      try {
        JSON.parse(variant.payload.value);
      } catch {
        problems.push(`The payload of ${variant.name || 'a variant'} is not valid JSON.`);
      }
    }
  }
  return problems;
}

// Edits

const replace = (field: string, value: unknown) => [{ op: 'replace', path: `/${field}`, value }];

export function createFlagEdit(flag: NewFlag): FlagEditDraft {
  const body: CreateFeature = {
    name: flag.name,
    type: flag.type,
    impressionData: flag.impressionData,
    ...(flag.description ? { description: flag.description } : {}),
  };
  return {
    kind: 'flag',
    target: flagTarget(flag),
    summary: `Create the flag ${flag.name} in ${flag.project}`,
    request: { method: 'POST', path: `/api/admin/projects/${enc(flag.project)}/features`, body },
    base: null,
    mine: createdFlagSnapshot(flag),
  };
}

export function descriptionEdit(flag: FlagRef, before: string | null, after: string): FlagEditDraft {
  const value = after.trim() ? after.trim() : null;
  return {
    kind: 'flag-description',
    target: flagTarget(flag),
    summary: `Change the description of ${flag.name}`,
    request: { method: 'PATCH', path: flagPath(flag), body: replace('description', value) },
    base: descriptionSnapshot(before),
    mine: descriptionSnapshot(value),
  };
}

export function impressionDataEdit(flag: FlagRef, impressionData: boolean): FlagEditDraft {
  return {
    kind: 'flag-impression-data',
    target: flagTarget(flag),
    summary: `${impressionData ? 'Emit' : 'Stop emitting'} impression events for ${flag.name}`,
    request: { method: 'PATCH', path: flagPath(flag), body: replace('impressionData', impressionData) },
    base: impressionDataSnapshot(!impressionData),
    mine: impressionDataSnapshot(impressionData),
  };
}

export function staleEdit(flag: FlagRef, stale: boolean): FlagEditDraft {
  return {
    kind: 'flag-stale',
    target: flagTarget(flag),
    summary: `Mark ${flag.name} as ${stale ? 'stale' : 'active'}`,
    request: { method: 'PATCH', path: flagPath(flag), body: replace('stale', stale) },
    base: staleSnapshot(!stale),
    mine: staleSnapshot(stale),
  };
}

export function flagEnabledEdit(flag: FlagRef, environment: string, enabled: boolean): FlagEditDraft {
  return {
    kind: 'flag-environment',
    target: flagEnvironmentTarget(flag, environment),
    summary: `Turn ${flag.name} ${enabled ? 'on' : 'off'} in ${environment}`,
    request: { method: 'POST', path: `${flagEnvironmentPath(flag, environment)}/${enabled ? 'on' : 'off'}` },
    base: enabledSnapshot(!enabled),
    mine: enabledSnapshot(enabled),
  };
}

export function variantsEdit(
  flag: FlagRef,
  environment: string,
  before: readonly Variant[],
  after: readonly Variant[],
): FlagEditDraft {
  return {
    kind: 'flag-variants',
    target: flagEnvironmentTarget(flag, environment),
    summary: `Set ${after.length} variant${after.length === 1 ? '' : 's'} of ${flag.name} in ${environment}`,
    request: { method: 'PUT', path: `${flagEnvironmentPath(flag, environment)}/variants`, body: after },
    base: variantsSnapshot(before),
    mine: variantsSnapshot(normaliseVariants(after)),
  };
}

export function addTagEdit(name: string, tag: { type: string; value: string }): FlagEditDraft {
  const value = tag.value.trim();
  return {
    kind: 'flag-tag',
    target: flagTagTarget(name, { type: tag.type, value }),
    summary: `Tag ${name} with ${tag.type}: ${value}`,
    request: { method: 'POST', path: flagTagsPath(name), body: { type: tag.type, value } },
    base: taggedSnapshot(false),
    mine: taggedSnapshot(true),
  };
}

export function removeTagEdit(name: string, tag: { type: string; value: string }): FlagEditDraft {
  return {
    kind: 'flag-tag',
    target: flagTagTarget(name, tag),
    summary: `Remove the tag ${tag.type}: ${tag.value} from ${name}`,
    request: { method: 'DELETE', path: `${flagTagsPath(name)}/${enc(tag.type)}/${enc(tag.value)}` },
    base: taggedSnapshot(true),
    mine: taggedSnapshot(false),
  };
}

export function setDependencyEdit(
  flag: FlagRef,
  parent: string,
  before: DependencyState | null,
  after: DependencyState,
): FlagEditDraft {
  return {
    kind: 'flag-dependency',
    target: flagDependencyTarget(flag, parent),
    summary: `Make ${flag.name} depend on ${parent} being ${after.enabled ? 'enabled' : 'disabled'}`,
    request: {
      method: 'POST',
      path: flagDependenciesPath(flag),
      body: {
        feature: parent,
        enabled: after.enabled,
        ...(after.enabled && after.variants.length > 0 ? { variants: after.variants } : {}),
      },
    },
    base: dependencySnapshot(before),
    mine: dependencySnapshot(after),
  };
}

export function removeDependencyEdit(flag: FlagRef, parent: string, before: DependencyState): FlagEditDraft {
  return {
    kind: 'flag-dependency',
    target: flagDependencyTarget(flag, parent),
    summary: `Remove the dependency of ${flag.name} on ${parent}`,
    request: { method: 'DELETE', path: `${flagDependenciesPath(flag)}/${enc(parent)}` },
    base: dependencySnapshot(before),
    mine: null,
  };
}

// Reading the server's current state when replaying

async function orNullIfMissing<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (isApiError(error, 'NotFoundError')) return null;
    throw error;
  }
}

function readFlag(api: AdminApi, target: string): Promise<Feature | null> {
  const [project, name] = splitPath(target);
  return orNullIfMissing(() => createFlagPageApi(api.client).getFlag({ project, name }));
}

export const FLAG_RESOURCE_READERS: Record<string, Reader> = {
  flag: async (api, target) => {
    const flag = await readFlag(api, target);
    return flag
      ? createdFlagSnapshot({
          project: flag.project,
          name: flag.name,
          type: flag.type as NewFlag['type'],
          description: flag.description,
          impressionData: flag.impressionData,
        })
      : null;
  },
  'flag-description': async (api, target) => {
    const flag = await readFlag(api, target);
    return flag ? descriptionSnapshot(flag.description) : null;
  },
  'flag-impression-data': async (api, target) => {
    const flag = await readFlag(api, target);
    return flag ? impressionDataSnapshot(flag.impressionData) : null;
  },
  'flag-stale': async (api, target) => {
    const flag = await readFlag(api, target);
    return flag ? staleSnapshot(flag.stale) : null;
  },
  'flag-environment': async (api, target) => {
    const [project, name, environment] = splitPath(target);
    const flag = await readFlag(api, `${project}/${name}`);
    const state = flag?.environments?.find((candidate) => candidate.name === environment);
    return state ? enabledSnapshot(state.enabled) : null;
  },
  'flag-variants': async (api, target) => {
    const [project, name, environment] = splitPath(target);
    const answer = await orNullIfMissing(() =>
      createFlagPageApi(api.client).getVariants({ project, name }, environment),
    );
    return answer ? variantsSnapshot(answer.variants) : null;
  },
  'flag-tag': async (api, target) => {
    const { name, type, value } = splitTag(target);
    const answer = await orNullIfMissing(() => createFlagPageApi(api.client).getTags(name));
    if (!answer) return null;
    return taggedSnapshot(answer.tags.some((tag) => tag.type === type && tag.value === value));
  },
  'flag-dependency': async (api, target) => {
    const [project, name, parent] = splitPath(target);
    const flag = await readFlag(api, `${project}/${name}`);
    const dependency = flag?.dependencies?.find((candidate) => candidate.feature === parent);
    return dependency
      ? dependencySnapshot({ enabled: dependency.enabled ?? true, variants: dependency.variants ?? [] })
      : null;
  },
};
