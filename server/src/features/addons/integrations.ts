import type { Registry } from 'prom-client';
import type { IntegrationsConfig } from '../../config';
import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import type { Logger } from '../../lib/logger';
import { createSecretBox } from '../../lib/secret-box';
import { addonRoutes } from './addon-routes';
import { createAddonService } from './addon-service';
import { createDeliveryNetwork } from './delivery-network';
import type { DeliveryPolicy } from './delivery-policy';
import { type CircuitOpened, type DeliveryWorker, startDeliveryWorker } from './delivery-worker';
import { parseTargetPolicy } from './target-policy';

export interface IntegrationsOptions {
  db: Db;
  logger: Pick<Logger, 'debug' | 'warn' | 'error'>;
  config: { secretsKey: Buffer | null; publicUrl: string | null; integrations: IntegrationsConfig };
  /**
   * Hook point: called once each time an integration's circuit opens (it pauses after repeated
   * failures). The composition root passes the notifications domain's "tell the admins" here.
   */
  onCircuitOpened?: (opened: CircuitOpened) => void | Promise<void>;
  /** The app's Prometheus registry, for the delivery metrics. */
  registry?: Registry;
}

export interface Integrations {
  /** The addon routes, to register under the base path. */
  routes: (app: App) => Promise<void>;
  /** Starts delivering (on ready). */
  start(): void;
  /** Wakes the worker after a committed change (any admin write may have queued events). */
  nudge(): void;
  /** Delivers what is due now (tests). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Integrations (issue 16): the addon routes and the delivery worker that runs while the app runs.
 * Events are queued by the `events` trigger whoever writes them; the app nudges the worker after
 * each successful write request and the worker polls for what other instances and jobs queued.
 */
export function createIntegrations({
  db,
  logger,
  config,
  onCircuitOpened,
  registry,
}: IntegrationsOptions): Integrations {
  const settings = config.integrations;
  const box = createSecretBox(config.secretsKey);
  const policy: DeliveryPolicy = {
    retryBaseMs: settings.retryBaseMs,
    retryCapMs: settings.retryCapMs,
    maxAttempts: settings.maxAttempts,
    circuitThreshold: settings.circuitThreshold,
    circuitPauseMs: settings.circuitPauseMs,
    attemptTimeoutMs: settings.attemptTimeoutMs,
  };
  const context = { publicUrl: config.publicUrl, baseUrls: settings.providerBaseUrls };
  const targets = parseTargetPolicy(settings.refusedTargets, settings.allowedTargets);
  const network = createDeliveryNetwork(targets, registry);
  let worker: DeliveryWorker | undefined;
  const addons = createAddonService({
    db,
    box,
    policy,
    context,
    network,
    targets,
    onChanged: () => worker?.nudge(),
  });
  return {
    routes: (app) => addonRoutes(app, { addons }),
    start() {
      worker ??= startDeliveryWorker({
        db,
        box,
        logger,
        policy,
        context,
        network,
        pollIntervalMs: settings.pollIntervalMs,
        ...(onCircuitOpened ? { onCircuitOpened } : {}),
      });
    },
    nudge: () => worker?.nudge(),
    drain: () => worker?.drain() ?? Promise.resolve(),
    async stop() {
      await worker?.stop();
      // Its kept-alive sockets to receivers would otherwise outlive the app.
      await network.dispatcher?.close();
    },
  };
}
