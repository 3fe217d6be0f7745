import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import { actionSetRoutes } from './action-set-routes';
import { createActionSetService } from './action-set-service';
import { signalEndpointRoutes } from './signal-endpoint-routes';
import { createSignalEndpointService } from './signal-endpoint-service';
import { type SignalProcessor, startSignalProcessor } from './signal-processor';

/**
 * Signals and actions (issue 15): the endpoint and action-set routes, and the processor that
 * runs action sets for received signals while the app runs (stopped on close).
 */
export async function signalRoutes(
  app: App,
  {
    db,
    config,
  }: {
    db: Db;
    config: {
      publicUrl: string | null;
      baseUriPath: string;
      trustProxy?: boolean | number | string[];
      schedulerPollIntervalMs: number;
    };
  },
): Promise<void> {
  let processor: SignalProcessor | undefined;
  const endpoints = createSignalEndpointService(db);
  const actionSets = createActionSetService(db);
  await app.register(signalEndpointRoutes, { endpoints, config, onSignal: () => processor?.nudge() });
  await app.register(actionSetRoutes, { actionSets });
  app.addHook('onReady', async () => {
    processor = startSignalProcessor({ db, logger: app.log, intervalMs: config.schedulerPollIntervalMs });
  });
  app.addHook('onClose', async () => {
    await processor?.stop();
  });
}
