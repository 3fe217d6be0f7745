import type { Config } from '../config';
import type { Db } from '../db/database';
import { changeRequestScheduleJob } from '../features/change-requests';
import { releasePlanProgressionJob } from '../features/release-plans';
import { type Scheduler, startScheduler } from '../features/scheduler';
import type { App } from '../http/app-type';

/**
 * The durable scheduler for the app's lifetime (issue 13; issue 14 adds its release-plan
 * kind here): started when the app is ready, which runs whatever came due while no server was
 * up, and stopped on close before the database pool ends.
 */
export async function scheduledJobs(app: App, { db, config }: { db: Db; config: Config }): Promise<void> {
  let scheduler: Scheduler | undefined;
  app.addHook('onReady', async () => {
    scheduler = startScheduler({
      db,
      kinds: [changeRequestScheduleJob, releasePlanProgressionJob()],
      intervalMs: config.schedulerPollIntervalMs,
      logger: app.log,
    });
  });
  app.addHook('onClose', async () => {
    await scheduler?.stop();
  });
}
