import type { Tag } from '../../../contract';
import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { inTransaction } from '../../db/transaction';
import { nameExists, notFound } from '../../lib/errors';
import type { Actor } from '../events';
import {
  applyTagOperation,
  checkTagTypeName,
  type TagOperation,
  type TagOperationResults,
  tagTypeExists,
} from './tag-operations';
import * as store from './tag-store';

/** A flag's tags, coloured by their tag type (for other domains: feature-toggles, projects…). */
export function listFeatureTags(db: Queryable, featureName: string): Promise<Tag[]> {
  return store.listFeatureTags(db, featureName);
}

/** Tags of many flags at once (search results, project lists, snapshots). */
export function listTagsOfFeatures(
  db: Queryable,
  featureNames: readonly string[],
): Promise<Map<string, Tag[]>> {
  return store.listTagsOfFeatures(db, featureNames);
}

/** The tag domain's use cases for its admin routes: reads, checks, and each write in its own transaction. */
export function createTagService(db: Db) {
  return {
    apply: <O extends TagOperation>(operation: O, actor: Actor): Promise<TagOperationResults[O['kind']]> =>
      inTransaction(db, (trx) => applyTagOperation(trx, operation, actor)),
    listTagTypes: () => store.listTagTypes(db),
    async getTagType(name: string) {
      const tagType = await store.getTagType(db, name);
      if (!tagType) throw notFound('Could not find tag-type');
      return tagType;
    },
    /** A new tag type's name must be URL-friendly and free. */
    async validateTagType(name: string): Promise<void> {
      checkTagTypeName(name);
      if (await store.getTagType(db, name)) throw nameExists(tagTypeExists(name));
    },
    listTags: (type?: string) => store.listTags(db, type),
    async getTag(type: string, value: string) {
      const tag = await store.getTag(db, type, value);
      if (!tag) throw notFound(`No tag with type: [${type}] and value [${value}]`);
      return tag;
    },
    /** The flag's tags; a flag that does not exist is a 404. */
    async listFeatureTags(featureName: string) {
      if (!(await store.featureExists(db, featureName))) throw notFound('No feature flag found');
      return store.listFeatureTags(db, featureName);
    },
  };
}

export type TagService = ReturnType<typeof createTagService>;
