import type { ExportResult, ImportValidate, ImportValidateItem, Permission } from '../../../contract';
import type { ImportPlan, ImportState } from './import-plan';

/**
 * The checks of an import file (pure), answered as Unleash's `importTogglesValidateSchema`: errors
 * block the import, warnings do not, `permissions` lists what the caller lacks. Messages are
 * Unleash 8.2's where it has the case (tests/fixtures/unleash-export/validate-answers.json);
 * Switchyard's additions (segments it creates, illegal constraint values) follow the same form.
 */

export const IMPORT_MESSAGES = {
  otherProjects: (project: string) =>
    `You cannot import a features that already exist in other projects. You already have the following features defined outside of project ${project}:`,
  duplicates: 'We detected the following features are duplicate in your import data:',
  segments: 'We detected the following segments that need to be created first:',
  customStrategies: 'We detected the following custom strategy that needs to be created first:',
  legalValues:
    'We detected the following context fields that do not have matching legal values with the imported ones:',
  dependencies: 'We detected the following dependencies that need to be created first:',
  illegalConstraintValues:
    'We detected the following constraint values that are not legal values of their context field:',
  missingContextFields: 'We detected the following context fields that need to be created first:',
  missingProject: 'The following project does not exist or is archived:',
  missingEnvironment: 'The following environment is not enabled in the project:',
  permissions: 'We detected you are missing the following permissions:',
  usedCustomStrategies: 'The following strategy types will be used in import. Please make sure they exist:',
  archived:
    'The following features will not be imported as they are currently archived. To import them, please unarchive them first:',
  existing: 'The following features already exist in this project and will be overwritten:',
  createdSegments: 'The following segments will be created from the definitions in the file:',
  createdContextFields: 'The following context fields will be created:',
} as const;

export interface PermissionNeed {
  permission: Permission;
  /** Environment-level permissions are checked in the target environment. */
  environment: boolean;
}

/** Whether the caller holds a permission in the target project (and environment, when it says so). */
export type MayFn = (need: PermissionNeed) => boolean;

const item = (message: string, affectedItems: string[]): ImportValidateItem[] =>
  affectedItems.length ? [{ message, affectedItems: [...new Set(affectedItems)] }] : [];

/** The permissions an import needs, from its plan (Unleash's import permission checks). */
export function requiredPermissions(plan: ImportPlan, viaChangeRequest: boolean): PermissionNeed[] {
  const needs: PermissionNeed[] = [];
  const add = (permission: Permission, environment = false) => {
    if (!needs.some((need) => need.permission === permission)) needs.push({ permission, environment });
  };
  if (plan.contextFieldsToCreate.length) add('CREATE_CONTEXT_FIELD');
  if (plan.segmentsToCreate.length) add('CREATE_SEGMENT');
  if (plan.tagTypesToCreate.length) add('CREATE_TAG_TYPE');
  for (const flag of plan.flags) {
    if (flag.create) add('CREATE_FEATURE');
    if (flag.metadata || flag.stale !== undefined || flag.tags || flag.links) {
      add(flag.create ? 'CREATE_FEATURE' : 'UPDATE_FEATURE');
    }
    if (flag.dependencies) add('UPDATE_FEATURE_DEPENDENCY');
    // Through a change request the environment changes need only the right to submit one.
    if (viaChangeRequest) continue;
    if (flag.enabled !== undefined) add('UPDATE_FEATURE_ENVIRONMENT', true);
    if (flag.variants) add('UPDATE_FEATURE_ENVIRONMENT_VARIANTS', true);
    if (flag.replaceStrategies?.deleteIds.length) add('DELETE_FEATURE_STRATEGY', true);
    if (flag.replaceStrategies?.add.length) add('CREATE_FEATURE_STRATEGY', true);
  }
  return needs;
}

export interface ValidationInput {
  project: string;
  environment: string;
  file: ExportResult;
  state: ImportState;
  plan: ImportPlan;
  /** Whether the caller may create the segments the file defines (Switchyard's addition). */
  mayCreateSegments: boolean;
  viaChangeRequest: boolean;
  may: MayFn;
}

function constraintsOf(file: ExportResult) {
  return [
    ...file.featureStrategies.flatMap((strategy) => strategy.constraints ?? []),
    ...(file.segments ?? []).flatMap((segment) => segment.constraints ?? []),
  ];
}

/** The segments the file's strategies use that the target lacks and the import will not create. */
function missingSegmentsOf(input: ValidationInput): string[] {
  const { file, state } = input;
  const segmentNames = new Map((file.segments ?? []).map((segment) => [segment.id, segment]));
  const missingSegments = file.featureStrategies.flatMap((strategy) =>
    (strategy.segments ?? []).flatMap((id) => {
      const segment = segmentNames.get(id);
      if (!segment) return [`#${id}`];
      if (state.segments.has(segment.name)) return [];
      return segment.constraints && input.mayCreateSegments ? [] : [segment.name];
    }),
  );
  return missingSegments;
}

