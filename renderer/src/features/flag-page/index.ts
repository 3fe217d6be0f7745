/** What flag-page offers the other features; they import it only from here (STYLE.md rule 9). */
export { FlagPage } from './FlagPage';
export type { createdFlagSnapshot, NewFlag } from './flag-edits';
export { createFlagEdit } from './flag-edits';
