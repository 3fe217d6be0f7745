/** What flag-page offers the other features; they import it only from here (STYLE.md rule 9). */

export type { createdFlagSnapshot, NewFlag } from './flag-edits';
export { createFlagEdit } from './flag-edits';
export { LazyFlagPage as FlagPage, preloadFlagPage } from './LazyFlagPage';
