export {
  createImpactMetricsIngestion,
  type ImpactMetricsIngestion,
} from './impact-metrics-store';
export { releasePlanEnvironmentExtensions } from './plan-activation';
export {
  applyReleasePlanOperation,
  RELEASE_PLAN_OPERATION_KINDS,
  type ReleasePlanOperation,
  type ReleasePlanOperationResults,
} from './plan-operations';
export { releasePlanRoutes } from './plan-routes';
export { releasePlanProgressionJob } from './progression-job';
export {
  type DefinitionRecord,
  type Discriminator,
  findActiveTemplateIdByName,
  getDefinition,
  listPlansForFeatureEnvironment,
  listTemplates,
  type MilestoneRecord,
  type MilestoneStrategyRecord,
  type ProgressionRecord,
  type SafeguardRecord,
  TEMPLATE_NAME_EXISTS,
} from './release-plan-store';
export {
  toMilestoneStrategy,
  toPlan,
  toPlanMilestone,
  toSafeguard,
  toTemplate,
  toTemplateMilestone,
} from './release-plan-view';
export {
  archiveDefinition,
  deleteDefinition,
  deleteMilestoneStrategies,
  deleteMilestones,
  insertDefinition,
  insertMilestone,
  insertMilestoneStrategy,
  type MilestoneStrategyValues,
  type NewDefinition,
  updateDefinitionText,
  updateMilestone,
  updateMilestoneStrategy,
} from './release-plan-writes';
export { releasePlanSafeguardJob } from './safeguard-job';
export {
  applyTemplateOperation,
  type TemplateOperation,
  type TemplateOperationResults,
  templateNotFound,
} from './template-operations';
export { templateRoutes } from './template-routes';
