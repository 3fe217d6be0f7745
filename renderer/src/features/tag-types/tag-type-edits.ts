import type { AdminApi } from '../../api/admin-api';
import { isApiError } from '../../api/client';
import type { TagType } from '../../api/types';
import type { Edit, Snapshot } from '../../offline/outbox';

/** An outbox edit before it is given a profile (stores/editable-resources.ts EditDraft). */
type EditDraft = Omit<Edit, 'profileId'>;

const enc = encodeURIComponent;
export const tagTypePath = (name: string) => `/api/admin/tag-types/${enc(name)}`;

export const tagTypeSnapshot = (type: Pick<TagType, 'name' | 'description' | 'icon'>) => ({
  name: type.name,
  description: type.description ? type.description : null,
  icon: type.icon ? type.icon : null,
});

export interface TagTypeDraft {
  name: string;
  description: string;
  icon: string;
}

/** tagTypeSchema allows no other properties; blank optional ones are left out. */
function tagTypeBody(draft: TagTypeDraft) {
  const description = draft.description.trim();
  const icon = draft.icon.trim();
  return { ...(description ? { description } : {}), ...(icon ? { icon } : {}) };
}

export function createTagTypeEdit(draft: TagTypeDraft): EditDraft {
  const body = { name: draft.name, ...tagTypeBody(draft) };
  return {
    kind: 'tag-type',
    target: draft.name,
    summary: `Create the tag type ${draft.name}`,
    request: { method: 'POST', path: '/api/admin/tag-types', body },
    base: null,
    mine: tagTypeSnapshot(body),
  };
}

/**
 * The update schema takes a description and an icon but cannot clear an icon (no null), so an
 * emptied icon field keeps the icon the type has.
 */
export function updateTagTypeEdit(type: TagType, draft: Omit<TagTypeDraft, 'name'>): EditDraft {
  const body = {
    description: draft.description.trim(),
    ...(draft.icon.trim() ? { icon: draft.icon.trim() } : {}),
  };
  return {
    kind: 'tag-type',
    target: type.name,
    summary: `Change the tag type ${type.name}`,
    request: { method: 'PUT', path: tagTypePath(type.name), body },
    base: tagTypeSnapshot(type),
    mine: tagTypeSnapshot({
      name: type.name,
      description: body.description,
      icon: body.icon ?? type.icon ?? null,
    }),
  };
}

export function deleteTagTypeEdit(type: TagType): EditDraft {
  return {
    kind: 'tag-type',
    target: type.name,
    summary: `Delete the tag type ${type.name}`,
    request: { method: 'DELETE', path: tagTypePath(type.name) },
    base: tagTypeSnapshot(type),
    mine: null,
  };
}

/** Readers for the outbox replay (gathered in app/resource-readers.ts). */
export const TAG_TYPE_READERS: Record<string, (api: AdminApi, target: string) => Promise<Snapshot | null>> = {
  'tag-type': async (api, name) => {
    try {
      const { tagType } = await api.client.get<{ tagType: TagType }>(tagTypePath(name));
      return tagTypeSnapshot(tagType);
    } catch (error) {
      if (isApiError(error, 'NotFoundError')) return null;
      throw error;
    }
  },
};
