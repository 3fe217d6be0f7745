export { recordFlagArchived, recordFlagCreated, recordFlagRevived } from './lifecycle-operations';
export { currentStages, inCurrentStage, recordSightings, type Sighting } from './lifecycle-service';
