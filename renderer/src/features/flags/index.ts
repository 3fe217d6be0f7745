/** What flags offers the other features; they import it only from here (STYLE.md rule 9). */
export { CreateFlagForm } from './CreateFlagForm';
export type { FlagListQuery } from './flag-filters';
export type { PendingFlagRow } from './pending-flags';
export { pendingCreatedFlags } from './pending-flags';
