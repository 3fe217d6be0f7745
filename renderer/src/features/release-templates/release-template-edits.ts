import type { AdminApi } from '../../api/admin-api';
import { isApiError } from '../../api/client';
import type { Edit, Snapshot } from '../../offline/outbox';
import { type ReleasePlanTemplate, templatePath } from './release-templates-api';

/**
 * Release-template edits for the outbox (stores/editable-resources.ts): archiving and deleting a
 * template, compared on what the library shows (name, description, archived or not).
 */

type EditDraft = Omit<Edit, 'profileId'>;

export function releaseTemplateSnapshot(template: ReleasePlanTemplate) {
  return {
    name: template.name,
    description: template.description ? template.description : null,
    archived: Boolean(template.archivedAt),
  };
}

export interface NewReleaseTemplate {
  name: string;
  description: string | null;
  milestones: Array<{ name: string; sortOrder: number }>;
}

/** Pending creations have no server id yet: their target carries a local one with this prefix. */
const NEW_PREFIX = 'new:';

export function createReleaseTemplateEdit(body: NewReleaseTemplate, localId: string): EditDraft {
  return {
    kind: 'release-template',
    target: `${NEW_PREFIX}${localId}`,
    summary: `Create the release template ${body.name}`,
    request: { method: 'POST', path: '/api/admin/release-plan-templates', body },
    base: null,
    mine: { name: body.name, description: body.description, archived: false },
  };
}

export function archiveReleaseTemplateEdit(template: ReleasePlanTemplate): EditDraft {
  return {
    kind: 'release-template',
    target: template.id,
    summary: `Archive the release template ${template.name}`,
    request: {
      method: 'POST',
      path: `/api/admin/release-plan-templates/archive/${encodeURIComponent(template.id)}`,
    },
    base: releaseTemplateSnapshot(template),
    mine: { ...releaseTemplateSnapshot(template), archived: true },
  };
}

export function deleteReleaseTemplateEdit(template: ReleasePlanTemplate): EditDraft {
  return {
    kind: 'release-template',
    target: template.id,
    summary: `Delete the release template ${template.name}`,
    request: { method: 'DELETE', path: templatePath(template.id) },
    base: releaseTemplateSnapshot(template),
    mine: null,
  };
}

/** Readers for the outbox replay (gathered in app/resource-readers.ts). */
export const RELEASE_TEMPLATE_READERS: Record<
  string,
  (api: AdminApi, target: string) => Promise<Snapshot | null>
> = {
  'release-template': async (api, id) => {
    try {
      return releaseTemplateSnapshot(await api.client.get<ReleasePlanTemplate>(templatePath(id)));
    } catch (error) {
      if (isApiError(error, 'NotFoundError')) return null;
      throw error;
    }
  },
};
