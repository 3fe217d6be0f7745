import type { Queryable } from '../../db/queryable';
import { type DefinitionRecord, getDefinition, listPlansForFeatureEnvironment } from './release-plan-store';

/**
 * Release plans as records for other domains (the blast-radius preview reads the milestones a
 * plan would start); this domain's own routes answer through plan-view.ts.
 */

/** One release plan with its milestones and strategies; undefined when there is no plan with this id. */
export function readReleasePlanRecord(db: Queryable, planId: string): Promise<DefinitionRecord | undefined> {
  return getDefinition(db, planId, 'plan');
}

/** The release plans of one flag environment, with their milestones in sort order. */
export function readReleasePlanRecords(
  db: Queryable,
  featureName: string,
  environment: string,
): Promise<DefinitionRecord[]> {
  return listPlansForFeatureEnvironment(db, featureName, environment);
}
