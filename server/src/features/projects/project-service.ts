import type {
  CreateFeatureStrategy,
  CreateProject,
  ProjectOverview,
  UpdateProject,
  UpdateProjectSettings,
} from '../../../contract';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { nameExists } from '../../lib/errors';
import type { Actor } from '../events';
import { favoriteProjectIds } from '../favorites';
import { getProjectEnvironments } from './project-environment-store';
import { memberCounts, membersAddedSince } from './project-member-store';
import { applyProjectOperation, type ProjectOperation, projectNotFound } from './project-operations';
import { listFlagCreators, listProjects, projectOverviewNumbers } from './project-read-store';
import { getProject, PROJECT_EXISTS } from './project-store';

export type ProjectService = ReturnType<typeof createProjectService>;

export function createProjectService(db: Db) {
  const apply = <O extends ProjectOperation>(operation: O, actor: Actor) =>
    inTransaction(db, (trx) => applyProjectOperation(trx, operation, actor));

  return {
    /** `userId`: whose favourites set `favorite` (null: nobody's, an API token). */
    async list(archived: boolean, hiddenProjects: ReadonlySet<string>, userId: number | null = null) {
      const [projects, favorites] = await Promise.all([
        listProjects(db, archived, hiddenProjects),
        favoriteProjectIds(db, userId),
      ]);
      return projects.map((project) => ({ ...project, favorite: favorites.has(project.id) }));
    },
    async validateId(id: string) {
      if (await getProject(db, id)) throw nameExists(PROJECT_EXISTS);
    },
    overview: (id: string, userId: number | null = null) => projectOverview(db, id, userId),
    async flagCreators(id: string) {
      if (!(await getProject(db, id))) throw projectNotFound(id);
      return listFlagCreators(db, id);
    },
    create: (project: CreateProject, actor: Actor) => apply({ kind: 'create-project', project }, actor),
    update: (id: string, changes: UpdateProject, actor: Actor) =>
      apply({ kind: 'update-project', id, changes }, actor),
    updateSettings: (id: string, settings: UpdateProjectSettings, actor: Actor) =>
      apply({ kind: 'update-project-settings', id, settings }, actor),
    remove: (id: string, actor: Actor) => apply({ kind: 'delete-project', id }, actor),
    archive: (id: string, actor: Actor) => apply({ kind: 'archive-project', id }, actor),
    revive: (id: string, actor: Actor) => apply({ kind: 'revive-project', id }, actor),
    addEnvironment: (
      id: string,
      environment: string,
      defaultStrategy: CreateFeatureStrategy | undefined,
      actor: Actor,
    ) =>
      apply(
        { kind: 'add-project-environment', id, environment, ...(defaultStrategy ? { defaultStrategy } : {}) },
        actor,
      ),
    removeEnvironment: (id: string, environment: string, actor: Actor) =>
      apply({ kind: 'remove-project-environment', id, environment }, actor),
    setDefaultStrategy: (id: string, environment: string, strategy: CreateFeatureStrategy, actor: Actor) =>
      apply({ kind: 'set-project-default-strategy', id, environment, strategy }, actor),
  };
}

/** A project's overview; `userId`: whose favourites set `favorite` (null: nobody's). */
async function projectOverview(db: Db, id: string, userId: number | null): Promise<ProjectOverview> {
  const project = await getProject(db, id);
  if (!project) throw projectNotFound(id);
  const [numbers, environments, members, membersAdded, favorites] = await Promise.all([
    projectOverviewNumbers(db, id),
    getProjectEnvironments(db, id),
    memberCounts(db, [id]),
    membersAddedSince(db, id, new Date(Date.now() - 30 * 86_400_000)),
    favoriteProjectIds(db, userId),
  ]);
  const { stats } = numbers;
  return {
    version: 1,
    name: project.name,
    description: project.description,
    mode: project.mode,
    defaultStickiness: project.defaultStickiness,
    featureLimit: project.featureLimit,
    featureNaming: project.featureNaming,
    linkTemplates: project.linkTemplates,
    members: members.get(id) ?? 0,
    health: numbers.health,
    technicalDebt: 100 - numbers.health,
    favorite: favorites.has(id),
    createdAt: project.createdAt.toISOString(),
    updatedAt: project.updatedAt.toISOString(),
    archivedAt: project.archivedAt?.toISOString() ?? null,
    environments: environments.map((row) => ({
      environment: row.environment,
      ...(row.defaultStrategy ? { defaultStrategy: row.defaultStrategy } : {}),
    })),
    featureTypeCounts: numbers.featureTypeCounts,
    stats: {
      avgTimeToProdCurrentWindow: 0,
      createdCurrentWindow: stats.created_current,
      createdPastWindow: stats.created_past,
      archivedCurrentWindow: stats.archived_current,
      archivedPastWindow: stats.archived_past,
      projectActivityCurrentWindow: stats.activity_current,
      projectActivityPastWindow: stats.activity_past,
      projectMembersAddedCurrentWindow: membersAdded,
    },
    onboardingStatus: numbers.onboardingStatus,
  };
}
