import type { FeatureLink } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { notFound } from '../../lib/errors';
import { ulid } from '../../lib/ulid';
import { invalidRequest } from '../../lib/validation-errors';
import { type Actor, appendEvent } from '../events';
import type { LinkOperation, StoredLink } from './feature-operation-types';
import { event, lockFeature } from './operation-checks';

/** The operations on a flag's links, inside the caller's transaction under the flag's row lock. */

/** A link's URL must be absolute http(s); its domain is kept for display. */
function checkLink(link: FeatureLink): { url: string; title: string | null; domain: string } {
  let parsed: URL;
  try {
    parsed = new URL(link.url);
  } catch {
    throw invalidRequest(`"${link.url}" is not a valid URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw invalidRequest(`"${link.url}" is not a valid URL`);
  }
  return { url: link.url, title: link.title ?? null, domain: parsed.hostname };
}

async function lockLink(db: Queryable, project: string, featureName: string, linkId: string) {
  const feature = await lockFeature(db, project, featureName);
  const link = await db
    .selectFrom('feature_link')
    .select(['id', 'url', 'title', 'feature_name as feature'])
    .where('id', '=', linkId)
    .where('feature_name', '=', featureName)
    .executeTakeFirst();
  if (!link) throw notFound(`Could not find link with id ${linkId}`);
  return { feature, link };
}

export async function applyLinkOperation(db: Queryable, op: LinkOperation, actor: Actor): Promise<unknown> {
  switch (op.kind) {
    case 'add-feature-link': {
      const feature = await lockFeature(db, op.project, op.featureName);
      const checked = checkLink(op.link);
      const link: StoredLink = { id: ulid(), url: checked.url, title: checked.title, feature: feature.name };
      await db
        .insertInto('feature_link')
        .values({
          id: link.id,
          feature_name: feature.name,
          url: link.url,
          title: link.title,
          domain: checked.domain,
        })
        .execute();
      await appendEvent(db, event(actor, feature, { type: 'feature-link-added', data: link }));
      return link;
    }
    case 'update-feature-link': {
      const { feature, link: before } = await lockLink(db, op.project, op.featureName, op.linkId);
      const checked = checkLink(op.link);
      await db
        .updateTable('feature_link')
        .set({ url: checked.url, title: checked.title, domain: checked.domain })
        .where('id', '=', op.linkId)
        .execute();
      const after: StoredLink = { ...before, url: checked.url, title: checked.title };
      await appendEvent(
        db,
        event(actor, feature, { type: 'feature-link-updated', data: after, preData: before }),
      );
      return after;
    }
    case 'delete-feature-link': {
      const { feature, link } = await lockLink(db, op.project, op.featureName, op.linkId);
      await db.deleteFrom('feature_link').where('id', '=', op.linkId).execute();
      await appendEvent(db, event(actor, feature, { type: 'feature-link-removed', preData: link }));
      return undefined;
    }
  }
}
