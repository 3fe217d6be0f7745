/** What lifecycle offers the other features; they import it only from here (STYLE.md rule 9). */
export { FlagLifecycle } from './FlagLifecycle';
export { LifecycleBadge } from './LifecycleBadge';
export type { LifecycleStage } from './lifecycle-stages';
export { LIFECYCLE_FILTERS } from './lifecycle-stages';
