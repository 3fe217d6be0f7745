import type { ReleasePlanMilestone, ReleasePlanTemplate } from '../../../../server/contract';
import type { ApiClient } from '../../api/client';

export type { ReleasePlanMilestone, ReleasePlanTemplate };

const enc = encodeURIComponent;
export const templatePath = (id: string) => `/api/admin/release-plan-templates/${enc(id)}`;
const milestonePath = (templateId: string, milestoneId: string) =>
  `${templatePath(templateId)}/milestones/${enc(milestoneId)}`;

/** Milestones in the order a release goes through them. */
export function sortedMilestones(template: Pick<ReleasePlanTemplate, 'milestones'>): ReleasePlanMilestone[] {
  return [...(template.milestones ?? [])].sort(
    (a, b) => a.sortOrder - b.sortOrder || a.id.localeCompare(b.id),
  );
}

/** Release templates (shared/unleash/API.md "Release Templates"): the library, not archived. */
export function createReleaseTemplatesApi(client: ApiClient) {
  return {
    list: () => client.get<ReleasePlanTemplate[]>('/api/admin/release-plan-templates'),
    /** addMilestoneToReleaseTemplate: a new, empty milestone after the others. */
    addMilestone: (templateId: string, name: string, sortOrder: number) =>
      client.post<ReleasePlanMilestone>(`${templatePath(templateId)}/milestones`, { name, sortOrder }),
    /** updateReleaseTemplateMilestone: a new name. */
    renameMilestone: (templateId: string, milestoneId: string, name: string) =>
      client.put<ReleasePlanMilestone>(milestonePath(templateId, milestoneId), { name }),
    /** removeReleaseTemplateMilestone: the milestone and its strategies. */
    removeMilestone: (templateId: string, milestoneId: string) =>
      client.delete<unknown>(milestonePath(templateId, milestoneId)),
    /**
     * updateReleaseTemplate with the milestones in their new order: one request, so the order
     * changes at once; milestones sent without strategies keep theirs.
     */
    reorderMilestones: (template: ReleasePlanTemplate, orderedIds: readonly string[]) =>
      client.put<ReleasePlanTemplate>(templatePath(template.id), {
        name: template.name,
        description: template.description ?? null,
        milestones: orderedIds.map((id, sortOrder) => ({
          id,
          name: template.milestones?.find((milestone) => milestone.id === id)?.name ?? '',
          sortOrder,
        })),
      }),
  };
}
