import type { FeatureLink } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { notFound } from '../../lib/errors';
import { ulid } from '../../lib/ulid';
import { invalidRequest } from '../../lib/validation-errors';
import { type Actor, appendEvent } from '../events';
import { deleteLink, findLink, insertLink, updateLink } from './feature-link-store';
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
  const link = await findLink(db, featureName, linkId);
  if (!link) throw notFound(`Could not find link with id ${linkId}`);
  return { feature, link };
}

export async function applyLinkOperation(db: Queryable, op: LinkOperation, actor: Actor): Promise<unknown> {
  switch (op.kind) {
    case 'add-feature-link': {
      const feature = await lockFeature(db, op.project, op.featureName);
      const checked = checkLink(op.link);
      const link: StoredLink = { id: ulid(), url: checked.url, title: checked.title, feature: feature.name };
      await insertLink(db, { ...link, domain: checked.domain });
      await appendEvent(db, event(actor, feature, { type: 'feature-link-added', data: link }));
      return link;
    }
    case 'update-feature-link': {
      const { feature, link: before } = await lockLink(db, op.project, op.featureName, op.linkId);
      const checked = checkLink(op.link);
      await updateLink(db, op.linkId, checked);
      const after: StoredLink = { ...before, url: checked.url, title: checked.title };
      await appendEvent(
        db,
        event(actor, feature, { type: 'feature-link-updated', data: after, preData: before }),
      );
      return after;
    }
    case 'delete-feature-link': {
      const { feature, link } = await lockLink(db, op.project, op.featureName, op.linkId);
      await deleteLink(db, op.linkId);
      await appendEvent(db, event(actor, feature, { type: 'feature-link-removed', preData: link }));
      return undefined;
    }
  }
}
