import type { Constraint, Dependency, StrategyParameters, StrategyVariant, Variant } from '../../../contract';
import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { constraintsWithDefaultValues } from '../constraints';
import {
  anySnapshotEventAmong,
  getSnapshotRevision,
  listEventIdGaps,
  listSnapshotEventsSince,
} from '../events';
import {
  listAllFeatureNames,
  listChildrenOf,
  readPredecessors,
  readSnapshotRows,
  readSnapshotSegments,
} from './client-snapshot-store';
import { compareStrategies, type StrategyRow } from './feature-store';

/** A strategy as the SDK APIs need it; they drop `id`, `title`, `sortOrder` and disabled ones (API.md §2.2). */
export interface SnapshotStrategy {
  id: string;
  name: string;
  title: string | null;
  constraints: Constraint[];
  parameters: StrategyParameters;
  variants: StrategyVariant[];
  /** Segment ids, ascending. */
  segments: number[];
  sortOrder: number;
  disabled: boolean;
}

/** A non-archived flag in one environment. */
export interface SnapshotFeature {
  name: string;
  type: string;
  project: string;
  description: string | null;
  /** false when the flag has no state in the environment. */
  enabled: boolean;
  stale: boolean;
  impressionData: boolean;
  /** In Unleash's client order: `sortOrder`, then id. */
  strategies: SnapshotStrategy[];
  /** The flag's (legacy) environment variants. */
  variants: Variant[];
  /** Parents in the client API's shape: `variants` only when `enabled` is true (API.md §2.2). */
  dependencies: Dependency[];
}

export interface SnapshotSegment {
  id: number;
  name: string;
  constraints: Constraint[];
}

export interface ClientSnapshot {
  environment: string;
  /** The revision the data was read at (see `getClientSnapshotRevision`). */
  revision: number;
  features: SnapshotFeature[];
  /** Every segment, ordered by name; the SDK API picks the used ones. */
  segments: SnapshotSegment[];
  /** Event ids below `revision` not committed when read (listEventIdGaps): checked by the next update. */
  gaps: number[];
}

/**
 * The read model the client and frontend APIs build their in-memory snapshot from
 * (STYLE.md convention 5): every non-archived flag of one environment with its state,
 * strategies, variants and dependencies, plus all segments. Read in one REPEATABLE READ
 * transaction, so the data and `revision` describe the same moment.
 */
export async function getClientSnapshot(db: Db, environment: string): Promise<ClientSnapshot> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute((trx) => readClientSnapshot(trx, environment));
}

/**
 * The same snapshot read inside the caller's transaction: the playground evaluates a change
 * request inside the rolled-back transaction that applied it (issue 15).
 */
export async function readClientSnapshot(trx: Queryable, environment: string): Promise<ClientSnapshot> {
  const revision = await getSnapshotRevision(trx, environment);
  const [features, segments, gaps] = await Promise.all([
    readSnapshotFeatures(trx, environment, null),
    readSnapshotSegments(trx),
    listEventIdGaps(trx, revision),
  ]);
  return { environment, revision, features, segments, gaps };
}

/** What changed since a snapshot: the flags to replace (absent from `features` = gone). */
export interface SnapshotChanges {
  revision: number;
  /** Every flag name whose entry must be replaced or removed. */
  names: string[];
  /** The current state of those of `names` that still exist (not archived). */
  features: SnapshotFeature[];
  /**
   * For each of `features`, the non-archived flag just before it in the client order (null: it
   * comes first), which places a flag the snapshot does not have yet. The order is the database
   * collation's, so the database answers it.
   */
  predecessors: ReadonlyMap<string, string | null>;
  /** Every segment, when one changed (as ClientSnapshot.segments). */
  segments?: SnapshotSegment[];
  /** The gaps below the new revision (as ClientSnapshot.gaps). */
  gaps: number[];
}

/**
 * What changed in `environment` since `sinceRevision`, read in one REPEATABLE READ transaction;
 * null when a full reload is the right answer: imports, a deleted environment, or more than
 * `maxFlags` flags. `alsoAffected` adds flags a change reaches through the caller's current
 * snapshot (children of a changed parent, whose dependency rows a deleted parent takes with it);
 * `inProjects` names the snapshot's flags of projects that gained or lost the environment.
 */
