/** What release-templates offers the other features; they import it only from here (STYLE.md rule 9). */
export { milestoneStrategySummary } from './milestone-strategy-summary';
export { createReleaseTemplatesApi, sortedMilestones } from './release-templates-api';
