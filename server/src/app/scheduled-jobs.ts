import type { Config } from '../config';
import type { Db } from '../db/database';
import { changeRequestScheduleJob, type ScheduleListener } from '../features/change-requests';
import { experimentDataRetentionJob } from '../features/experiment-data';
import { experimentSnapshotJob } from '../features/experiments';
import { flagSafeguardJob } from '../features/impact-metrics';
import { insightSnapshotJob } from '../features/insights';
import { loginHistoryRetentionJob } from '../features/login-history';
import { releasePlanProgressionJob, releasePlanSafeguardJob } from '../features/release-plans';
import { type Scheduler, startScheduler } from '../features/scheduler';
import type { App } from '../http/app-type';

/**
 * Wakes the scheduler early when something is scheduled sooner than the next poll, so a request
 * scheduled 3 s ahead is applied then, not up to an interval later. One timer, for the earliest
 * wake-up asked for; the poll remains what guarantees the job runs (on any instance).
 */
export function createEarlyWake(intervalMs: number) {
  let scheduler: Scheduler | undefined;
  let timer: NodeJS.Timeout | undefined;
  let wakeAt = Number.POSITIVE_INFINITY;
  const wake = () => {
    timer = undefined;
    wakeAt = Number.POSITIVE_INFINITY;
    void scheduler?.tick().catch(() => undefined);
  };
  const onScheduled: ScheduleListener = ({ scheduledAt }) => {
    const at = scheduledAt.getTime();
    if (!scheduler || at - Date.now() >= intervalMs || at >= wakeAt) return;
    if (timer) clearTimeout(timer);
    wakeAt = at;
    timer = setTimeout(wake, Math.max(0, at - Date.now()));
    timer.unref();
  };
  return {
    onScheduled,
    attach(started: Scheduler) {
      scheduler = started;
    },
    detach() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      scheduler = undefined;
    },
  };
}

export type EarlyWake = ReturnType<typeof createEarlyWake>;

/**
 * The durable scheduler for the app's lifetime (issue 13; issue 14 adds its release-plan
 * kind here): started when the app is ready, which runs whatever came due while no server was
 * up, and stopped on close before the database pool ends.
 */
export async function scheduledJobs(
  app: App,
  {
    db,
    config,
    earlyWake,
    holdFlagChanges,
  }: { db: Db; config: Config; earlyWake: EarlyWake; holdFlagChanges?: () => Promise<boolean> },
): Promise<void> {
  let scheduler: Scheduler | undefined;
  app.addHook('onReady', async () => {
    scheduler = startScheduler({
      db,
      kinds: [
        changeRequestScheduleJob,
        releasePlanProgressionJob(),
        releasePlanSafeguardJob(),
        flagSafeguardJob(),
        insightSnapshotJob(),
        experimentSnapshotJob(),
        loginHistoryRetentionJob(config.loginHistoryRetentionHours),
        experimentDataRetentionJob({
          perUserDays: config.experimentDataRetentionDays,
          hourlyDays: config.trackedEventsRetentionDays,
        }),
      ],
      intervalMs: config.schedulerPollIntervalMs,
      logger: app.log,
      // Maintenance mode (issue 19): scheduled changes and milestone progressions wait.
      ...(holdFlagChanges ? { holdFlagChanges } : {}),
    });
    earlyWake.attach(scheduler);
  });
  app.addHook('onClose', async () => {
    earlyWake.detach();
    await scheduler?.stop();
  });
}