/** Context fields whose legal values differ from the target's, and constraint values not legal. */
function legalValueProblems(file: ValidationInput['file'], state: ValidationInput['state']) {
  const fileFields = new Map(
    (file.contextFields ?? []).map((field) => [field.name, field.legalValues ?? []]),
  );
  const legalValueMismatch = (file.contextFields ?? []).flatMap((field) => {
    const existing = state.contextFields.get(field.name);
    if (!existing) return [];
    const known = new Set(existing.map((legal) => legal.value));
    return (field.legalValues ?? []).every((legal) => known.has(legal.value)) ? [] : [field.name];
  });
  const illegalValues = constraintsOf(file).flatMap((constraint) => {
    const legal = state.contextFields.get(constraint.contextName) ?? fileFields.get(constraint.contextName);
    if (!legal?.length) return [];
    const allowed = new Set(legal.map((value) => value.value));
    const values = constraint.values?.length
      ? constraint.values
      : constraint.value !== undefined
        ? [constraint.value]
        : [];
    return values
      .filter((value) => !allowed.has(value))
      .map((value) => `${constraint.contextName}: ${value}`);
  });
  return { legalValueMismatch, illegalValues };
}

/** What the import will do besides creating flags: the warnings of the validation answer. */
function warningsOf(input: ValidationInput, customStrategies: string[]) {
  const { file, state, plan, project } = input;
  const existing = file.features
    .filter(
      (feature) =>
        state.flags.get(feature.name)?.project === project && !state.flags.get(feature.name)?.archived,
    )
    .map((feature) => feature.name);
  const warnings = [
    ...item(
      IMPORT_MESSAGES.usedCustomStrategies,
      customStrategies.filter((name) => state.strategyTypes.has(name)),
    ),
    ...item(IMPORT_MESSAGES.archived, plan.skippedArchived),
    ...item(IMPORT_MESSAGES.existing, existing),
    ...item(
      IMPORT_MESSAGES.createdSegments,
      plan.segmentsToCreate.map((segment) => segment.name),
    ),
    ...item(
      IMPORT_MESSAGES.createdContextFields,
      plan.contextFieldsToCreate.map((field) => field.name),
    ),
  ];
  return warnings;
}

export function validateImportFile(input: ValidationInput): ImportValidate {
  const { file, state, plan, project } = input;
  const names = file.features.map((feature) => feature.name);
  const duplicates = names.filter((name, index) => names.indexOf(name) !== index);
  const otherProjects = file.features.flatMap((feature) => {
    const existing = state.flags.get(feature.name);
    return existing && existing.project !== project
      ? [`${feature.name} (in project ${existing.project})`]
      : [];
  });
  const missingSegments = missingSegmentsOf(input);
  const customStrategies = file.featureStrategies
    .map((s) => s.name)
    .filter((name) => state.strategyTypes.get(name) !== true);
  const missingCustom = customStrategies.filter((name) => !state.strategyTypes.has(name));
  const { legalValueMismatch, illegalValues } = legalValueProblems(file, state);
  const inFile = new Set(names);
  const missingParents = (file.dependencies ?? []).flatMap((row) =>
    row.dependencies
      .map((dependency) => dependency.feature)
      .filter((parent) => !inFile.has(parent) && !state.parentsInProject.has(parent)),
  );
  const mayCreateFields = input.may({ permission: 'CREATE_CONTEXT_FIELD', environment: false });
  const errors = [
    ...item(
      IMPORT_MESSAGES.missingContextFields,
      mayCreateFields ? [] : plan.contextFieldsToCreate.map((f) => f.name),
    ),
    ...item(IMPORT_MESSAGES.missingProject, state.projectExists ? [] : [project]),
    ...item(
      IMPORT_MESSAGES.missingEnvironment,
      state.projectExists && !state.environmentInProject ? [input.environment] : [],
    ),
    ...item(IMPORT_MESSAGES.otherProjects(project), otherProjects),
    ...item(IMPORT_MESSAGES.duplicates, duplicates),
    ...item(IMPORT_MESSAGES.segments, missingSegments),
    ...item(IMPORT_MESSAGES.customStrategies, missingCustom),
    ...item(IMPORT_MESSAGES.legalValues, legalValueMismatch),
    ...item(IMPORT_MESSAGES.illegalConstraintValues, illegalValues),
    ...item(IMPORT_MESSAGES.dependencies, missingParents),
  ];
  const warnings = warningsOf(input, customStrategies);
  const missing = requiredPermissions(plan, input.viaChangeRequest)
    .filter((need) => !input.may(need))
    .map((need) => need.permission);
  return { errors, warnings, permissions: item(IMPORT_MESSAGES.permissions, missing) };
}
