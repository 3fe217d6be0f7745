/** What release-plans offers the other features; they import it only from here (STYLE.md rule 9). */
export { FlagReleasePlan } from './FlagReleasePlan';
