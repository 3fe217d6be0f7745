import type { Tag, TagType, UpdateTagType } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { badData, nameExists, notFound } from '../../lib/errors';
import { isUrlFriendly } from '../../lib/url-friendly';
import { invalidRequest, notUrlFriendly } from '../../lib/validation-errors';
import { type Actor, appendEvent, type EventTag } from '../events';
import {
  deleteFeatureTag,
  deleteTag,
  deleteTagType,
  getTagType,
  insertFeatureTag,
  insertTag,
  insertTagType,
  listFeatureTags,
  lockFeatureForTags,
  lockFeaturesForTags,
  updateTagType,
} from './tag-store';

/** Changes to tag types, tags and the tags of flags, as serialisable operations. */
export type TagOperation =
  | { kind: 'create-tag-type'; tagType: TagType }
  | { kind: 'update-tag-type'; name: string; changes: UpdateTagType }
  | { kind: 'delete-tag-type'; name: string }
  | { kind: 'create-tag'; tag: Tag }
  | { kind: 'delete-tag'; tag: Tag }
  | { kind: 'update-feature-tags'; featureName: string; addedTags: Tag[]; removedTags: Tag[] }
  | {
      kind: 'update-project-feature-tags';
      project: string;
      features: string[];
      addedTags: Tag[];
      removedTags: Tag[];
    };

export interface TagOperationResults {
  'create-tag-type': TagType;
  'update-tag-type': TagType | undefined;
  'delete-tag-type': undefined;
  'create-tag': Tag;
  'delete-tag': undefined;
  'update-feature-tags': Tag[];
  'update-project-feature-tags': undefined;
}

export const TAG_OPERATION_KINDS: ReadonlySet<string> = new Set<TagOperation['kind']>([
  'create-tag-type',
  'update-tag-type',
  'delete-tag-type',
  'create-tag',
  'delete-tag',
  'update-feature-tags',
  'update-project-feature-tags',
]);

export const tagTypeExists = (name: string) => `There already exists a tag-type with the name ${name}`;
/** A tag of an unknown type is bad data, as in Unleash 8.2 (400 BadDataError), not a missing resource. */
const tagTypeMissing = (type: string) => badData(`There is no tag type named ${type}`);

function plain(tag: Tag): Tag {
  return { type: tag.type, value: tag.value.trim() };
}

export function checkTagTypeName(name: string): void {
  if (!isUrlFriendly(name)) throw notUrlFriendly('name', name);
}

/** Makes sure a tag exists (tag types must exist already), recording `tag-created` when it is new. */
async function ensureTag(db: Queryable, tag: Tag, actor: Actor): Promise<void> {
  if (!(await getTagType(db, tag.type))) throw tagTypeMissing(tag.type);
  if (await insertTag(db, tag)) {
    await appendEvent(db, {
      type: 'tag-created',
      createdBy: actor.name,
      createdByUserId: actor.userId,
      data: tag,
    });
  }
}

/**
 * Adds and removes tags on a flag, recording one `feature-tagged` / `feature-untagged` per
 * requested tag, as Unleash 8.2 does (checked on the reference, issue 31 §4): adding a tag the flag
 * has, or removing one it lacks, is still recorded. A tag listed twice in one request counts once.
 */
export async function changeFeatureTags(
  db: Queryable,
  feature: { name: string; project: string },
  added: readonly Tag[],
  removed: readonly Tag[],
  actor: Actor,
): Promise<void> {
  // A flag event carries the flag's tags: after tagging, the new set; on untagging, the set
  // before the removal with each tag's colour (as Unleash records them).
  const record = (type: string, tag: Tag, data: 'data' | 'preData', tags?: EventTag[]) =>
    appendEvent(db, {
      type,
      createdBy: actor.name,
      createdByUserId: actor.userId,
      featureName: feature.name,
      project: feature.project,
      ...(tags ? { tags } : {}),
      [data]: tag,
    });
  // Unleash's order: the new tags first, then the flag gets them all, then one event per tag
  // carrying the flag's tags after the whole addition.
  const adding = distinct(added);
  for (const tag of adding) await ensureTag(db, tag, actor);
  for (const tag of adding) await insertFeatureTag(db, feature.name, tag, actor.userId);
  for (const tag of adding) await record('feature-tagged', tag, 'data');
  for (const tag of distinct(removed)) {
    const before = await listFeatureTags(db, feature.name);
    await deleteFeatureTag(db, feature.name, tag);
    await record(
      'feature-untagged',
      tag,
      'preData',
      before.map(({ type, value, color }) => ({ type, value, color })),
    );
  }
}

/** The tags of a request, trimmed, each once. */
function distinct(tags: readonly Tag[]): Tag[] {
  const seen = new Map<string, Tag>();
  for (const raw of tags) {
    const tag = plain(raw);
    seen.set(JSON.stringify([tag.type, tag.value]), tag);
  }
  return [...seen.values()];
}

type OperationOf<K extends TagOperation['kind']> = Extract<TagOperation, { kind: K }>;
type Handler<K extends TagOperation['kind']> = (
  db: Queryable,
  op: OperationOf<K>,
  actor: Actor,
) => Promise<TagOperationResults[K]>;

