import type { ReleasePlanTemplate } from '../../../../server/contract';
import type { ApiClient } from '../../api/client';

export type { ReleasePlanTemplate };

/** Release templates (shared/unleash/API.md "Release Templates"): the library, not archived. */
export function createReleaseTemplatesApi(client: ApiClient) {
  return {
    list: () => client.get<ReleasePlanTemplate[]>('/api/admin/release-plan-templates'),
  };
}
