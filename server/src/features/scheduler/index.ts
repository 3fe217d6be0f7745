export type { JobKind, JobTransaction } from './job-kind';
export {
  DEFAULT_JOBS_PER_TICK,
  failureReason,
  MAX_FAILURE_REASON_LENGTH,
  type Scheduler,
  type SchedulerOptions,
  startScheduler,
} from './scheduler';