export async function getClientSnapshotChanges(
  db: Db,
  environment: string,
  sinceRevision: number,
  options: {
    maxFlags: number;
    /** The caller's snapshot's gaps: one filled since (a late commit) asks for a full reload. */
    knownGaps: readonly number[];
    alsoAffected(names: readonly string[]): readonly string[];
    inProjects(projects: readonly string[]): readonly string[];
  },
): Promise<SnapshotChanges | null> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const revision = await getSnapshotRevision(trx, environment);
      // A change committed after a later one was read lies below the snapshot's revision, where
      // no incremental read looks: only a full reload is sure to take it in.
      if (await anySnapshotEventAmong(trx, environment, options.knownGaps)) return null;
      const touched = await listSnapshotEventsSince(
        trx,
        environment,
        sinceRevision,
        revision,
        options.maxFlags + 1,
      );
      if (touched === null) return null;
      const changed = new Set(touched.flags);
      if (touched.projects.length > 0) {
        for (const name of options.inProjects(touched.projects)) changed.add(name);
      }
      for (const child of await listChildrenOf(trx, [...changed])) changed.add(child);
      for (const name of options.alsoAffected([...changed])) changed.add(name);
      if (changed.size > options.maxFlags) return null;
      const names = [...changed];
      const [features, predecessors, segments, gaps] = await Promise.all([
        names.length ? readSnapshotFeatures(trx, environment, names) : [],
        readPredecessors(trx, names),
        touched.segments ? readSnapshotSegments(trx) : undefined,
        listEventIdGaps(trx, revision),
      ]);
      return { revision, names, features, predecessors, gaps, ...(segments ? { segments } : {}) };
    });
}

type SnapshotRows = Awaited<ReturnType<typeof readSnapshotRows>>;

/** The strategies of each flag, with their segment ids (ascending). */
function strategiesByFeature(rows: SnapshotRows, environment: string): Map<string, StrategyRow[]> {
  const segmentsByStrategy = new Map<string, number[]>();
  for (const link of rows.segmentLinks) {
    const list = segmentsByStrategy.get(link.feature_strategy_id) ?? [];
    list.push(link.segment_id);
    segmentsByStrategy.set(link.feature_strategy_id, list);
  }
  const byFeature = new Map<string, StrategyRow[]>();
  for (const row of rows.strategies) {
    const list = byFeature.get(row.feature_name) ?? [];
    list.push({
      id: row.id,
      featureName: row.feature_name,
      projectName: '',
      environment,
      strategyName: row.strategy_name,
      title: row.title,
      parameters: (row.parameters as StrategyParameters) ?? {},
      constraints: constraintsWithDefaultValues(row.constraints),
      variants: (row.variants as StrategyVariant[]) ?? [],
      sortOrder: row.sort_order,
      disabled: row.disabled,
      segments: segmentsByStrategy.get(row.id) ?? [],
      milestoneId: row.milestone_id,
    });
    byFeature.set(row.feature_name, list);
  }
  return byFeature;
}

/** The parents of each flag in the client API's shape. */
function dependenciesByFeature(rows: SnapshotRows): Map<string, Dependency[]> {
  const byFeature = new Map<string, Dependency[]>();
  for (const row of rows.dependencies) {
    const list = byFeature.get(row.child) ?? [];
    list.push(
      row.enabled
        ? { feature: row.parent, enabled: true, variants: (row.variants as string[]) ?? [] }
        : { feature: row.parent, enabled: false },
    );
    byFeature.set(row.child, list);
  }
  return byFeature;
}

/**
 * Features of an environment in Unleash's client order (by name), all of them or the `names`
 * given; archived ones are left out.
 */
async function readSnapshotFeatures(
  trx: Queryable,
  environment: string,
  names: readonly string[] | null,
): Promise<SnapshotFeature[]> {
  const rows = await readSnapshotRows(trx, environment, names);
  const strategies = strategiesByFeature(rows, environment);
  const dependencies = dependenciesByFeature(rows);
  const stateByFeature = new Map(rows.states.map((row) => [row.feature_name, row]));
  return rows.features.map((feature) => {
    const state = stateByFeature.get(feature.name);
    return {
      name: feature.name,
      type: feature.type,
      project: feature.project,
      description: feature.description,
      enabled: state?.enabled ?? false,
      stale: feature.stale,
      impressionData: feature.impression_data,
      strategies: (strategies.get(feature.name) ?? []).sort(compareStrategies).map((row) => ({
        id: row.id,
        name: row.strategyName,
        title: row.title,
        constraints: row.constraints,
        parameters: row.parameters,
        variants: row.variants,
        segments: row.segments,
        sortOrder: row.sortOrder,
        disabled: row.disabled,
      })),
      variants: (state?.variants as Variant[] | undefined) ?? [],
      dependencies: dependencies.get(feature.name) ?? [],
    };
  });
}

/**
 * The cheap revision check: the id of the latest event that can change what the SDK APIs
 * serve for `environment`. Rebuild the snapshot only when it differs from the snapshot's.
 */
export async function getClientSnapshotRevision(db: Db, environment: string): Promise<number> {
  return getSnapshotRevision(db, environment);
}

/** Names of every flag, archived ones included: what counts as "a flag that exists". */
export async function getAllFeatureNames(db: Db): Promise<Set<string>> {
  return new Set(await listAllFeatureNames(db));
}
