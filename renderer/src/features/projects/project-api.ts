import type { Static } from 'typebox';
import type {
  ContextFieldsSchema,
  ProjectAccessSchema,
  ProjectFeaturesSchema,
  ProjectsSchema,
  UsersGroupsBaseSchema,
} from '../../../../server/contract';
import type { ApiClient } from '../../api/client';
import type { EnvironmentsResponse, ProjectOverview } from '../../api/types';

export type { ProjectOverview };
export type ProjectFeatures = Static<typeof ProjectFeaturesSchema>;
export type ProjectFeature = ProjectFeatures['features'][number];
export type ProjectAccess = Static<typeof ProjectAccessSchema>;
export type ProjectListEntry = Static<typeof ProjectsSchema>['projects'][number];
export type ShareTargets = Static<typeof UsersGroupsBaseSchema>;
type ContextFields = Static<typeof ContextFieldsSchema>;

const enc = encodeURIComponent;
const projectPath = (id: string) => `/api/admin/projects/${enc(id)}`;

/** What the project page shows, read in one go so it is cached (and shown offline) as one copy. */
export interface ProjectPageData {
  overview: ProjectOverview;
  /** The project's entry in the project list, for its flag counts; absent when the server lists none. */
  listed: ProjectListEntry | null;
  features: ProjectFeature[];
  environments: EnvironmentsResponse['environments'];
  stickinessOptions: string[];
}

export async function loadProjectPage(client: ApiClient, id: string): Promise<ProjectPageData> {
  const overview = await client.get<ProjectOverview>(`${projectPath(id)}/overview`);
  const [list, features, environments, contextFields] = await Promise.all([
    client.get<Static<typeof ProjectsSchema>>(
      '/api/admin/projects',
      overview.archivedAt ? { archived: true } : undefined,
    ),
    client.get<ProjectFeatures>(`${projectPath(id)}/features`),
    client.get<EnvironmentsResponse>('/api/admin/environments'),
    client.get<ContextFields>('/api/admin/context'),
  ]);
  const stickiness = contextFields.filter((field) => field.stickiness).map((field) => field.name);
  return {
    overview,
    listed: list.projects.find((project) => project.id === id) ?? null,
    features: features.features,
    environments: environments.environments,
    stickinessOptions: [...new Set(['default', 'random', ...stickiness, overview.defaultStickiness])],
  };
}

/** Members and roles, read separately: it needs PROJECT_USER_ACCESS_READ, which not everyone has. */
export async function loadProjectMembers(
  client: ApiClient,
  id: string,
): Promise<{ access: ProjectAccess; targets: ShareTargets }> {
  const [access, targets] = await Promise.all([
    client.get<ProjectAccess>(`${projectPath(id)}/access`),
    client.get<ShareTargets>('/api/admin/user-admin/access'),
  ]);
  return { access, targets };
}
