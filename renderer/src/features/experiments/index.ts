/** What experiments offers the other features; they import it only from here (STYLE.md rule 9). */
export { FlagExperiments } from './FlagExperiments';
