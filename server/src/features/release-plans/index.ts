export { releasePlanEnvironmentExtensions } from './plan-activation';
export {
  applyReleasePlanOperation,
  RELEASE_PLAN_OPERATION_KINDS,
  type ReleasePlanOperation,
  type ReleasePlanOperationResults,
} from './plan-operations';
export { releasePlanRoutes } from './plan-routes';
export { releasePlanProgressionJob } from './progression-job';
export { readReleasePlanRecord, readReleasePlanRecords } from './release-plan-reads';
export type { DefinitionRecord } from './release-plan-store';
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
