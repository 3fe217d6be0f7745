import { type Static, Type } from 'typebox';
import { DateTimeSchema, Nullable } from './admin-common';
import { CreateFeatureStrategySchema } from './features';

/** Projects and their settings (shared/unleash/SCHEMAS.md: projectSchema, createProjectSchema...). */

export const ProjectModeSchema = Type.Union([
  Type.Literal('open'),
  Type.Literal('protected'),
  Type.Literal('private'),
]);
export type ProjectMode = Static<typeof ProjectModeSchema>;

export const FeatureNamingSchema = Type.Object({
  pattern: Nullable(Type.String()),
  example: Type.Optional(Nullable(Type.String())),
  description: Type.Optional(Nullable(Type.String())),
});
export type FeatureNaming = Static<typeof FeatureNamingSchema>;

export const LinkTemplateSchema = Type.Object({
  title: Type.Optional(Nullable(Type.String())),
  urlTemplate: Type.String(),
});

export const CreateProjectSchema = Type.Object({
  id: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_~.-]*$' })),
  name: Type.String({ pattern: '^(?!\\s*$).+' }),
  description: Type.Optional(Nullable(Type.String())),
  mode: Type.Optional(ProjectModeSchema),
  defaultStickiness: Type.Optional(Type.String()),
  featureLimit: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  environments: Type.Optional(Type.Array(Type.String())),
  changeRequestEnvironments: Type.Optional(
    Type.Array(Type.Object({ name: Type.String(), requiredApprovals: Type.Optional(Type.Integer()) })),
  ),
});
export type CreateProject = Static<typeof CreateProjectSchema>;

export const ProjectCreatedSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.Optional(Nullable(Type.String())),
  featureLimit: Type.Optional(Nullable(Type.Integer())),
  mode: Type.Optional(ProjectModeSchema),
  defaultStickiness: Type.Optional(Type.String()),
  environments: Type.Optional(Type.Array(Type.String())),
  changeRequestEnvironments: Type.Optional(
    Type.Array(Type.Object({ name: Type.String(), requiredApprovals: Type.Integer({ minimum: 1 }) })),
  ),
});

export const UpdateProjectSchema = Type.Object({
  name: Type.String({ pattern: '^(?!\\s*$).+' }),
  description: Type.Optional(Type.String()),
  mode: Type.Optional(ProjectModeSchema),
  defaultStickiness: Type.Optional(Type.String()),
  featureLimit: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
});
export type UpdateProject = Static<typeof UpdateProjectSchema>;

export const UpdateProjectSettingsSchema = Type.Object({
  mode: Type.Optional(ProjectModeSchema),
  featureNaming: Type.Optional(FeatureNamingSchema),
  linkTemplates: Type.Optional(Type.Array(LinkTemplateSchema)),
  defaultStickiness: Type.Optional(Type.String()),
  featureLimit: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
});
export type UpdateProjectSettings = Static<typeof UpdateProjectSettingsSchema>;

export const ValidateProjectSchema = Type.Object({ id: Type.String({ pattern: '^[A-Za-z0-9_~.-]+$' }) });

export const ProjectOwnerSchema = Type.Object({ ownerType: Type.String() }, { additionalProperties: true });

export const OnboardingStatusSchema = Type.Object({
  status: Type.String(),
  feature: Type.Optional(Type.String()),
});
export type OnboardingStatus = Static<typeof OnboardingStatusSchema>;

export const ProjectSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Nullable(Type.String()),
  health: Type.Number(),
  technicalDebt: Type.Number(),
  featureCount: Type.Number(),
  staleFeatureCount: Type.Number(),
  potentiallyStaleFeatureCount: Type.Number(),
  archivedFeatureCount: Type.Number(),
  memberCount: Type.Number(),
  createdAt: DateTimeSchema,
  updatedAt: Nullable(DateTimeSchema),
  lastUpdatedAt: Nullable(DateTimeSchema),
  archivedAt: Nullable(DateTimeSchema),
  lastReportedFlagUsage: Nullable(DateTimeSchema),
  mode: ProjectModeSchema,
  defaultStickiness: Type.String(),
  favorite: Type.Boolean(),
  owners: Type.Array(ProjectOwnerSchema),
  onboardingStatus: OnboardingStatusSchema,
});
export type Project = Static<typeof ProjectSchema>;

export const ProjectsSchema = Type.Object({ version: Type.Integer(), projects: Type.Array(ProjectSchema) });

export const ProjectStatsSchema = Type.Object({
  avgTimeToProdCurrentWindow: Type.Number(),
  createdCurrentWindow: Type.Number(),
  createdPastWindow: Type.Number(),
  archivedCurrentWindow: Type.Number(),
  archivedPastWindow: Type.Number(),
  projectActivityCurrentWindow: Type.Number(),
  projectActivityPastWindow: Type.Number(),
  projectMembersAddedCurrentWindow: Type.Number(),
});

export const ProjectOverviewSchema = Type.Object({
  version: Type.Integer(),
  name: Type.String(),
  description: Nullable(Type.String()),
  mode: ProjectModeSchema,
  defaultStickiness: Type.String(),
  featureLimit: Nullable(Type.Number()),
  featureNaming: FeatureNamingSchema,
  linkTemplates: Type.Array(LinkTemplateSchema),
  members: Type.Number(),
  health: Type.Number(),
  technicalDebt: Type.Number(),
  favorite: Type.Boolean(),
  createdAt: DateTimeSchema,
  updatedAt: Nullable(DateTimeSchema),
  archivedAt: Nullable(DateTimeSchema),
  environments: Type.Array(
    Type.Object({ environment: Type.String(), defaultStrategy: Type.Optional(CreateFeatureStrategySchema) }),
  ),
  featureTypeCounts: Type.Array(Type.Object({ type: Type.String(), count: Type.Number() })),
  stats: ProjectStatsSchema,
  onboardingStatus: OnboardingStatusSchema,
});
export type ProjectOverview = Static<typeof ProjectOverviewSchema>;

export const ProjectEnvironmentBodySchema = Type.Object({
  environment: Type.String(),
  changeRequestsEnabled: Type.Optional(Type.Boolean()),
  defaultStrategy: Type.Optional(CreateFeatureStrategySchema),
});
