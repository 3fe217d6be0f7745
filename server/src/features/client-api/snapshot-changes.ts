import type { ClientSnapshot, SnapshotFeature, SnapshotSegment } from '../feature-toggles';

// Incremental SDK snapshot updates: what changed since a snapshot, applied in place so that a
// change at 10,000 flags costs the flags it touches, not a reload of all of them.

/** A snapshot with the flags' tags (the client API's `tags`). */
export interface TaggedSnapshot extends ClientSnapshot {
  tags: ReadonlyMap<string, ReadonlyArray<{ type: string; value: string }>>;
}

/** The flags to replace in a snapshot, with their tags; see getClientSnapshotChanges. */
export interface TaggedChanges {
  revision: number;
  names: readonly string[];
  features: readonly SnapshotFeature[];
  /** Where a flag the snapshot does not have yet goes: after this one (null: first). */
  predecessors: ReadonlyMap<string, string | null>;
  /** Every segment, when one changed. */
  segments?: readonly SnapshotSegment[];
  /** The event-id gaps below the new revision (ClientSnapshot.gaps). */
  gaps: number[];
  tags: ReadonlyMap<string, ReadonlyArray<{ type: string; value: string }>>;
}

/** Ids of the segments whose name or constraints differ between the two lists, or that one lacks. */
function changedSegmentIds(
  before: readonly SnapshotSegment[],
  after: readonly SnapshotSegment[],
): Set<number> {
  const key = (segment: SnapshotSegment) => JSON.stringify([segment.name, segment.constraints]);
  const previous = new Map(before.map((segment) => [segment.id, key(segment)]));
  const changed = new Set<number>();
  for (const segment of after) {
    if (previous.get(segment.id) !== key(segment)) changed.add(segment.id);
    previous.delete(segment.id);
  }
  for (const id of previous.keys()) changed.add(id);
  return changed;
}

/**
 * A snapshot with `changes` applied, or null when they cannot be applied in place (a new flag
 * whose predecessor is nowhere to be found). Unchanged flags keep their objects, and with them
 * their cached serialisations; a flag using a changed segment gets a new object, since its
 * serialisation with inlined segment constraints changes.
 */
export function applySnapshotChanges(
  snapshot: TaggedSnapshot,
  changes: TaggedChanges,
): TaggedSnapshot | null {
  const current = new Map(changes.features.map((feature) => [feature.name, feature]));
  const touched = new Set(changes.names);
  const segments = changes.segments ?? snapshot.segments;
  const segmentsChanged = changes.segments ? changedSegmentIds(snapshot.segments, changes.segments) : null;
  const usesChangedSegment = (feature: SnapshotFeature) =>
    segmentsChanged !== null &&
    segmentsChanged.size > 0 &&
    feature.strategies.some((strategy) => strategy.segments.some((id) => segmentsChanged.has(id)));

  // New flags, by the flag they follow (null: the first); chains of new flags follow each other.
  // Which changed flags the snapshot has: a set of at most the changed names, not of all flags.
  const known = new Set<string>();
  for (const feature of snapshot.features) if (touched.has(feature.name)) known.add(feature.name);
  const insertAfter = new Map<string | null, SnapshotFeature[]>();
  let pendingInserts = 0;
  for (const feature of changes.features) {
    if (known.has(feature.name)) continue;
    if (!changes.predecessors.has(feature.name)) return null;
    const before = changes.predecessors.get(feature.name) ?? null;
    insertAfter.set(before, [...(insertAfter.get(before) ?? []), feature]);
    pendingInserts += 1;
  }

  const features: SnapshotFeature[] = [];
  const placeAfter = (name: string | null) => {
    for (const inserted of insertAfter.get(name) ?? []) {
      features.push(inserted);
      pendingInserts -= 1;
      placeAfter(inserted.name);
    }
  };
  placeAfter(null);
  for (const feature of snapshot.features) {
    if (touched.has(feature.name)) {
      const replacement = current.get(feature.name);
      if (!replacement) continue;
      features.push(replacement);
    } else features.push(usesChangedSegment(feature) ? { ...feature } : feature);
    placeAfter(feature.name);
  }
  if (pendingInserts !== 0) return null;
  const tags = new Map(snapshot.tags);
  for (const name of touched) {
    const list = changes.tags.get(name);
    if (list?.length) tags.set(name, list);
    else tags.delete(name);
  }
  return {
    ...snapshot,
    revision: changes.revision,
    features,
    segments: [...segments],
    gaps: changes.gaps,
    tags,
  };
}

/** Flags whose payload entry depends on one of `names` (their dependency on a parent). */
export function dependentsOf(snapshot: TaggedSnapshot, names: readonly string[]): string[] {
  const parents = new Set(names);
  return snapshot.features
    .filter((feature) => feature.dependencies.some((dependency) => parents.has(dependency.feature)))
    .map((feature) => feature.name);
}

/** The snapshot's flags in one of `projects`. */
export function flagsOfProjects(snapshot: TaggedSnapshot, projects: readonly string[]): string[] {
  const wanted = new Set(projects);
  return snapshot.features.filter((feature) => wanted.has(feature.project)).map((feature) => feature.name);
}
