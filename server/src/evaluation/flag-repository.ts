import type { ClientFeature, ClientSegment } from '../../contract';

/** The read-only view of a client features payload the evaluator needs. */
export interface FlagRepository {
  getFlag(name: string): ClientFeature | undefined;
  getSegment(id: number): ClientSegment | undefined;
  /** Every flag, in payload order. */
  listFlags(): readonly ClientFeature[];
}

/** What a repository is built from: a client features payload, with or without top-level segments. */
export interface FlagState {
  features: readonly ClientFeature[];
  segments?: readonly ClientSegment[];
}

/**
 * An in-memory repository over a payload. Works for both payload modes: segments listed
 * separately and referenced by id from strategies, or already inlined into their constraints.
 */
export function createFlagRepository(state: FlagState): FlagRepository {
  const flags = new Map(state.features.map((flag) => [flag.name, flag]));
  const segments = new Map((state.segments ?? []).map((segment) => [segment.id, segment]));
  const list = [...flags.values()];
  return {
    getFlag: (name) => flags.get(name),
    getSegment: (id) => segments.get(id),
    listFlags: () => list,
  };
}
