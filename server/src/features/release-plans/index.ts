export {
  createImpactMetricsIngestion,
  type ImpactMetricsIngestion,
} from './impact-metrics-store';
export {
  applyReleasePlanOperation,
  RELEASE_PLAN_OPERATION_KINDS,
  type ReleasePlanOperation,
  type ReleasePlanOperationResults,
} from './plan-operations';
export { releasePlanRoutes } from './plan-routes';
export { releasePlanProgressionJob } from './progression-job';
export {
  archiveDefinition,
  type DefinitionRecord,
  type Discriminator,
  deleteDefinition,
  deleteMilestoneStrategies,
  deleteMilestones,
  findActiveTemplateIdByName,
  getDefinition,
  insertDefinition,
  insertMilestone,
  insertMilestoneStrategy,
  listPlansForFeatureEnvironment,
  listTemplates,
  type MilestoneRecord,
  type MilestoneStrategyRecord,
  type MilestoneStrategyValues,
  type NewDefinition,
  type ProgressionRecord,
  type SafeguardRecord,
  TEMPLATE_NAME_EXISTS,
  updateDefinitionText,
  updateMilestone,
  updateMilestoneStrategy,
} from './release-plan-store';
export {
  toMilestoneStrategy,
  toPlan,
  toPlanMilestone,
  toSafeguard,
  toTemplate,
  toTemplateMilestone,
} from './release-plan-view';
export { releasePlanSafeguardJob } from './safeguard-job';
export {
  applyTemplateOperation,
  type TemplateOperation,
  type TemplateOperationResults,
  templateNotFound,
} from './template-operations';
export { templateRoutes } from './template-routes';
