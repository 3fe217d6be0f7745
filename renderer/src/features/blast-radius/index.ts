/** What blast-radius offers the other features; they import it only from here (STYLE.md rule 9). */
export { BlastRadiusPanel } from './BlastRadiusPanel';
export type { BlastRadiusProposal } from './blast-radius-api';
export { strategyProposal } from './blast-radius-api';
export { ChangeRequestBlastRadius } from './ChangeRequestBlastRadius';
