/** The flag model's operations as typed, serialisable values (issue 4), with their results. */
import type {
  CreateFeature,
  CreateFeatureStrategy,
  FeatureLink,
  FeatureStrategy,
  SetStrategySortOrder,
  UpdateFeatureStrategy,
  Variant,
} from '../../../contract';
import type { featureData } from './feature-store';

/** What a PUT or PATCH of a flag may change. */
export interface FeatureChanges {
  name?: string;
  description?: string | null;
  type?: string;
  impressionData?: boolean;
  stale?: boolean;
}

/**
 * Every change to a flag as a typed, serialisable operation (issue 4). The REST routes build
 * them; change requests and scheduled releases will store them and apply them later through
 * the same `applyFeatureOperation`, which validates, writes and records the events inside the
 * caller's transaction, holding the flag's row lock so concurrent changes serialise.
 */
export type FeatureOperation =
  | { kind: 'create-feature'; project: string; feature: CreateFeature }
  | { kind: 'update-feature'; project: string; featureName: string; changes: FeatureChanges }
  | { kind: 'clone-feature'; project: string; featureName: string; name: string; replaceGroupId?: boolean }
  | { kind: 'set-feature-stale'; project: string; featureName: string; stale: boolean }
  | { kind: 'archive-feature'; project?: string; featureName: string }
  | { kind: 'archive-features'; project: string; featureNames: string[] }
  | { kind: 'revive-feature'; featureName: string }
  | { kind: 'delete-feature'; featureName: string }
  | {
      kind: 'set-feature-environment-enabled';
      project: string;
      featureName: string;
      environment: string;
      enabled: boolean;
      shouldActivateDisabledStrategies?: boolean;
    }
  | {
      kind: 'add-strategy';
      project: string;
      featureName: string;
      environment: string;
      strategy: CreateFeatureStrategy;
    }
  | {
      kind: 'update-strategy';
      project: string;
      featureName: string;
      environment: string;
      strategyId: string;
      strategy: UpdateFeatureStrategy;
    }
  | { kind: 'delete-strategy'; project: string; featureName: string; environment: string; strategyId: string }
  | {
      kind: 'reorder-strategies';
      project: string;
      featureName: string;
      environment: string;
      order: SetStrategySortOrder;
    }
  | {
      kind: 'set-strategy-segments';
      project: string;
      environment: string;
      strategyId: string;
      segmentIds: number[];
    }
  | {
      kind: 'set-environment-variants';
      project: string;
      featureName: string;
      environment: string;
      variants: Variant[];
    }
  | { kind: 'add-feature-link'; project: string; featureName: string; link: FeatureLink }
  | { kind: 'update-feature-link'; project: string; featureName: string; linkId: string; link: FeatureLink }
  | { kind: 'delete-feature-link'; project: string; featureName: string; linkId: string }
  | { kind: 'change-feature-project'; project: string; featureName: string; newProject: string };

/** The operation of one kind. */
export type FeatureOperationOf<K extends FeatureOperation['kind']> = Extract<FeatureOperation, { kind: K }>;

type FeatureData = ReturnType<typeof featureData>;

export interface FeatureOperationResults {
  'create-feature': FeatureData;
  'update-feature': FeatureData;
  'clone-feature': FeatureData;
  'set-feature-stale': FeatureData;
  'archive-feature': undefined;
  'archive-features': undefined;
  'revive-feature': undefined;
  'delete-feature': undefined;
  'set-feature-environment-enabled': undefined;
  'add-strategy': FeatureStrategy;
  'update-strategy': FeatureStrategy;
  'delete-strategy': undefined;
  'reorder-strategies': undefined;
  'set-strategy-segments': FeatureStrategy;
  'set-environment-variants': Variant[];
  'add-feature-link': StoredLink;
  'update-feature-link': StoredLink;
  'delete-feature-link': undefined;
  'change-feature-project': FeatureData;
}

/** A link of a flag (to a ticket, a dashboard...), as the admin API shows it. */
export interface StoredLink {
  id: string;
  url: string;
  title: string | null;
  feature: string;
}

export const FEATURE_OPERATION_KINDS: ReadonlySet<string> = new Set<FeatureOperation['kind']>([
  'create-feature',
  'update-feature',
  'clone-feature',
  'set-feature-stale',
  'archive-feature',
  'archive-features',
  'revive-feature',
  'delete-feature',
  'set-feature-environment-enabled',
  'add-strategy',
  'update-strategy',
  'delete-strategy',
  'reorder-strategies',
  'set-strategy-segments',
  'set-environment-variants',
  'add-feature-link',
  'update-feature-link',
  'delete-feature-link',
  'change-feature-project',
]);

/** The operations on a flag's environments: its on/off state, strategies and variants. */
export type StrategyOperationKind =
  | 'set-feature-environment-enabled'
  | 'add-strategy'
  | 'update-strategy'
  | 'delete-strategy'
  | 'reorder-strategies'
  | 'set-strategy-segments'
  | 'set-environment-variants';
export type StrategyOperation = Extract<FeatureOperation, { kind: StrategyOperationKind }>;
export const STRATEGY_OPERATION_KINDS: ReadonlySet<string> = new Set<StrategyOperationKind>([
  'set-feature-environment-enabled',
  'add-strategy',
  'update-strategy',
  'delete-strategy',
  'reorder-strategies',
  'set-strategy-segments',
  'set-environment-variants',
]);

/** The operations on a flag's links. */
export type LinkOperationKind = 'add-feature-link' | 'update-feature-link' | 'delete-feature-link';
export type LinkOperation = Extract<FeatureOperation, { kind: LinkOperationKind }>;
export const LINK_OPERATION_KINDS: ReadonlySet<string> = new Set<LinkOperationKind>([
  'add-feature-link',
  'update-feature-link',
  'delete-feature-link',
]);