/** A tag type as Unleash 8.2's events carry it: no `color` key while it has none (issue 31 §4). */
function tagTypeEventData(tagType: TagType): TagType {
  const { color, ...rest } = tagType;
  return color == null ? rest : { ...rest, color };
}

/** Records a tag or tag-type event (no flag). */
function recordEvent(db: Queryable, actor: Actor, type: string, data: unknown, preData?: unknown) {
  return appendEvent(db, { type, createdBy: actor.name, createdByUserId: actor.userId, data, preData });
}

async function createTagType(
  db: Queryable,
  op: OperationOf<'create-tag-type'>,
  actor: Actor,
): Promise<TagType> {
  checkTagTypeName(op.tagType.name);
  if (await getTagType(db, op.tagType.name)) throw nameExists(tagTypeExists(op.tagType.name));
  await insertTagType(db, op.tagType);
  const created = (await getTagType(db, op.tagType.name))!;
  await recordEvent(db, actor, 'tag-type-created', tagTypeEventData(created));
  return created;
}

async function changeTagType(
  db: Queryable,
  op: OperationOf<'update-tag-type'>,
  actor: Actor,
): Promise<TagType | undefined> {
  const before = await getTagType(db, op.name, true);
  // Unleash answers 200 for a type that does not exist; nothing changes, nothing is recorded.
  if (!before) return undefined;
  const after: TagType = {
    ...before,
    ...(op.changes.description !== undefined ? { description: op.changes.description } : {}),
    ...(op.changes.icon !== undefined ? { icon: op.changes.icon } : {}),
    ...(op.changes.color !== undefined ? { color: op.changes.color } : {}),
  };
  await updateTagType(db, after);
  // Unleash 8.2 records no preData here; ours keeps the type before, as its other updates do.
  await recordEvent(db, actor, 'tag-type-updated', tagTypeEventData(after), tagTypeEventData(before));
  return after;
}

async function removeTagType(
  db: Queryable,
  op: OperationOf<'delete-tag-type'>,
  actor: Actor,
): Promise<undefined> {
  const before = await getTagType(db, op.name, true);
  if (!before) return undefined;
  await deleteTagType(db, op.name);
  await recordEvent(db, actor, 'tag-type-deleted', null, tagTypeEventData(before));
  return undefined;
}

async function createTag(db: Queryable, op: OperationOf<'create-tag'>, actor: Actor): Promise<Tag> {
  const tag = plain(op.tag);
  if (!(await getTagType(db, tag.type))) throw tagTypeMissing(tag.type);
  if (!(await insertTag(db, tag))) {
    throw nameExists(`A tag of type ${tag.type} with value ${tag.value} already exists`);
  }
  await recordEvent(db, actor, 'tag-created', tag);
  return tag;
}

async function removeTag(db: Queryable, op: OperationOf<'delete-tag'>, actor: Actor): Promise<undefined> {
  const tag = plain(op.tag);
  // Unleash 8.2 records the deleted tag as `data` (seen on the reference, issue 31 §4).
  if (await deleteTag(db, tag)) await recordEvent(db, actor, 'tag-deleted', tag);
  return undefined;
}

async function updateFeatureTags(
  db: Queryable,
  op: OperationOf<'update-feature-tags'>,
  actor: Actor,
): Promise<Tag[]> {
  const feature = await lockFeatureForTags(db, op.featureName);
  if (!feature) throw notFound('No feature flag found');
  await changeFeatureTags(db, feature, op.addedTags, op.removedTags, actor);
  return listFeatureTags(db, op.featureName);
}

async function updateProjectFeatureTags(
  db: Queryable,
  op: OperationOf<'update-project-feature-tags'>,
  actor: Actor,
): Promise<undefined> {
  const found = await lockFeaturesForTags(db, op.features);
  const missing = op.features.filter((name) => !found.some((row) => row.name === name));
  if (missing.length > 0) throw notFound(`No feature flag found: ${missing.join(', ')}`);
  const foreign = found.filter((row) => row.project !== op.project);
  if (foreign.length > 0) {
    throw invalidRequest(
      `Flags ${foreign.map((row) => row.name).join(', ')} are not in project ${op.project}`,
    );
  }
  for (const feature of found) await changeFeatureTags(db, feature, op.addedTags, op.removedTags, actor);
  return undefined;
}

const HANDLERS: { [K in TagOperation['kind']]: Handler<K> } = {
  'create-tag-type': createTagType,
  'update-tag-type': changeTagType,
  'delete-tag-type': removeTagType,
  'create-tag': createTag,
  'delete-tag': removeTag,
  'update-feature-tags': updateFeatureTags,
  'update-project-feature-tags': updateProjectFeatureTags,
};

/** Applies a tag operation inside the caller's transaction: the handler of its kind, with its events. */
export async function applyTagOperation<O extends TagOperation>(
  db: Queryable,
  operation: O,
  actor: Actor,
): Promise<TagOperationResults[O['kind']]> {
  const handler = HANDLERS[operation.kind] as Handler<TagOperation['kind']> | undefined;
  if (!handler) throw new Error(`Unknown tag operation "${(operation as { kind: string }).kind}"`);
  return (await handler(db, operation as never, actor)) as TagOperationResults[O['kind']];
}
